/**
 * engine/repository/write: UPDATE and DELETE as SQL text sent through run-sql.ts, as insert-rows.ts
 * sends the INSERTs: the write path builds every statement on content tables this way, never through
 * a query builder. Each answers the rows it changed (the statement's header), so a write can tell
 * whether it found its row. Conditions are query/sql.ts fragments.
 *   updateRows(ctx, 'tags', { name: 'x' }, columnIs('id', 3)) -> UPDATE "tags" SET "name" = ? WHERE "id" = ?   (1)
 */
import { quoteId } from '../naming.js';
import type { Sql } from '../query/sql.js';
import type { RunContext } from '../run-context.js';
import { runSqlHeader } from '../run-sql.js';

/** `UPDATE "t" SET "a" = ?, "b" = ? WHERE ...` and its bindings (`set`: column -> bound value; an undefined value leaves its column as it is) */
export function updateText(table: string, set: Readonly<Record<string, unknown>>, where: Sql): Sql {
  const columns = Object.keys(set).filter((c) => set[c] !== undefined);
  return {
    text: `UPDATE ${quoteId(table)} SET ${columns.map((c) => `${quoteId(c)} = ?`).join(', ')} WHERE ${where.text}`,
    bindings: [...columns.map((c) => set[c]), ...where.bindings],
  };
}

/** the rows of `table` matching `where` get `set`; returns how many matched */
export async function updateRows(ctx: RunContext, table: string, set: Readonly<Record<string, unknown>>, where: Sql): Promise<number> {
  const update = updateText(table, set, where);
  return (await runSqlHeader(ctx, update.text, update.bindings)).affectedRows;
}

/** deletes the rows of `table` matching `where`; returns how many */
export async function deleteRows(ctx: RunContext, table: string, where: Sql): Promise<number> {
  return (await runSqlHeader(ctx, `DELETE FROM ${quoteId(table)} WHERE ${where.text}`, where.bindings)).affectedRows;
}
