/**
 * engine/repository/sql: short constructors of SQL nodes (sql-node.ts), so the compilers read as the
 * statements they build. Pure: each returns plain data.
 *   and([eq(col('t0', 'locale'), param('en')), isNull(col('t0', 'published_at'), true)])
 *   -> printed `("t0"."locale" = ?) AND ("t0"."published_at" IS NOT NULL)`, bindings ['en']
 */
import type { BinaryOp, ColumnKind, Expr, MatchMode, Order, Select, Source } from './sql-node.js';
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
