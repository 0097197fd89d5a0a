/**
 * engine/repository: transactions on one pooled connection. The connection is taken from knex's
 * pool for the whole transaction (`client.acquireConnection()`); BEGIN, COMMIT and ROLLBACK go
 * straight to the driver (run-sql.ts), and so does every statement of the transaction: run-sql.ts
 * sends its text on the held connection.
 *
 * A transaction that fails rolls back before its connection goes back to the pool. A connection
 * whose ROLLBACK fails or does not answer within ROLLBACK_TIMEOUT_MS, or that is still inside a
 * transaction afterwards (SQLite), is discarded (connections.ts): the pool's validate hook refuses
 * it and the pool destroys it, so no broken connection serves another request.
 */
import type { RunContext, TransactionScope } from './run-context.js';
import { sendSql } from './run-sql.js';

/** knex's own limit on a ROLLBACK (its transactions wait 5 s too) */
const ROLLBACK_TIMEOUT_MS = 5000;

/** the pool of the repository's knex, through the client methods knex declares public */
interface PoolClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): unknown;
}

export class Transaction implements TransactionScope {
  /** true once COMMIT or ROLLBACK has been sent: any later statement is refused */
  done = false;
  /** savepoints open (runInSavepoint) */
  depth = 0;

  constructor(readonly connection: unknown) {}

  /** refuses a statement after the end of the transaction (its connection may serve another one by then) */
  check(): void {
    if (this.done) throw new Error('quire repository: statement after the end of its transaction');
  }
}

/** ROLLBACK, bounded; a connection it cannot bring back outside a transaction is discarded */
async function rollback(ctx: RunContext, connection: unknown): Promise<void> {
  const driver = ctx.dialect.driver;
  // SQLite ends a transaction itself on some errors (SQLITE_FULL, IOERR, BUSY): nothing to roll back
  if (driver.inTransaction(connection) === false) return;
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('ROLLBACK did not answer')), ROLLBACK_TIMEOUT_MS);
    });
    await Promise.race([sendSql(ctx, connection, 'ROLLBACK', []), timeout]);
  } catch {
    // PostgreSQL: discarding ends the connection, cutting its socket when the ROLLBACK still waits
    ctx.connections.discard(connection);
    return;
  } finally {
    clearTimeout(timer);
  }
  // still inside a transaction after it (a driver that can tell: SQLite)
  if (driver.inTransaction(connection) === true) ctx.connections.discard(connection);
}

/**
 * Run `fn` in one transaction on one pooled connection: BEGIN, fn, COMMIT; ROLLBACK when fn or
 * COMMIT fails, then the error is rethrown. `fn` gets a context bound to the transaction.
 */
export async function runInTransaction<T>(ctx: RunContext, fn: (ctx: RunContext) => Promise<T>): Promise<T> {
  const pool = ctx.knex.client as PoolClient;
  const connection = await pool.acquireConnection();
  try {
    await sendSql(ctx, connection, 'BEGIN', []);
  } catch (err) {
    // BEGIN failed: the connection is not known to be outside a transaction
    await rollback(ctx, connection);
    pool.releaseConnection(connection);
    throw err;
  }
  const tx = new Transaction(connection);
  const inner: RunContext = { ...ctx, tx };
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
