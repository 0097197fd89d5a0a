/**
 * engine/repository/write: plain INSERTs of the write path (entry rows, component rows, component
 * links) as SQL text sent through run-sql.ts, so a create costs one driver call per statement and no
 * query builder. SQLite (3.35+), PostgreSQL and MariaDB 10.5+ take `RETURNING`; on MySQL the new id
 * comes from the result header (and the new row from a SELECT by it).
 *   INSERT INTO "articles" ("title", "created_at") VALUES (?, ?) RETURNING "id"
 */
import { quoteId } from '../naming.js';
import type { RunContext } from '../run-context.js';
import { runSql, runSqlHeader, type Row } from '../run-sql.js';

/** one row (column -> bound value, as scalar-row.ts builds it); its new id, or with `returning` (a selection list) the new row */
export async function insertRow(ctx: RunContext, table: string, row: Readonly<Record<string, unknown>>): Promise<number>;
export async function insertRow(ctx: RunContext, table: string, row: Readonly<Record<string, unknown>>, returning: string): Promise<Row>;
export async function insertRow(ctx: RunContext, table: string, row: Readonly<Record<string, unknown>>, returning?: string): Promise<number | Row> {
  const insert = insertText(ctx, table, row);
  if (!ctx.dialect.insertReturning) {
    // MySQL: the AUTO_INCREMENT id from the result header, the row read back by it
    const { insertId } = await runSqlHeader(ctx, insert.text, insert.bindings);
    if (returning === undefined) return insertId;
    const [r] = await runSql(ctx, `SELECT ${returning} FROM ${quoteId(table)} WHERE "id" = ?`, [insertId]);
    return r;
  }
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
