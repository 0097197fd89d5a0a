/**
 * engine/repository: the Repository implementation over knex. Each method runs one plan through
 * its runner, or one call of a store (stores/), and translates any driver error
 * on the way out; transaction() hands `fn` a repository bound to the transaction. Knows nothing of HTTP.
 */
import type { Knex } from 'knex';
import { ServiceUnavailableError } from '../errors/errors.js';
import type { CreatePlan, DeletePlan, Entry, FindOnePlan, FindPlan, UpdatePlan } from '../plan/types.js';
import { readCreators, stampCreator } from './creator-fields.js';
import type { RunContext } from './run-context.js';
import { runFind, runFindOne } from './run-find.js';
import type { AnswerShape } from '../response/answer-shape.js';
import { prepareAnswer, runAnswer, type AnsweredText, type PreparedAnswer } from './answer/run-answer.js';
import { processInUtc } from './dialect/postgres-json.js';
import { createAdminUser, findAdminUserByEmail } from './stores/admin-users.js';
import { createApiToken, deleteApiToken, findApiTokenByHash, findApiTokenByName, listApiTokens, rekeyApiToken, touchApiToken } from './stores/api-tokens.js';
import { findStrapiApiTokenByHash, refuseStrapiTokenCreate, touchStrapiApiToken } from './stores/strapi-api-tokens.js';
import { createLocale, deleteLocales, listLocales } from './stores/locales.js';
import { readCoreStore } from './stores/strapi-core-store.js';
import { lastPasswordChange, recordPasswordChange } from './stores/password-changes.js';
import { clearRateLimit, hitRateLimit, peekRateLimits } from './stores/rate-limits.js';
import { createRole, grantPermission, listPermissions, listRoles, revokePermissions } from './stores/roles.js';
import { claimDeliveries, enqueueDeliveries, listDeliveries, listStrapiWebhooks, pruneDeliveries, settleDelivery } from './stores/webhook-deliveries.js';
import { runInSavepoint, runInTransaction } from './transaction.js';
import { translateError } from './translate-error.js';
import type { FindResult, NewApiToken, Repository } from './types.js';
import { runCreate, runDelete, runUpdate } from './write/run-write.js';
import { WrittenRows } from './written-rows.js';

export class KnexRepository implements Repository {
  readonly transactionalDdl: boolean;
  readonly strapiDatabase: boolean;
  readonly apiTokens: Repository['apiTokens'];
  readonly adminUsers: Repository['adminUsers'];
  readonly rateLimits: Repository['rateLimits'];
  readonly passwordChanges: Repository['passwordChanges'];
  readonly roles: Repository['roles'];
  readonly locales: Repository['locales'];
  readonly coreStore: Repository['coreStore'];
  readonly creators: Repository['creators'];
  readonly webhooks: Repository['webhooks'];
  readonly answersInSql: boolean;
  readonly answeredInSql: { count: number };

  constructor(readonly ctx: RunContext, answeredInSql?: { count: number }) {
    this.transactionalDdl = ctx.dialect.transactionalDdl;
    this.answeredInSql = answeredInSql ?? { count: 0 };
    const writes = ctx.dialect.writesAnswers;
    this.answersInSql = !ctx.tx && ctx.compiledReads !== false && writes !== undefined && (!writes.onlyInUtc || processInUtc());
    this.strapiDatabase = ctx.strapi === true;
    // a Strapi database: the tokens made in Strapi's admin (stores/strapi-api-tokens.ts); Strapi's admin manages them
    this.apiTokens = this.strapiDatabase
      ? {
          create: () => this.guard(async () => refuseStrapiTokenCreate()),
          findByHash: (hash: string) => this.guard(() => findStrapiApiTokenByHash(this.ctx, hash)),
          touch: (id: number) => this.guard(() => touchStrapiApiToken(this.ctx, id)),
          list: () => this.guard(async () => refuseStrapiTokenCreate()),
          findByName: () => this.guard(async () => refuseStrapiTokenCreate()),
          delete: () => this.guard(async () => refuseStrapiTokenCreate()),
          rekey: () => this.guard(async () => refuseStrapiTokenCreate()),
        }
      : {
          create: (token: NewApiToken) => this.guard(() => createApiToken(this.ctx, token)),
          findByHash: (hash: string) => this.guard(() => findApiTokenByHash(this.ctx, hash)),
          touch: (id: number) => this.guard(() => touchApiToken(this.ctx, id)),
          list: () => this.guard(() => listApiTokens(this.ctx)),
          findByName: (name: string) => this.guard(() => findApiTokenByName(this.ctx, name)),
          delete: (id: number) => this.guard(() => deleteApiToken(this.ctx, id)),
          rekey: (id: number, hash: string) => this.guard(() => rekeyApiToken(this.ctx, id, hash)),
        };
    this.adminUsers = {
      create: (admin) => this.guard(() => createAdminUser(this.ctx, admin)),
      findByEmail: (email) => this.guard(() => findAdminUserByEmail(this.ctx, email)),
    };
    this.rateLimits = {
      hit: (bucket, now, windowMs) => this.guard(() => hitRateLimit(this.ctx, bucket, now, windowMs)),
      peek: (buckets, now, windowMs) => this.guard(() => peekRateLimits(this.ctx, buckets, now, windowMs)),
      clear: (bucket) => this.guard(() => clearRateLimit(this.ctx, bucket)),
    };
    this.passwordChanges = {
      record: (userId, at) => this.guard(() => recordPasswordChange(this.ctx, userId, at)),
      last: (userId) => this.guard(() => lastPasswordChange(this.ctx, userId)),
    };
    this.roles = {
      list: () => this.guard(() => listRoles(this.ctx)),
      create: (role) => this.guard(() => createRole(this.ctx, role)),
      permissions: () => this.guard(() => listPermissions(this.ctx)),
      grant: (roleId, action) => this.guard(() => grantPermission(this.ctx, roleId, action)),
      revoke: (ids) => this.guard(() => revokePermissions(this.ctx, ids)),
    };
    this.locales = {
      list: () => this.guard(() => listLocales(this.ctx)),
      create: (code, name) => this.guard(() => createLocale(this.ctx, code, name)),
      delete: (ids) => this.guard(() => deleteLocales(this.ctx, ids)),
    };
    this.coreStore = {
      read: (keys) => this.guard(() => readCoreStore(this.ctx, keys)),
    };
    this.webhooks = {
      enqueue: (rows) => this.guard(() => enqueueDeliveries(this.ctx, rows)),
      claim: (worker, now, leaseMs, limit) => this.guard(() => claimDeliveries(this.ctx, worker, now, leaseMs, limit)),
      settle: (id, worker, outcome) => this.guard(() => settleDelivery(this.ctx, id, worker, outcome)),
      list: (opts) => this.guard(() => listDeliveries(this.ctx, opts)),
      prune: (before) => this.guard(() => pruneDeliveries(this.ctx, before)),
      strapiWebhooks: () => this.guard(() => listStrapiWebhooks(this.ctx)),
    };
    this.creators = {
      stamp: (uid, id, adminUserId, created) => this.guard(() => stampCreator(this.ctx, uid, id, adminUserId, created)),
      read: (uid, ids) => this.guard(() => readCreators(this.ctx, uid, ids)),
    };
  }

