/**
 * engine/repository: driver errors -> engine errors, by code (SQLite result code, PostgreSQL
 * SQLSTATE), naming the attribute a unique violation is about. Engine errors and errors that did
 * not come from the database pass through; an unknown database error becomes a plain Error with a
 * fixed message (a 500; the original kept as `cause`), so no raw knex error leaves the repository.
 */
import { QuireError } from '../errors/errors.js';
import type { Dialect, FieldResolver } from './dialect/dialect.js';
import { indexName } from './naming.js';
import type { StorageMap } from './storage-map.js';

const DRIVER_ERROR_NAMES = new Set(['SqliteError', 'DatabaseError', 'KnexTimeoutError', 'AggregateError']);

function looksLikeDriverError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  return DRIVER_ERROR_NAMES.has(err.name) || typeof code === 'string' || (err as { errno?: unknown }).errno !== undefined;
}

/** table + column -> the field name a client knows (attribute, or the column itself); built when an error needs it */
function fieldResolver(storage: StorageMap): FieldResolver {
  const byTable = new Map<string, Map<string, string>>();
  // MySQL names the unique index, not the column: `authors_name_unique` -> name
  const byIndex = new Map<string, string>();
  for (const t of storage.types.values()) {
    const columns = new Map<string, string>();
    for (const f of t.fields.values()) {
      columns.set(f.column, f.field);
      byIndex.set(indexName(t.table, `${f.column}_unique`), f.field);
    }
    byTable.set(t.table, columns);
    for (const [name, a] of Object.entries(t.attributes)) {
      if (a.kind !== 'relation' || !a.owner) continue;
      const j = new Map([[a.joinTable.ownerColumn, name], [a.joinTable.targetColumn, name]]);
      byTable.set(a.joinTable.name, j);
    }
  }
  return (table, column) => (table && byTable.get(table)?.get(column)) || byIndex.get(column) || [...byTable.values()].find((m) => m.has(column))?.get(column) || column;
}

export function translateError(err: unknown, storage: StorageMap, dialect: Dialect): unknown {
  if (err instanceof QuireError || !(err instanceof Error)) return err;
  // the dialect knows its driver's errors, also those without a code (a dropped connection)
  const mapped = dialect.translateError(err, fieldResolver(storage));
  if (mapped) return mapped;
  if (!looksLikeDriverError(err)) return err;
  return new Error('Database query failed', { cause: err });
}
