/**
 * engine/repository/schema: previous snapshot + desired schema -> the changes to apply, each marked
 * destructive or not. Additive: new table, column, index, widened type (varchar -> text, integer ->
 * bigint/float/decimal), dropped unique index. Destructive: dropped table or column, any other type
 * change (values would be lost). Pure: the sync refuses or applies what this returns.
 */
import type { SyncChange } from '../types.js';
import { LINK_ROLES, type DesiredSchema, type TableDef } from './table-defs.js';
import { snapshotOf, type SchemaSnapshot, type TableSnapshot } from './schema-snapshot.js';

const WIDENINGS = new Set(['varchar>text', 'integer>bigint', 'integer>double', 'integer>decimal']);

export function isWidening(from: string, to: string): boolean {
  return WIDENINGS.has(`${from}>${to}`);
}

export interface PlannedChange extends SyncChange {
  /** index changes: the index; column changes: from/to kinds */
  readonly index?: { readonly name: string; readonly columns: readonly string[]; readonly unique: boolean };
  readonly from?: string;
  readonly to?: string;
}

export function diffSchema(prev: SchemaSnapshot, schema: DesiredSchema): PlannedChange[] {
  const next = snapshotOf(schema);
  const changes: PlannedChange[] = [];
  for (const def of schema.tables) {
    const before = prev.tables[def.name];
    if (!before) changes.push({ kind: 'create-table', table: def.name, detail: `new table for ${def.about}`, destructive: false });
    else changes.push(...diffTable(def, before, next.tables[def.name]));
  }
  for (const [name, before] of Object.entries(prev.tables)) {
    if (next.tables[name]) continue;
    const what = LINK_ROLES.has(before.role) ? 'links' : 'rows';
    changes.push({ kind: 'drop-table', table: name, detail: `${before.about} is no longer in the model; its ${what} would be lost`, destructive: true });
  }
  return changes;
}

function diffTable(def: TableDef, before: TableSnapshot, after: TableSnapshot): PlannedChange[] {
  const out: PlannedChange[] = [];
  const table = def.name;
  for (const [column, kind] of Object.entries(after.columns)) {
    const was = before.columns[column];
    if (was === undefined) out.push({ kind: 'add-column', table, column, detail: `new column (${kind})`, destructive: false, to: kind });
    else if (was !== kind) {
      const widening = isWidening(was, kind);
      const detail = widening ? `type widens from ${was} to ${kind}` : `type changes from ${was} to ${kind}; its values would be lost`;
      out.push({ kind: 'alter-column', table, column, detail, destructive: !widening, from: was, to: kind });
    }
  }
  for (const [column, kind] of Object.entries(before.columns)) {
    if (after.columns[column] !== undefined) continue;
    // a link table's order column that Strapi v4 does not have (a to-one side's) orders nothing: it goes quietly
    if (kind === 'order' && LINK_ROLES.has(def.role)) out.push({ kind: 'drop-column', table, column, detail: 'order column of a to-one side is no longer kept', destructive: false, from: kind });
    else out.push({ kind: 'drop-column', table, column, detail: `column (${kind}) is no longer in the model; its values would be lost`, destructive: true, from: kind });
  }
  for (const [name, idx] of Object.entries(before.indexes)) {
    const now = after.indexes[name];
    if (now && sameIndex(now, idx)) continue;
    out.push({ kind: 'drop-index', table, column: idx.columns[0], detail: `index ${name} is no longer needed`, destructive: false, index: { name, ...idx } });
  }
  for (const [name, idx] of Object.entries(after.indexes)) {
    const was = before.indexes[name];
    if (was && sameIndex(was, idx)) continue;
    const detail = `${idx.unique ? 'unique ' : ''}index ${name} on (${idx.columns.join(', ')})`;
    out.push({ kind: 'add-index', table, column: idx.columns[0], detail, destructive: false, index: { name, ...idx } });
  }
  return out;
}

function sameIndex(a: { columns: readonly string[]; unique: boolean }, b: { columns: readonly string[]; unique: boolean }): boolean {
  return a.unique === b.unique && a.columns.join(',') === b.columns.join(',');
}

/** One line per change, as SchemaSyncRefused lists them. */
export function describeChange(c: SyncChange): string {
  return `${c.kind} ${c.table}${c.column && !c.kind.endsWith('-index') ? `.${c.column}` : ''}: ${c.detail}`;
}
