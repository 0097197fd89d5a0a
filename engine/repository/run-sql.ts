/**
 * engine/repository: how statements reach a connection. runSql sends one SQL text with `?`
 * placeholders and returns its rows: inside a transaction on the connection it holds
 * (transaction.ts), else on a connection taken from knex's pool for the statement
 * (`client.acquireConnection()`), through the driver's own API: better-sqlite3 runs a prepared
 * statement kept per connection in quire's own cache, pg one parameterized query, mysql2 one query.
 * runSqlValues answers rows of values instead of objects (the reads' pages and populates). knex's
 * per-statement machinery (builder, runner, formatting, events) is skipped, so `onQuery` is called
 * here, once per statement. `query()` binds a knex builder to the transaction's connection.
 */
import type { Knex } from 'knex';
import type { MysqlConnection, PgConnection, SqliteConnection } from './connections.js';
import { quoteId } from './naming.js';
import type { RunContext } from './run-context.js';

export type Row = Record<string, unknown>;

/** prepared statements kept per SQLite connection (per answer form: objects or rows of values) */
const STATEMENT_CACHE_SIZE = 500;
const statements = new WeakMap<SqliteConnection, Map<string, BetterStatement>>();
const valueStatements = new WeakMap<SqliteConnection, Map<string, BetterStatement>>();

interface BetterStatement {
  readonly reader: boolean;
  all(params: unknown[]): unknown[];
  run(params: unknown[]): unknown;
  raw(on: boolean): BetterStatement;
}

/**
 * The connection's prepared statement for `text` (the oldest dropped past STATEMENT_CACHE_SIZE):
 * the same query shape is compiled by SQLite once per connection, not once per request. Statements
 * stay valid across schema changes (SQLite re-prepares them itself). `values`: a statement answering
 * rows of values (better-sqlite3's raw mode), kept apart from the one answering objects.
 */
function prepared(db: SqliteConnection, text: string, values = false): BetterStatement {
  const caches = values ? valueStatements : statements;
  let cache = caches.get(db);
  if (cache === undefined) caches.set(db, (cache = new Map()));
  let stmt = cache.get(text);
  if (stmt === undefined) {
    stmt = db.prepare(text) as unknown as BetterStatement;
    if (values && stmt.reader) stmt.raw(true);
    if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(text, stmt);
  }
  return stmt;
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

/** one statement on one driver connection (onQuery called first); `name`: PostgreSQL keeps it prepared on the connection */
export async function sendSql(ctx: RunContext, connection: unknown, text: string, bindings: readonly unknown[], name?: string): Promise<Row[]> {
  return (await send(ctx, connection, text, bindings, false, name)) as Row[];
}

/** sendSql answering rows of values in the order of the select list (no object per row: a page of wide rows costs half) */
async function send(ctx: RunContext, connection: unknown, text: string, bindings: readonly unknown[], values: boolean, name?: string): Promise<unknown[]> {
  ctx.onQuery?.(text);
  if (ctx.dialect.name === 'sqlite') {
    const stmt = prepared(connection as SqliteConnection, text, values);
    const params = bindings.map(sqliteValue);
    if (stmt.reader) return stmt.all(params);
    stmt.run(params);
    return [];
  }
  if (ctx.dialect.name === 'mysql') {
    // mysql2 answers rows for a SELECT (and MariaDB's RETURNING), a result header otherwise
    const result = await mysqlQuery(connection as MysqlConnection, values ? { sql: text, rowsAsArray: true } : text, bindings);
    return Array.isArray(result) ? result : [];
  }
  const pgc = connection as PgConnection;
  const named = name === undefined ? undefined : await prepare(ctx, pgc, name);
  if (named !== undefined) return (await pgc.query<Row>({ name: named, text: positionalSql(text), values: bindings as unknown[], ...(values && { rowMode: 'array' }) })).rows;
  if (values) return (await pgc.query({ text: positionalSql(text), values: bindings as unknown[], rowMode: 'array' })).rows;
  // text and values as two arguments: pg copies a config object property by property first
  return (await pgc.query<Row>(positionalSql(text), bindings as unknown[])).rows;
}

function mysqlQuery(connection: MysqlConnection, query: string | { sql: string; rowsAsArray: boolean }, bindings: readonly unknown[]): Promise<unknown> {
  return new Promise((resolve, reject) => connection.query(query as string, bindings as unknown[], (err: Error | null, result: unknown) => (err ? reject(err) : resolve(result))));
}

/**
 * What a MySQL/MariaDB write answers without RETURNING (MySQL 5.7/8, MariaDB before 10.5): the
 * AUTO_INCREMENT id of its first inserted row, or the value of a `LAST_INSERT_ID(expr)` it ran,
 * and the rows it inserted (an ON DUPLICATE KEY UPDATE that changed a row counts 2).
 */
export interface WriteHeader {
  insertId: number;
  affectedRows: number;
}

/** one MySQL/MariaDB write, answered by its result header (run where runSql runs it) */
export async function runSqlHeader(ctx: RunContext, text: string, bindings: readonly unknown[]): Promise<WriteHeader> {
  if (ctx.dialect.name !== 'mysql') throw new Error('quire repository: a result header is a MySQL answer');
  return onConnection(ctx, async (connection) => {
    ctx.onQuery?.(text);
    const r = (await mysqlQuery(connection as MysqlConnection, text, bindings)) as { insertId?: unknown; affectedRows?: unknown };
    return { insertId: Number(r.insertId ?? 0), affectedRows: Number(r.affectedRows ?? 0) };
  });
}

/**
 * The name statement `key` runs under on `connection` within the cap of prepared-statements.ts,
 * after closing the least recently used names past it; undefined: run it unnamed (no cap given, cap
 * 0, or inside a transaction when closing one would be needed: a failed DEALLOCATE would end it).
 */
async function prepare(ctx: RunContext, connection: PgConnection, key: string): Promise<string | undefined> {
  const prepared = ctx.prepared;
  if (prepared === undefined) return undefined;
  const plan = prepared.use(connection, key, ctx.tx === undefined);
  for (const old of plan.deallocate) {
    const statement = `DEALLOCATE ${quoteId(old)}`;
    ctx.onQuery?.(statement);
    // a name whose Parse failed was never prepared: nothing to close
    await connection.query(statement).catch(() => undefined);
  }
  if (plan.retire) retiring.add(connection);
  return plan.name;
}

/** PostgreSQL connections that closed so many names they are ended after their statement (prepared-statements.ts) */
const retiring = new WeakSet<object>();

/** the pool of the repository's knex, through the client methods knex declares public */
interface PoolClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): unknown;
}

