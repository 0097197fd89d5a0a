/**
 * engine/repository/write: plain INSERTs of the write path (entry rows, component rows, component
 * links) as SQL text sent through run-sql.ts, so a create costs one driver call per statement and no
 * query builder. Both databases take `RETURNING` (SQLite since 3.35; better-sqlite3 bundles newer).
 *   INSERT INTO "articles" ("title", "created_at") VALUES (?, ?) RETURNING "id"
 */
import { quoteId } from '../naming.js';
import type { RunContext } from '../run-context.js';
import { runSql, type Row } from '../run-sql.js';

/** one row (column -> bound value, as scalar-row.ts builds it); its new id, or with `returning` (a selection list) the new row */
export async function insertRow(ctx: RunContext, table: string, row: Readonly<Record<string, unknown>>): Promise<number>;
export async function insertRow(ctx: RunContext, table: string, row: Readonly<Record<string, unknown>>, returning: string): Promise<Row>;
export async function insertRow(ctx: RunContext, table: string, row: Readonly<Record<string, unknown>>, returning?: string): Promise<number | Row> {
  const insert = insertText(ctx, table, row);
  const [r] = await runSql(ctx, `${insert.text} RETURNING ${returning ?? '"id"'}`, insert.bindings);
  return returning === undefined ? Number(r.id) : r;
}

/** `INSERT INTO "t" ("a", "b") VALUES (?, ?)` (DEFAULT VALUES for an empty row) and its bindings */
export function insertText(ctx: RunContext, table: string, row: Readonly<Record<string, unknown>>): { text: string; bindings: unknown[] } {
  const columns = Object.keys(row);
  const values = columns.length === 0 ? ctx.dialect.defaultValues : `(${columns.map(quoteId).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
  return { text: `INSERT INTO ${quoteId(table)} ${values}`, bindings: columns.map((c) => row[c]) };
}

/** several rows with the same columns, in one statement */
export async function insertRows(ctx: RunContext, table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): Promise<void> {
  if (rows.length === 0) return;
  const one = `(${columns.map(() => '?').join(', ')})`;
  await runSql(ctx, `INSERT INTO ${quoteId(table)} (${columns.map(quoteId).join(', ')}) VALUES ${rows.map(() => one).join(', ')}`, rows.flat());
}
