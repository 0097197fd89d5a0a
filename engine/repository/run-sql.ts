/**
 * engine/repository: sends one SQL text with `?` placeholders and returns its rows. The read path
 * builds its SQL itself (query/, populate/), so outside a transaction the text goes straight to a
 * driver connection taken from knex's pool: better-sqlite3 runs its cached prepared statement
 * (connect.ts), pg one parameterized query; knex's per-statement machinery (builder, runner,
 * formatting, events) is skipped. Inside a transaction it runs through knex.raw on that
 * transaction's connection. Either way `onQuery` sees each statement once.
 */
import type { Knex } from 'knex';
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
  query(config: { text: string; values: unknown[] }): Promise<{ rows: Row[] }>;
}
interface PoolClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): unknown;
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

/** knex.raw answers differ per driver (pg: { rows }, better-sqlite3: the rows) */
async function viaKnex(knex: Knex, text: string, bindings: readonly unknown[]): Promise<Row[]> {
  const result = await knex.raw(text, bindings as any[]);
  return Array.isArray(result) ? result : (result as { rows: Row[] }).rows;
}

export async function runSql(ctx: RunContext, text: string, bindings: readonly unknown[]): Promise<Row[]> {
  if ((ctx.knex as Knex.Transaction).isTransaction) return viaKnex(ctx.knex, text, bindings);
  const client = ctx.knex.client as unknown as PoolClient;
  const connection = await client.acquireConnection();
  try {
    ctx.onQuery?.(text);
    if (ctx.dialect.name === 'sqlite') {
      const stmt = (connection as SqliteConnection).prepare(text);
      const params = bindings.map(sqliteValue);
      if (stmt.reader) return stmt.all(params);
      stmt.run(params);
      return [];
    }
    return (await (connection as PgConnection).query({ text: positionalSql(text), values: bindings as unknown[] })).rows;
  } finally {
    client.releaseConnection(connection);
  }
}
