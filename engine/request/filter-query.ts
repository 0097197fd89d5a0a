/**
 * engine/request: REST `filters` (qs output, `$`-prefixed operators) -> FilterExpr. Syntax only:
 * which keys are operators, which are names, bare values and lists; the planner checks the names
 * against the model and coerces the values. A key starting with `$` that is no Strapi operator is a
 * 400 naming it (Strapi ignores it). Pure.
 */
import { invalidParameter } from './invalid-parameter.js';
import { isRecord } from './is-record.js';
import { listOf } from './list-of.js';
import { FILTER_OPERATORS, type FilterExpr, type FilterOperator, type FilterValue } from './parsed-query.js';

const COMPARISONS: ReadonlySet<string> = new Set(FILTER_OPERATORS);
/** nesting followed before answering 400 (`filters[$and][0][$or][1][author][name][$eq]` is 6) */
const MAX_DEPTH = 32;

function value(raw: unknown, key: string): FilterValue {
  const list = listOf(raw);
  if (list) return list.map((item) => value(item, key));
  if (raw === null || typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean') return raw;
  throw invalidParameter(key);
}

const and = (items: FilterExpr[]): FilterExpr => (items.length === 1 ? items[0] : { kind: 'and', items });

/**
 * The filter under the name `key` (or one item of `$and`/`$or`/`$not` under it): a bare value or
 * list is `$eq`, a record maps operators and names. A value that is neither is a 400 naming `key`.
 */
function attributeLevel(raw: unknown, key: string, depth: number): FilterExpr | undefined {
  if (depth > MAX_DEPTH) throw invalidParameter('filters');
  if (!isRecord(raw) || listOf(raw)) return { kind: 'cmp', op: '$eq', value: value(raw, key) };
  const items: FilterExpr[] = [];
  for (const k of Object.keys(raw)) {
    const v = raw[k];
    if (v === undefined) continue;
    if (k === '$and' || k === '$or') {
      const list = listOf(v);
      if (!list) throw invalidParameter(k);
      items.push({ kind: k === '$and' ? 'and' : 'or', items: list.map((item) => attributeLevel(item, key, depth + 1)).filter((e): e is FilterExpr => e !== undefined) });
    } else if (k === '$not') {
      const inner = attributeLevel(v, key, depth + 1);
      if (inner) items.push({ kind: 'not', item: inner });
    } else if (k.startsWith('$')) {
      if (!COMPARISONS.has(k)) throw invalidParameter(k);
      items.push({ kind: 'cmp', op: k as FilterOperator, value: value(v, key) });
    } else {
      const inner = attributeLevel(v, k, depth + 1);
      if (inner) items.push({ kind: 'field', name: k, filter: inner });
    }
  }
  return items.length === 0 ? undefined : and(items);
}

/** The filter of a type: names and logical operators; `$and`/`$or` take lists of such records. */
function typeLevel(raw: Record<string, unknown>, depth: number): FilterExpr | undefined {
  if (depth > MAX_DEPTH) throw invalidParameter('filters');
  const items: FilterExpr[] = [];
  for (const k of Object.keys(raw)) {
    const v = raw[k];
    if (v === undefined) continue;
    if (k === '$and' || k === '$or') {
      const list = listOf(v);
      if (!list || !list.every(isRecord)) throw invalidParameter(k);
      items.push({ kind: k === '$and' ? 'and' : 'or', items: list.map((item) => typeLevel(item as Record<string, unknown>, depth + 1)).filter((e): e is FilterExpr => e !== undefined) });
    } else if (k === '$not') {
      if (!isRecord(v)) throw invalidParameter(k);
      const inner = typeLevel(v, depth + 1);
      if (inner) items.push({ kind: 'not', item: inner });
    } else if (k.startsWith('$')) {
      throw invalidParameter(k);
    } else {
      const inner = attributeLevel(v, k, depth + 1);
      if (inner) items.push({ kind: 'field', name: k, filter: inner });
    }
  }
  return items.length === 0 ? undefined : and(items);
}

/**
 *   filterQuery({ title: { $containsi: 'x' }, author: { name: 'Ann' } })
 *   -> { kind: 'and', items: [
 *        { kind: 'field', name: 'title', filter: { kind: 'cmp', op: '$containsi', value: 'x' } },
 *        { kind: 'field', name: 'author', filter: { kind: 'field', name: 'name', filter: { kind: 'cmp', op: '$eq', value: 'Ann' } } } ] }
 * Absent or empty -> undefined; not a record -> 400 "Invalid parameter filters".
 */
export function filterQuery(raw: unknown): FilterExpr | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (!isRecord(raw)) throw invalidParameter('filters');
  return typeLevel(raw, 0);
}
