/**
 * engine/repository: the one storage interface of the engine. REST and GraphQL handlers call only
 * this; knex and the drivers stay behind it (so either could be replaced without touching a handler).
 */
import type { CreatePlan, DeletePlan, Entry, FindOnePlan, FindPlan, UpdatePlan } from '../plan/types.js';
import type { AnswerShape } from '../response/answer-shape.js';
import type { AnsweredText, PreparedAnswer } from './answer/run-answer.js';

export type { AnsweredText, PreparedAnswer } from './answer/run-answer.js';

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

/** a users-permissions role (up_roles) */
export interface RoleRecord {
  id: number;
  /** `public`, `authenticated`, ...; null on a row without one */
  type: string | null;
}

/** a users-permissions grant (up_permissions) */
export interface PermissionRecord {
  id: number;
  /** `api::article.article.find`, `plugin::users-permissions.auth.register`, ... */
  action: string;
  /** the type of its role; null when it has none */
  roleType: string | null;
}

/** an i18n locale row (i18n_locale) */
export interface LocaleRecord {
  id: number;
  /** `en`, `fr`, ... */
  code: string;
  /** `French (fr)` */
  name: string | null;
}

/** a webhook delivery to write into the outbox (in the transaction of its change) */
export interface NewWebhookDelivery {
  /** a UUID, sent as the delivery id header on every attempt */
  deliveryId: string;
  /** the webhook's name: its headers and secret are taken from it when the delivery is sent */
  webhook: string;
  url: string;
  event: string;
  /** the JSON body, exactly as sent */
  payload: string;
  /** epoch ms; the first attempt is due then */
  createdAt: number;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveryRecord extends NewWebhookDelivery {
  id: number;
  status: WebhookDeliveryStatus;
  /** attempts made so far */
  attempts: number;
  nextAttemptAt: number;
  /** the process that made the last attempt (or holds the delivery now); null before the first */
  worker: string | null;
  /** the receiver's last HTTP status (null: no answer) */
  lastStatus: number | null;
  lastError: string | null;
  /** epoch ms of delivery, or of giving up */
  finishedAt: number | null;
}

/** what one attempt settled: delivered, failed for good, or pending again until `nextAttemptAt` */
export interface WebhookAttemptOutcome {
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: number;
  lastStatus: number | null;
  lastError: string | null;
  finishedAt: number | null;
}

/** a row of Strapi v4's `strapi_webhooks` (Settings -> Webhooks) */
export interface StrapiWebhookRecord {
  id: number;
  name: string;
  url: string;
  headers: Record<string, string>;
  events: string[];
  enabled: boolean;
}

export interface Repository {
  /** the most connections the pool opens (the metrics' pool gauge) */
  readonly poolSize: number;
  /** schema changes run in a transaction and roll back with it (`quire serve --plan`); false on MySQL/MariaDB */
  readonly transactionalDdl: boolean;
  find(plan: FindPlan): Promise<FindResult>;
  /** undefined when there is no such entry (or, for single types, no entry yet) */
  findOne(plan: FindOnePlan): Promise<Entry | undefined>;
  /**
   * The database writes a read's answer in one statement (answer/answer-statement.ts): a dialect
   * with JSON text expressions (PostgreSQL; Strapi's layout only where the process runs in UTC),
   * outside transactions, unless DATABASE_COMPILED_READS=false.
   */
  readonly answersInSql: boolean;
  /** the statement writing the answer of `plan` in `shape`; a one-entry read by id takes its id when it runs */
  prepareAnswer(plan: FindPlan | FindOnePlan, shape: AnswerShape): PreparedAnswer;
  /** run a prepared answer (`id`: the entry of a one-entry read by id) */
  answer(prepared: PreparedAnswer, id?: number): Promise<AnsweredText>;
  /** answers the database wrote so far */
  readonly answeredInSql: { count: number };
  /** returns the new entry's id */
  create(plan: CreatePlan): Promise<number>;
  /** returns the id updated, or undefined when the entry does not exist */
  update(plan: UpdatePlan): Promise<number | undefined>;
  /** returns the id deleted, or undefined when the entry does not exist */
  delete(plan: DeletePlan): Promise<number | undefined>;
  /** run `fn` in one transaction; the repository passed to `fn` works inside it */
  transaction<T>(fn: (tx: Repository) => Promise<T>): Promise<T>;
  /** Strapi v4 manages this database: quire changes none of its tables and reads its API tokens */
  readonly strapiDatabase: boolean;
  readonly apiTokens: {
    create(token: NewApiToken): Promise<ApiTokenRecord>;
    findByHash(hash: string): Promise<ApiTokenRecord | undefined>;
    touch(id: number): Promise<void>;
    list(): Promise<ApiTokenRecord[]>;
    findByName(name: string): Promise<ApiTokenRecord | undefined>;
    /** returns whether a token was deleted */
    delete(id: number): Promise<boolean>;
    /** a new access key hash (the old key stops working); returns whether the token exists */
    rekey(id: number, accessKeyHash: string): Promise<boolean>;
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
  /** the users-permissions plugin's roles and grants, as rows (engine/auth/sync-roles.ts decides what they should be) */
  readonly roles: {
    list(): Promise<RoleRecord[]>;
    /** returns the new role's id */
    create(role: { name: string; description: string; type: string }): Promise<number>;
    permissions(): Promise<PermissionRecord[]>;
    /** a new permission `action` of the role; returns its id */
    grant(roleId: number, action: string): Promise<number>;
    /** delete these permissions */
    revoke(permissionIds: readonly number[]): Promise<void>;
  };
  /** the i18n plugin's locale rows (engine/i18n/sync-locales.ts decides what they should be) */
  readonly locales: {
    list(): Promise<LocaleRecord[]>;
    /** returns the new locale's id */
    create(code: string, name: string): Promise<number>;
    delete(ids: readonly number[]): Promise<void>;
  };
  /**
   * a database Strapi manages: its admin settings from strapi_core_store_settings, each key's value
   * parsed from JSON (a key without a row is absent)
   */
  readonly coreStore: {
    read(keys: readonly string[]): Promise<Map<string, unknown>>;
  };
  /** the webhook outbox (quire_webhook_deliveries), shared by every process on the database */
  readonly webhooks: {
    /** one INSERT; inside a transaction, the rows commit or roll back with the change */
    enqueue(rows: readonly NewWebhookDelivery[]): Promise<void>;
    /**
     * Claim up to `limit` pending deliveries due at `now` and not claimed by a live lease, for
     * `worker` until `now + leaseMs`: one atomic statement, so two processes never claim the same row.
     */
    claim(worker: string, now: number, leaseMs: number, limit: number): Promise<WebhookDeliveryRecord[]>;
    /** record an attempt of a delivery `worker` holds; false when its claim was lost (lease expired and taken) */
    settle(id: number, worker: string, outcome: WebhookAttemptOutcome): Promise<boolean>;
    /** the latest deliveries first; `failed`: only those given up on */
    list(opts: { failed?: boolean; limit: number }): Promise<WebhookDeliveryRecord[]>;
    /** delete the deliveries delivered or failed before `before` (epoch ms); returns how many */
    prune(before: number): Promise<number>;
    /** the rows of Strapi's `strapi_webhooks`; undefined when the database has no such table */
    strapiWebhooks(): Promise<StrapiWebhookRecord[] | undefined>;
  };
  /** created_by_id / updated_by_id of content entries */
  readonly creators: {
    stamp(uid: string, id: number, adminUserId: number, created: boolean): Promise<void>;
    read(uid: string, ids: readonly number[]): Promise<Map<number, CreatorPair>>;
  };
  /** one `SELECT 1` (readiness); a ServiceUnavailableError while the database is away */
  ping(): Promise<void>;
  /** connections the pool holds open now */
  openConnections(): number;
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
  /** a dry run (`syncSchema(..., { dryRun: true })`): the statements it sent before rolling back */
  statements?: string[];
}
