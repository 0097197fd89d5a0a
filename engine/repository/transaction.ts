/**
 * engine/repository: transactions without knex's transaction machinery. One connection is taken
 * from knex's pool for the whole transaction; BEGIN, COMMIT and ROLLBACK go straight to the driver
 * (run-sql.ts), and so does every statement of the transaction: run-sql.ts sends on the held
 * connection, and the knex builder calls that remain (updates, deletes, relation moves) get a knex
 * bound to that connection, made only when one is used (`boundKnex`).
 *
 * A transaction that fails rolls back before its connection goes back to the pool. A connection
 * whose ROLLBACK fails or does not answer within ROLLBACK_TIMEOUT_MS, or that is still inside a
 * transaction afterwards (SQLite), is marked disposed: knex's pool validates every connection it
 * hands out and destroys such a one instead, so no broken connection serves another request.
 */
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import type { Knex } from 'knex';
import type { RunContext, TransactionScope } from './run-context.js';
import { sendSql } from './run-sql.js';

/** knex's own limit on a ROLLBACK (its transactions wait 5 s too) */
const ROLLBACK_TIMEOUT_MS = 5000;

interface PoolClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): unknown;
}

/** a driver connection as knex's pool keeps it */
interface PooledConnection {
  /** set by knex's PostgreSQL client on a connection error; the pool destroys such a connection */
  __knex__disposed?: unknown;
  /** better-sqlite3 */
  inTransaction?: boolean;
  /** pg: its socket */
  stream?: { destroy(): void };
}

// knex builds a knex instance over any client with this function; it is not re-exported by its main
// module, and knex has no exports map
const makeKnex = createRequire(import.meta.url)('knex/lib/knex-builder/make-knex.js') as (client: unknown) => Knex;

/** the events knex's clients emit per statement; forwarded to the pool's client (onQuery listens there) */
const FORWARDED_EVENTS = ['start', 'query', 'query-error', 'query-response'] as const;

export class Transaction implements TransactionScope {
  /** true once COMMIT or ROLLBACK has been sent: any later statement is refused */
  done = false;
  /** savepoints open (runInSavepoint) */
  depth = 0;
  private bound?: Knex;

  constructor(
    readonly connection: unknown,
    private readonly root: Knex,
  ) {}

  /** refuses a statement after the end of the transaction (its connection may serve another one by then) */
  check(): void {
    if (this.done) throw new Error('quire repository: statement after the end of its transaction');
  }

  /** a knex instance whose every query runs on this transaction's connection (made on first use) */
  knex(): Knex {
    if (this.bound) return this.bound;
    const root = this.root.client as EventEmitter & PoolClient;
    // the pool's client with its own listeners, handing out this transaction's connection only
    const client = Object.create(root) as EventEmitter & PoolClient & { transacting: boolean };
    EventEmitter.call(client);
    for (const event of FORWARDED_EVENTS) client.on(event, (...args: unknown[]) => root.emit(event, ...args));
    client.transacting = true;
    client.acquireConnection = async () => {
      this.check();
      return this.connection;
    };
    client.releaseConnection = () => Promise.resolve();
    this.bound = makeKnex(client);
    return this.bound;
  }
}

function dispose(connection: unknown, reason: unknown): void {
  const c = connection as PooledConnection;
  c.__knex__disposed ??= reason ?? new Error('transaction not closed');
}

/** ROLLBACK, bounded; a connection it cannot bring back outside a transaction is disposed of */
async function rollback(ctx: RunContext, connection: unknown): Promise<void> {
  const c = connection as PooledConnection;
  // SQLite ends a transaction itself on some errors (SQLITE_FULL, IOERR, BUSY): nothing to roll back
  if (ctx.dialect.name === 'sqlite' && c.inTransaction === false) return;
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('ROLLBACK did not answer')), ROLLBACK_TIMEOUT_MS);
    });
    await Promise.race([sendSql(ctx, connection, 'ROLLBACK', []), timeout]);
  } catch (err) {
    dispose(connection, err);
    // a socket that does not answer is cut, so the pool does not wait on it either
    if (ctx.dialect.name === 'postgres') c.stream?.destroy();
  } finally {
    clearTimeout(timer);
  }
  if (ctx.dialect.name === 'sqlite' && c.inTransaction) dispose(connection, new Error('transaction still open after ROLLBACK'));
}

/**
 * Run `fn` in one transaction on one pooled connection: BEGIN, fn, COMMIT; ROLLBACK when fn or
 * COMMIT fails, then the error is rethrown. `fn` gets a context bound to the transaction.
 */
export async function runInTransaction<T>(ctx: RunContext, fn: (ctx: RunContext) => Promise<T>): Promise<T> {
  const pool = ctx.knex.client as unknown as PoolClient;
  const connection = await pool.acquireConnection();
  try {
    await sendSql(ctx, connection, 'BEGIN', []);
  } catch (err) {
    // BEGIN failed: the connection is not known to be outside a transaction
    await rollback(ctx, connection);
    pool.releaseConnection(connection);
    throw err;
  }
  const tx = new Transaction(connection, ctx.knex);
  const inner: RunContext = {
    model: ctx.model,
    storage: ctx.storage,
    dialect: ctx.dialect,
    models: ctx.models,
    ...(ctx.onQuery ? { onQuery: ctx.onQuery } : {}),
    ...(ctx.written ? { written: ctx.written } : {}),
    tx,
    get knex() {
      return tx.knex();
    },
  };
  try {
    let result: T;
    try {
      result = await fn(inner);
    } catch (err) {
      tx.done = true;
      await rollback(ctx, connection);
      throw err;
    }
    tx.done = true;
    try {
      await sendSql(ctx, connection, 'COMMIT', []);
    } catch (err) {
      // PostgreSQL has ended the transaction with the failed COMMIT; SQLite may keep it open (BUSY)
      await rollback(ctx, connection);
      throw err;
    }
    return result;
  } finally {
    pool.releaseConnection(connection);
  }
}

/**
 * A transaction inside a transaction: `fn` runs under a SAVEPOINT on the same connection, and its
 * failure undoes its own statements only (what knex's nested transactions do).
 */
export async function runInSavepoint<T>(ctx: RunContext, fn: (ctx: RunContext) => Promise<T>): Promise<T> {
  const tx = ctx.tx as Transaction;
  tx.check();
  const name = `quire_sp_${tx.depth + 1}`;
  await sendSql(ctx, tx.connection, `SAVEPOINT ${name}`, []);
  tx.depth++;
  try {
    const result = await fn(ctx);
    tx.check();
    await sendSql(ctx, tx.connection, `RELEASE SAVEPOINT ${name}`, []);
    return result;
  } catch (err) {
    if (!tx.done) {
      await sendSql(ctx, tx.connection, `ROLLBACK TO SAVEPOINT ${name}`, []);
      await sendSql(ctx, tx.connection, `RELEASE SAVEPOINT ${name}`, []);
    }
    throw err;
  } finally {
    tx.depth--;
  }
}

/**
 * Run `fn` atomically: inside the current transaction when there is one, else in a new one.
 * Used by writes that send more than one statement.
 */
export async function atomically<T>(ctx: RunContext, fn: (ctx: RunContext) => Promise<T>): Promise<T> {
  if (ctx.tx) return fn(ctx);
  return runInTransaction(ctx, fn);
}
