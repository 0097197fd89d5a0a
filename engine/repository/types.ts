/**
 * engine/repository: the one storage interface of the engine. REST and GraphQL handlers call only
 * this; knex and Objection stay behind it (so either could be replaced without touching a handler).
 */
import type { CreatePlan, DeletePlan, Entry, FindOnePlan, FindPlan, UpdatePlan } from '../plan/types.js';

export interface FindResult {
  entries: Entry[];
  /** present when the plan asked for a count */
  total?: number;
}

export interface ApiTokenRecord {
  id: number;
  name: string;
  description: string;
  type: 'full-access' | 'read-only' | 'custom';
  /** custom tokens: permission strings such as `api::article.article.find` */
  permissions: string[];
  accessKeyHash: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
}

export interface Repository {
  readonly dialect: 'sqlite' | 'postgres';
  find(plan: FindPlan): Promise<FindResult>;
  /** undefined when there is no such entry (or, for single types, no entry yet) */
  findOne(plan: FindOnePlan): Promise<Entry | undefined>;
  /** returns the new entry's id */
  create(plan: CreatePlan): Promise<number>;
  /** returns the id updated, or undefined when the entry does not exist */
  update(plan: UpdatePlan): Promise<number | undefined>;
  /** returns the id deleted, or undefined when the entry does not exist */
  delete(plan: DeletePlan): Promise<number | undefined>;
  /** run `fn` in one transaction; the repository passed to `fn` works inside it */
  transaction<T>(fn: (tx: Repository) => Promise<T>): Promise<T>;
  readonly apiTokens: {
    create(token: Omit<ApiTokenRecord, 'id' | 'createdAt' | 'lastUsedAt'>): Promise<ApiTokenRecord>;
    findByHash(hash: string): Promise<ApiTokenRecord | undefined>;
    touch(id: number): Promise<void>;
  };
  close(): Promise<void>;
}

export interface SyncChange {
  kind: 'create-table' | 'add-column' | 'add-index' | 'drop-index' | 'drop-column' | 'alter-column' | 'drop-table';
  table: string;
  column?: string;
  detail: string;
  destructive: boolean;
}

export interface SyncReport {
  changes: SyncChange[];
}