export async function runSql(ctx: RunContext, text: string, bindings: readonly unknown[], name?: string): Promise<Row[]> {
  return (await run(ctx, text, bindings, false, name)) as Row[];
}

/** runSql answering rows of values, in the order of the statement's select list */
export async function runSqlValues(ctx: RunContext, text: string, bindings: readonly unknown[]): Promise<unknown[][]> {
  return (await run(ctx, text, bindings, true)) as unknown[][];
}

function run(ctx: RunContext, text: string, bindings: readonly unknown[], values: boolean, name?: string): Promise<unknown[]> {
  if (!ctx.tx && ctx.dialect.name === 'sqlite') {
    const idle = ctx.connections.idleSqlite();
    if (idle !== undefined) return send(ctx, idle, text, bindings, values);
  }
  return onConnection(ctx, (connection) => send(ctx, connection, text, bindings, values, name));
}

/** `fn` on the transaction's connection, else on one taken from the pool for it */
async function onConnection<T>(ctx: RunContext, fn: (connection: unknown) => Promise<T>): Promise<T> {
  const tx = ctx.tx;
  if (tx) {
    tx.check();
    return fn(tx.connection);
  }
  const client = ctx.knex.client as PoolClient;
  const connection = await client.acquireConnection();
  try {
    return await fn(connection);
  } finally {
    if (retiring.has(connection as object)) ctx.connections.discard(connection);
    client.releaseConnection(connection);
  }
}

/**
 * A knex query builder on `table` that runs where the context's statements run: inside a
 * transaction on its connection (knex's `builder.connection()`), else on a pooled one.
 *   query(ctx, 'tags').where('id', 3).update({ name: 'x' })
 */
export function query(ctx: RunContext, table: string): Knex.QueryBuilder {
  return bind(ctx, ctx.knex(table));
}

/** `builder` bound to the transaction's connection when the context has one */
export function bind<B extends Knex.QueryBuilder>(ctx: RunContext, builder: B): B {
  const tx = ctx.tx;
  if (!tx) return builder;
  tx.check();
  return builder.connection(tx.connection) as B;
}
