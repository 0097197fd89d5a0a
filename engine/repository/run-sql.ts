/**
 * engine/repository: sends one SQL text with `?` placeholders and returns its rows. The text goes
 * straight to a driver connection taken from knex's client: the pool's, or inside a transaction
 * the transaction's own (knex's transaction client always hands out that one connection and never
 * releases it). better-sqlite3 runs its cached prepared statement (connect.ts), pg one
 * parameterized query; knex's per-statement machinery (builder, runner, formatting, events) is
 * skipped, so `onQuery` is called here, once per statement.
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

export async function runSql(ctx: RunContext, text: string, bindings: readonly unknown[]): Promise<Row[]> {
  // its connection is back in the pool once a transaction ends (knex refuses such a statement too)
  if ((ctx.knex as Knex.Transaction).isCompleted?.()) throw new Error('quire repository: statement after the end of its transaction');
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
