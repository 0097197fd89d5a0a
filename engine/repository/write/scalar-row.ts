/**
 * engine/repository/write: WriteData.scalars -> a row of column bindings, every value in the one
 * canonical form (values/normalize-value.ts) then the driver's binding; null clears a column.
 * Only scalar attributes of the type are accepted; system columns are set by the runners.
 */
import { messages, ValidationError, validationIssue } from '../../errors/index.js';
import type { Dialect } from '../dialect/dialect.js';
import type { TypeStorage } from '../storage-map.js';
import { normalizeValue } from '../values/normalize-value.js';

export function scalarRow(type: TypeStorage, scalars: Readonly<Record<string, unknown>>, dialect: Dialect): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(scalars)) {
    const attr = type.attributes[name];
    const f = type.fields.get(name);
    // the planner names scalar attributes only; a plan built elsewhere is refused the same way
    if (!attr || attr.kind !== 'scalar' || !f || f.kind === 'id') throw ValidationError.of([validationIssue([name], messages.forbiddenKey(name))]);
    if (value === undefined) continue;
    row[f.column] = dialect.bindValue(f.kind, normalizeValue(f.kind, value, name));
  }
  return row;
}

/** now, as stored in a datetime column */
export function nowValue(dialect: Dialect): unknown {
  return dialect.bindValue('datetime', new Date().toISOString());
}
