/**
 * engine/repository/query: which columns a read selects (id plus the plan's fields, or every
 * non-private scalar and system field) and how a result row becomes an Entry with plan/types.ts
 * value shapes. Column aliases are the field names, so rows need no renaming table.
 */
import { messages, ValidationError } from '../../errors/index.js';
import type { Entry } from '../../plan/types.js';
import { LRUCache } from 'lru-cache';
import type { Dialect } from '../dialect/dialect.js';
import { col, selected } from '../sql/build.js';
import type { Selected } from '../sql/sql-node.js';
import type { FieldColumn, TypeStorage } from '../storage-map.js';
import { VALUE_DECODERS } from '../values/decode-value.js';

export interface Selection {
  /** the selected columns as SQL nodes: `"t0"."id" AS "id", "t0"."title" AS "title", CAST(..) AS "wordCount"` */
  readonly nodes: readonly Selected[];
  /** a string naming this selection (table alias, columns, their kinds and aliases): the key of the write shapes returning it (write/insert-rows.ts) */
  readonly key: string;
  readonly columns: readonly FieldColumn[];
  /** a result row (column aliases `<prefix><field>`) -> Entry with plan/types.ts value shapes */
  readonly decode: (row: Record<string, unknown>) => Entry;
  /** the same from a row of values (runSqlArrays) whose selection starts at index `at` */
  readonly decodeAt: (row: readonly unknown[], at: number) => Entry;
}

/** selections kept: one per type, alias, prefix and fields a read used (bounded) */
const SELECTIONS_KEPT = 2000;

/**
 * The selections of one repository (one dialect), each built once per type and shape (alias,
 * prefix, fields): a repeated query shape costs a lookup, not a decoder compiled anew.
 */
export class Selections {
  private readonly kept = new LRUCache<string, Selection>({ max: SELECTIONS_KEPT });

  constructor(private readonly dialect: Dialect) {}

  of(type: TypeStorage, fields: readonly string[] | undefined, alias: string, prefix = ''): Selection {
    const key = `${type.uid} ${alias} ${prefix} ${fields === undefined ? '*' : `[${fields.join(',')}]`}`;
    let selection = this.kept.get(key);
    if (!selection) this.kept.set(key, (selection = selectFields(type, fields, alias, this.dialect, prefix)));
    return selection;
  }
}

/** the columns `fields` of `type` (every default field when undefined) at `alias`, with their row decoders */
export function selectFields(type: TypeStorage, fields: readonly string[] | undefined, alias: string, dialect: Dialect, prefix = ''): Selection {
  const names = ['id', ...(fields ?? type.defaultFields).filter((f) => f !== 'id')];
  const columns = [...new Set(names)].map((name) => {
    const f = type.fields.get(name);
    if (!f) throw new ValidationError(messages.invalidParameter(name));
    return f;
  });
  const nodes: Selected[] = columns.map((c) => ({ item: selected(col(alias, c.column), c.kind), as: prefix + c.field }));
  const key = `${alias}:${columns.map((c) => `${c.column}/${c.kind}>${prefix}${c.field}`).join(',')}`;
  return Object.freeze({ nodes, key, columns, decode: compileDecoder(columns, prefix, dialect), decodeAt: compileDecoder(columns, undefined, dialect) });
}

type RowDecoder = (row: Record<string, unknown>) => Entry;
type ValuesDecoder = (row: readonly unknown[], at: number) => Entry;

/**
 * The row decoder of one selection, compiled once: a function returning an object literal with the
 * selection's fields in order, each value through its kind's decoder, so every row of a shape gets the
 * same hidden class and no per-value dispatch on the kind. It reads a row object by the column
 * aliases (`prefix` given) or a row of values from index `at` on (`prefix` undefined). Field names
 * enter the source only as JSON string literals; they are attribute names (a letter first,
 * compiler/rules/attribute-names.ts) or system fields, so none is `__proto__`.
 */
function compileDecoder(columns: readonly FieldColumn[], prefix: string, dialect: Dialect): RowDecoder;
function compileDecoder(columns: readonly FieldColumn[], prefix: undefined, dialect: Dialect): ValuesDecoder;
function compileDecoder(columns: readonly FieldColumn[], prefix: string | undefined, dialect: Dialect): RowDecoder | ValuesDecoder {
  const decoders = columns.map((c) => {
    const own = c.kind === 'id' ? undefined : dialect.decoders?.[c.kind];
    return own ? (raw: unknown) => (raw === null || raw === undefined ? null : own(raw)) : VALUE_DECODERS[c.kind];
  });
  const value = (c: FieldColumn, i: number) => (prefix === undefined ? `row[at + ${i}]` : `row[${JSON.stringify(prefix + c.field)}]`);
  const props = columns.map((c, i) => `${JSON.stringify(c.field)}: d[${i}](${value(c, i)})`).join(', ');
  return new Function('d', `return function decodeRow(row, at) { return { ${props} }; };`)(decoders) as RowDecoder | ValuesDecoder;
}

/** selection.decode over a result set */
export function decodeRows(rows: readonly Record<string, unknown>[], selection: Selection): Entry[] {
  const out: Entry[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = selection.decode(rows[i]);
  return out;
}

/** selection.decodeAt over rows of values (runSqlArrays) that are the selection and nothing else */
export function decodeValueRows(rows: readonly (readonly unknown[])[], selection: Selection): Entry[] {
  const out: Entry[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = selection.decodeAt(rows[i], 0);
  return out;
}
