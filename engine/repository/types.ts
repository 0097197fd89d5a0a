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
  /** the admin the token belongs to (`token create --admin`); writes through it record them */
  adminUserId: number | null;
}

export type NewApiToken = Omit<ApiTokenRecord, 'id' | 'createdAt' | 'lastUsedAt' | 'adminUserId'> & { adminUserId?: number | null };

export interface AdminUserRecord {
  id: number;
  /** lower-cased */
  email: string;
  firstname: string | null;
  lastname: string | null;
  /** bcrypt */
  passwordHash: string;
}

/** An admin as createdBy / updatedBy show it. */
export interface CreatorSummary {
  id: number;
  firstname: string | null;
  lastname: string | null;
}

export interface CreatorPair {
  createdBy: CreatorSummary | null;
  updatedBy: CreatorSummary | null;
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
    create(token: NewApiToken): Promise<ApiTokenRecord>;
    findByHash(hash: string): Promise<ApiTokenRecord | undefined>;
    touch(id: number): Promise<void>;
  };
  readonly adminUsers: {
    create(admin: Omit<AdminUserRecord, 'id'>): Promise<AdminUserRecord>;
    findByEmail(email: string): Promise<AdminUserRecord | undefined>;
  };
  /** fixed-window counters shared by every process on the database (epoch ms) */
  readonly rateLimits: {
    /** count a hit; returns the hits of the bucket's current window */
    hit(bucket: string, now: number, windowMs: number): Promise<number>;
    /** the highest count among the buckets' current windows */
    peek(buckets: readonly string[], now: number, windowMs: number): Promise<number>;
    clear(bucket: string): Promise<void>;
  };
  /** when each user's password last changed (epoch ms): JWTs issued before it are refused */
  readonly passwordChanges: {
    record(userId: number, at: number): Promise<void>;
    last(userId: number): Promise<number | undefined>;
  };
  /** created_by_id / updated_by_id of content entries */
  readonly creators: {
    stamp(uid: string, id: number, adminUserId: number, created: boolean): Promise<void>;
    read(uid: string, ids: readonly number[]): Promise<Map<number, CreatorPair>>;
  };
  /**
   * Close the pool. Connections still busy after `forceAfterMs` (a request cut by the shutdown
   * deadline) are closed under their statement; without it, close waits for them.
   */
  close(forceAfterMs?: number): Promise<void>;
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
  /**
   * unique indexes left non-unique because the table already holds duplicate values (one line
   * each); every start tries again until the duplicates are gone
   */
  warnings?: string[];
}
