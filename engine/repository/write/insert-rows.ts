/**
 * engine/repository/write: plain INSERTs of the write path (entry rows, component rows, component
 * links) as SQL nodes, each shape printed once per repository (run-sql.ts shaped), so a create costs
 * one driver call per statement and no query builder. SQLite (3.35+), PostgreSQL and MariaDB 10.5+
 * take `RETURNING`; on MySQL the new id comes from the result header (and the new row from a SELECT by it).
 *   INSERT INTO "articles" ("title", "created_at") VALUES (?, ?) RETURNING "id"
 */
import type { RunContext } from '../run-context.js';
import { runStatement, runStatementHeader, shaped, type Row } from '../run-sql.js';
import { col, columnIs, insertInto, insertRowsInto, select, Slot, table as from } from '../sql/build.js';
import type { Insert, Selected } from '../sql/sql-node.js';

/** the columns a statement answers: their nodes, and a string naming them (part of the shape's key; query/select-fields.ts Selection is one) */
export interface Returning {
  readonly nodes: readonly Selected[];
  readonly key: string;
}

const ID: Returning = { nodes: [col(undefined, 'id')], key: 'id' };

/** one row (column -> bound value, as scalar-row.ts builds it); its new id, or with `returning` the new row */
export async function insertRow(ctx: RunContext, table: string, row: Readonly<Record<string, unknown>>): Promise<number>;
export async function insertRow(ctx: RunContext, table: string, row: Readonly<Record<string, unknown>>, returning: Returning): Promise<Row>;
export async function insertRow(ctx: RunContext, table: string, row: Readonly<Record<string, unknown>>, returning?: Returning): Promise<number | Row> {
  const columns = Object.keys(row);
  const values = columns.map((c) => row[c]);
  if (!ctx.dialect.insertReturning) {
    // MySQL: the AUTO_INCREMENT id from the result header, the row read back by it
    const { insertId } = await runStatementHeader(ctx, shaped(ctx, `insert ${table} ${columns.join(',')}`, () => insertOf(table, columns), values));
    if (returning === undefined) return insertId;
    const [r] = await runStatement(ctx, shaped(ctx, `select ${table} by id ${returning.key}`, () => select({ columns: returning.nodes, from: from(table), where: columnIs('id', new Slot(0)) }), [insertId]));
    return r;
  }
  const answer = returning ?? ID;
  const [r] = await runStatement(ctx, shaped(ctx, `insert ${table} ${columns.join(',')} returning ${answer.key}`, () => insertOf(table, columns, answer.nodes), values));
  return returning === undefined ? Number(r.id) : r;
}

/** the INSERT of one row of `columns`, slot n holding column n's value */
function insertOf(table: string, columns: readonly string[], returning?: readonly Selected[]): Insert {
  return insertInto(table, Object.fromEntries(columns.map((c, i) => [c, new Slot(i)])), returning);
}

/** several rows with the same columns, in one statement */
export async function insertRows(ctx: RunContext, table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): Promise<void> {
  if (rows.length === 0) return;
  const width = columns.length;
  const build = () => insertRowsInto(table, columns, rows.map((_, r) => columns.map((_c, i) => new Slot(r * width + i))));
  // past 100 rows a shape is not kept
  if (rows.length > 100) await runStatement(ctx, insertRowsInto(table, columns, rows));
  else await runStatement(ctx, shaped(ctx, `insert ${table} ${columns.join(',')} x${rows.length}`, build, rows.flat()));
}
