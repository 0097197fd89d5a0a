/**
 * engine/repository/sql: short constructors of SQL nodes (sql-node.ts), so the compilers read as the
 * statements they build. Pure: each returns plain data.
 *   and([eq(col('t0', 'locale'), param('en')), isNull(col('t0', 'published_at'), true)])
 *   -> printed `("t0"."locale" = ?) AND ("t0"."published_at" IS NOT NULL)`, bindings ['en']
 */
import type { BinaryOp, ColumnKind, Delete, Expr, Insert, MatchMode, Order, Select, Selected, Source, Update } from './sql-node.js';
import type { StorageKind } from '../storage-map.js';
import type { ValueForm } from '../../response/answer-shape.js';

export const col = (table: string | undefined, name: string): Expr => (table === undefined ? { kind: 'column', name } : { kind: 'column', table, name });
export const param = (value: unknown): Expr => ({ kind: 'param', value });
export const lit = (value: number | string): Expr => ({ kind: 'literal', value });
export const keyword = (sql: string): Expr => ({ kind: 'keyword', sql });
export const binary = (op: BinaryOp, left: Expr, right: Expr): Expr => ({ kind: 'binary', op, left, right });
export const eq = (left: Expr, right: Expr): Expr => binary('=', left, right);
export const and = (items: readonly Expr[]): Expr => (items.length === 1 ? items[0] : { kind: 'and', items });
export const or = (items: readonly Expr[]): Expr => (items.length === 1 ? items[0] : { kind: 'or', items });
export const not = (item: Expr): Expr => ({ kind: 'not', item });
export const isNull = (item: Expr, negate = false): Expr => (negate ? { kind: 'isNull', item, negate: true } : { kind: 'isNull', item });
export const inList = (item: Expr, list: readonly Expr[] | Select, negate = false): Expr => (negate ? { kind: 'in', item, list, negate: true } : { kind: 'in', item, list });
export const call = (name: string, ...args: Expr[]): Expr => ({ kind: 'call', name, args });
export const subquery = (select: Select): Expr => ({ kind: 'subquery', select });
export const cast = (item: Expr, to: ColumnKind): Expr => ({ kind: 'cast', item, to });
/** a value as text (`CAST(x AS TEXT)`) */
export const textOf = (item: Expr): Expr => ({ kind: 'text', item });
/** a column as text for pattern operators */
export const asText = (item: Expr, storage: StorageKind | 'id'): Expr => ({ kind: 'asText', item, storage });
/** the JSON text of a column's value, in a form (answer statements) */
export const json = (item: Expr, storage: StorageKind | 'id', form: ValueForm = 'json'): Expr => ({ kind: 'json', item, storage, form });
/** a JSON text (or part of one) as a literal */
export const jsonText = (text: string): Expr => ({ kind: 'jsonText', json: text });
export const compared = (item: Expr, storage: StorageKind | 'id'): Expr => ({ kind: 'compared', item, storage });
export const selected = (item: Expr, storage: StorageKind | 'id'): Expr => ({ kind: 'selected', item, storage });
export const lower = (item: Expr): Expr => ({ kind: 'lower', item });
export const match = (item: Expr, mode: MatchMode, value: string, insensitive = false): Expr =>
  (insensitive ? { kind: 'match', item, mode, value, insensitive: true } : { kind: 'match', item, mode, value });
export const table = (name: string, as?: string): Source => (as === undefined ? { kind: 'table', name } : { kind: 'table', name, as });
export const derived = (select: Select, as: string): Source => ({ kind: 'derived', select, as });
export const asc = (item: Expr, nulls?: 'first' | 'last'): Order => (nulls ? { item, direction: 'asc', nulls } : { item, direction: 'asc' });
export const desc = (item: Expr, nulls?: 'first' | 'last'): Order => (nulls ? { item, direction: 'desc', nulls } : { item, direction: 'desc' });
/** `a || b || c` */
export const concat = (parts: readonly Expr[]): Expr => parts.reduce((acc, p) => binary('||', acc, p));
/** always false */
export const FALSE: Expr = { kind: 'or', items: [] };
/** always true */
export const TRUE: Expr = { kind: 'and', items: [] };
export const select = (s: Omit<Select, 'kind'>): Select => ({ kind: 'select', ...s });
/** every column of `table`'s row: `"e".*` */
export const star = (table?: string): Expr => (table === undefined ? { kind: 'star' } : { kind: 'star', table });
/** `CASE subject WHEN v THEN r ... END` */
export const caseOf = (subject: Expr, whens: readonly (readonly [Expr, Expr])[], otherwise?: Expr): Expr =>
  (otherwise ? { kind: 'case', subject, whens, otherwise } : { kind: 'case', subject, whens });
/** `"column" = ?` for a column of no table: `columnIs('entity_id', 7)` -> `"entity_id" = ?` [7] */
export const columnIs = (column: string, value: unknown): Expr => eq(col(undefined, column), param(value));
/** `"column" IN (?, ?)`; always false for no values */
export const columnIn = (column: string, values: readonly unknown[]): Expr => (values.length === 0 ? FALSE : inList(col(undefined, column), values.map(param)));
/** `INSERT INTO "t" ("a", "b") VALUES (?, ?)` of one row (column -> value; no column: a row of defaults) */
export const insertInto = (tableName: string, row: Readonly<Record<string, unknown>>, returning?: readonly Selected[]): Insert => {
  const columns = Object.keys(row);
  return {
    kind: 'insert', table: tableName, columns, rows: columns.length === 0 ? 'defaults' : [columns.map((c) => param(row[c]))],
    ...(returning?.length ? { returning } : {}),
  };
};
/** `INSERT INTO "t" (...) VALUES (...), (...)` of rows of values */
export const insertRowsInto = (tableName: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): Insert =>
  ({ kind: 'insert', table: tableName, columns, rows: rows.map((r) => r.map(param)) });
/** `UPDATE "t" SET "a" = ? ... WHERE ...` (`set`: column -> value; an undefined value leaves its column as it is) */
export const update = (tableName: string, set: Readonly<Record<string, unknown>>, where: Expr, returning?: readonly Selected[]): Update => ({
  kind: 'update', table: tableName, set: Object.keys(set).filter((c) => set[c] !== undefined).map((c) => [c, param(set[c])] as const), where,
  ...(returning?.length ? { returning } : {}),
});
export const deleteFrom = (tableName: string, where: Expr): Delete => ({ kind: 'delete', table: tableName, where });
/** a bound value standing for `values[n]` in a statement printed once per shape (run-sql.ts shaped): `param(new Slot(0))` */
export class Slot {
  constructor(readonly n: number) {}
}
