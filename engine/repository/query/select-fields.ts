/**
 * engine/repository/query: which columns a read selects (id plus the plan's fields, or every
 * non-private scalar and system field) and how a result row becomes an Entry with plan/types.ts
 * value shapes. Column aliases are the field names, so rows need no renaming table.
 */
import { ValidationError } from '../../errors/errors.js';
import type { Entry } from '../../plan/types.js';
import type { Dialect } from '../dialect/dialect.js';
import { qualified, quoteId } from '../naming.js';
import type { FieldColumn, TypeStorage } from '../storage-map.js';
import { decodeValue } from '../values/decode-value.js';

export interface Selection {
  /** `"t0"."id" AS "id", "t0"."title" AS "title", CAST(..) AS "wordCount"` */
  readonly text: string;
  readonly columns: readonly FieldColumn[];
}

export function selectFields(type: TypeStorage, fields: readonly string[] | undefined, alias: string, dialect: Dialect, prefix = ''): Selection {
  const names = ['id', ...(fields ?? type.defaultFields).filter((f) => f !== 'id')];
  const columns = [...new Set(names)].map((name) => {
    const f = type.fields.get(name);
    if (!f) throw new ValidationError(`Invalid parameter ${name}`);
    return f;
  });
  const text = columns.map((c) => `${dialect.selectExpr(qualified(alias, c.column), c.kind)} AS ${quoteId(prefix + c.field)}`).join(', ');
  return { text, columns };
}

export function decodeRow(row: Record<string, unknown>, columns: readonly FieldColumn[], prefix = ''): Entry {
  const entry: Record<string, unknown> = {};
  for (const c of columns) entry[c.field] = decodeValue(c.kind, row[prefix + c.field]);
  return entry as Entry;
}
