/**
 * engine/repository: sends one SQL text with `?` placeholders and returns its rows. The text goes
 * straight to a driver connection: inside a transaction the one it holds (transaction.ts), else one
 * taken from knex's pool for the statement. better-sqlite3 runs its cached prepared statement
 * (connect.ts), pg one parameterized query; knex's per-statement machinery (builder, runner,
 * formatting, events) is skipped, so `onQuery` is called here, once per statement.
 */
import type { RunContext } from './run-context.js';

export type Row = Record<string, unknown>;

interface SqliteStatement {
  readonly reader: boolean;
  all(params: unknown[]): Row[];
  run(params: unknown[]): unknown;
}
interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
}
interface PgConnection {
  query(text: string, values: unknown[]): Promise<{ rows: Row[] }>;
}
interface PoolClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): unknown;
  /** knex's tarn pool (undefined once destroyed) */
  pool?: { free: { resource: unknown }[]; pendingAcquires: unknown[] };
}

/** a better-sqlite3 connection as knex's pool keeps it (transaction.ts marks broken ones disposed) */
interface IdleSqliteConnection {
  inTransaction?: boolean;
  __knex__disposed?: unknown;
}

/**
 * SQLite: the pool's idle connection, when there is one and nobody waits for it. better-sqlite3 runs a
 * statement synchronously, so a statement outside a transaction can run on it without taking it out
 * of the pool (no acquire, timer or release per statement): nothing else can use the connection
 * before the statement has returned. A connection held by a transaction is not free, one marked
 * disposed or still inside a transaction is left to the pool's own checks.
 */
function idleSqliteConnection(client: PoolClient): unknown {
  const pool = client.pool;
  if (!pool || pool.free.length === 0 || pool.pendingAcquires.length !== 0) return undefined;
  const connection = pool.free[0].resource as IdleSqliteConnection;
  return connection.__knex__disposed === undefined && connection.inTransaction === false ? connection : undefined;
}

const POSITIONAL_CACHE = 1000;
const positional = new Map<string, string>();

/** `a = ? AND b IN (?, ?)` -> `a = $1 AND b IN ($2, $3)` (remembered per text) */
export function positionalSql(text: string): string {
  let out = positional.get(text);
  if (out === undefined) {
    let n = 0;
    out = text.replace(/\?/g, () => `$${++n}`);
    if (positional.size >= POSITIONAL_CACHE) positional.clear();
    positional.set(text, out);
  }
  return out;
}

/** better-sqlite3 binds numbers, strings, bigints, buffers and null only (knex's own conversion) */
function sqliteValue(v: unknown): unknown {
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof Date) return v.valueOf();
  return v;
}

/** one statement on one driver connection (onQuery called first) */
export async function sendSql(ctx: RunContext, connection: unknown, text: string, bindings: readonly unknown[]): Promise<Row[]> {
  ctx.onQuery?.(text);
  if (ctx.dialect.name === 'sqlite') {
    const stmt = (connection as SqliteConnection).prepare(text);
    const params = bindings.map(sqliteValue);
    if (stmt.reader) return stmt.all(params);
    stmt.run(params);
    return [];
  }
  // text and values as two arguments: pg copies a config object property by property first
  return (await (connection as PgConnection).query(positionalSql(text), bindings as unknown[])).rows;
}

export async function runSql(ctx: RunContext, text: string, bindings: readonly unknown[]): Promise<Row[]> {
  const tx = ctx.tx;
  if (tx) {
    tx.check();
    return sendSql(ctx, tx.connection, text, bindings);
  }
  const client = ctx.knex.client as unknown as PoolClient;
  if (ctx.dialect.name === 'sqlite') {
    const idle = idleSqliteConnection(client);
    if (idle !== undefined) return sendSql(ctx, idle, text, bindings);
  }
  const connection = await client.acquireConnection();
  try {
    return await sendSql(ctx, connection, text, bindings);
  } finally {
    client.releaseConnection(connection);
  }
}
