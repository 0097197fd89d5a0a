/**
 * engine/repository/write: UPDATE and DELETE as SQL nodes sent through run-sql.ts, as insert-rows.ts
 * sends the INSERTs: the write path builds every statement on content tables this way, never through
 * a query builder. Each answers the rows it changed (the statement's header), so a write can tell
 * whether it found its row. The UPDATE of one row by id is printed once per shape.
 *   updateRow(ctx, 'tags', { name: 'x' }, 3) -> UPDATE "tags" SET "name" = ? WHERE "id" = ?   (1)
 */
import type { RunContext } from '../run-context.js';
import { runStatement, runStatementHeader, shaped, type Row } from '../run-sql.js';
import { columnIs, deleteFrom, Slot, update } from '../sql/build.js';
import type { Expr } from '../sql/sql-node.js';
import type { Returning } from './insert-rows.js';

/** the rows of `table` matching `where` get `set` (column -> bound value; undefined leaves a column as it is); returns how many matched */
export async function updateRows(ctx: RunContext, table: string, set: Readonly<Record<string, unknown>>, where: Expr): Promise<number> {
  return (await runStatementHeader(ctx, update(table, set, where))).affectedRows;
}

/** row `id` of `table` gets `set`, printed once per table and columns; returns 1, or 0 when there is no such row */
export async function updateRow(ctx: RunContext, table: string, set: Readonly<Record<string, unknown>>, id: unknown): Promise<number> {
  const columns = Object.keys(set).filter((c) => set[c] !== undefined);
  const statement = shaped(ctx, `update ${table} ${columns.join(',')}`, () => byId(table, columns), [...columns.map((c) => set[c]), id]);
  return (await runStatementHeader(ctx, statement)).affectedRows;
}

/** updateRow answering the changed row (UPDATE ... RETURNING: SQLite, PostgreSQL); none: no such row */
export async function updateRowReturning(ctx: RunContext, table: string, set: Readonly<Record<string, unknown>>, id: unknown, returning: Returning): Promise<Row[]> {
  const columns = Object.keys(set).filter((c) => set[c] !== undefined);
  const statement = shaped(ctx, `update ${table} ${columns.join(',')} returning ${returning.key}`, () => byId(table, columns, returning), [...columns.map((c) => set[c]), id]);
  return runStatement(ctx, statement);
}

/** the UPDATE of one row by id, slot n holding column n's value and the slot after them the id */
function byId(table: string, columns: readonly string[], returning?: Returning) {
  return update(table, Object.fromEntries(columns.map((c, i) => [c, new Slot(i)])), columnIs('id', new Slot(columns.length)), returning?.nodes);
}

/** deletes the rows of `table` matching `where`; returns how many */
export async function deleteRows(ctx: RunContext, table: string, where: Expr): Promise<number> {
  return (await runStatementHeader(ctx, deleteFrom(table, where))).affectedRows;
}