  /** the knex instance behind this repository (inside a transaction too); for syncSchema and tests */
  get knex(): Knex {
    return this.ctx.knex;
  }

  /** a driver error -> the engine's error (translate-error.ts) */
  private readonly translate = (err: unknown): never => {
    throw translateError(err, this.ctx.storage, this.ctx.dialect);
  };

  /** `run` (a call of one of the async runners), its driver errors translated; a rejection handler rather than an async wrapper: one promise less per call */
  private guard<T>(run: () => Promise<T>): Promise<T> {
    return run().then(undefined, this.translate);
  }

  find(plan: FindPlan): Promise<FindResult> {
    return this.guard(() => runFind(this.ctx, plan));
  }

  findOne(plan: FindOnePlan): Promise<Entry | undefined> {
    return this.guard(() => runFindOne(this.ctx, plan));
  }

  prepareAnswer(plan: FindPlan | FindOnePlan, shape: AnswerShape): PreparedAnswer {
    return prepareAnswer(this.ctx, plan, shape);
  }

  answer(prepared: PreparedAnswer, id?: number): Promise<AnsweredText> {
    this.answeredInSql.count++;
    return this.guard(() => runAnswer(this.ctx, prepared, id));
  }

  create(plan: CreatePlan): Promise<number> {
    return this.guard(() => runCreate(this.ctx, plan));
  }

  update(plan: UpdatePlan): Promise<number | undefined> {
    return this.guard(() => runUpdate(this.ctx, plan));
  }

  delete(plan: DeletePlan): Promise<number | undefined> {
    return this.guard(() => runDelete(this.ctx, plan));
  }

  transaction<T>(fn: (tx: Repository) => Promise<T>): Promise<T> {
    if (this.ctx.tx) return this.guard(() => runInSavepoint(this.ctx, () => fn(this)));
    return this.guard(() => runInTransaction({ ...this.ctx, written: new WrittenRows() }, (ctx) => fn(new KnexRepository(ctx, this.answeredInSql))));
  }

  /** any failure of `SELECT 1` means the database is not ready for this process: a 503, its reason as `cause` */
  async ping(): Promise<void> {
    try {
      await this.guard(() => this.ctx.knex.raw('SELECT 1'));
    } catch (err) {
      if (err instanceof ServiceUnavailableError) throw err;
      const unavailable = new ServiceUnavailableError('Database unavailable');
      unavailable.cause = err;
      throw unavailable;
    }
  }

  /** knex's pool size, as openKnex configured it */
  get poolSize(): number {
    return Number((this.ctx.knex.client as { config?: Knex.Config }).config?.pool?.max ?? 1);
  }

  openConnections(): number {
    return this.ctx.connections.open();
  }

  async close(forceAfterMs?: number): Promise<void> {
    if (this.ctx.tx) return;
    // past the deadline, connections still busy are ended under their statement: the statements
    // fail, the connections come back to the pool and knex's destroy finishes
    const timer = forceAfterMs === undefined ? undefined : setTimeout(() => this.ctx.connections.endAll(), forceAfterMs);
    try {
      await this.ctx.knex.destroy();
    } finally {
      clearTimeout(timer);
    }
  }
}
