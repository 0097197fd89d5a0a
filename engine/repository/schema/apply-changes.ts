/**
 * engine/repository/schema: run the planned changes inside the sync transaction, in an order that
 * keeps foreign keys valid: drop indexes, drop tables (links first), create tables (links last),
 * add/retype/drop columns, then create indexes. Columns are dropped natively (never by rebuilding a
 * table, which with foreign keys on would cascade-delete links).
 */
import type { Knex } from 'knex';
import type { Dialect } from '../dialect/dialect.js';
import { indexName, quoteId } from '../naming.js';
import { LINK_ROLES, type ColumnDef, type DesiredSchema, type IndexDef, type TableDef } from './table-defs.js';
import type { PlannedChange } from './diff-schema.js';
import type { SchemaSnapshot } from './schema-snapshot.js';

type Index = { name: string; columns: readonly string[]; unique: boolean };

/** A unique index the table's existing rows did not allow: created as a plain index instead. */
export interface DeferredUnique {
  table: string;
  index: string;
  columns: readonly string[];
}

/**
 * Returns the unique indexes that could not be created because rows already share a value (an
 * attribute made unique after the fact, a database imported from elsewhere): each is created
 * non-unique, so the sync and the start never fail on old data.
 */
export async function applyChanges(trx: Knex.Transaction, dialect: Dialect, changes: readonly PlannedChange[], prev: SchemaSnapshot, schema: DesiredSchema): Promise<DeferredUnique[]> {
  const deferred: DeferredUnique[] = [];
  const defs = new Map(schema.tables.map((t) => [t.name, t]));
  const isLink = (table: string) => LINK_ROLES.has((defs.get(table) ?? prev.tables[table])?.role);
  // a link table whose id columns change is rebuilt whole (its links go; the change is destructive)
  const rebuilt = new Set(
    changes.filter((c) => c.column && isLink(c.table) && (c.from?.startsWith('ref:') || c.to?.startsWith('ref:')) && c.kind !== 'add-index' && c.kind !== 'drop-index').map((c) => c.table),
  );
  const columnChanges = changes.filter((c) => !rebuilt.has(c.table) && (c.kind === 'add-column' || c.kind === 'alter-column' || c.kind === 'drop-column'));
  // columns whose indexes must go first and come back after (dropped, replaced or moved)
  const touched = columnChanges.filter((c) => c.kind === 'drop-column' || (c.kind === 'alter-column' && movesData(dialect, c)));
  const indexesToDrop = new Map<string, { table: string; index: Index }>();
  const indexesToAdd = new Map<string, { table: string; index: Index }>();
  for (const c of changes) {
    if (c.kind === 'drop-index' && c.index && !rebuilt.has(c.table)) indexesToDrop.set(c.index.name, { table: c.table, index: c.index });
    if (c.kind === 'add-index' && c.index && !rebuilt.has(c.table)) indexesToAdd.set(c.index.name, { table: c.table, index: c.index });
  }
  for (const c of touched) {
    for (const [name, idx] of Object.entries(prev.tables[c.table]?.indexes ?? {})) {
      if (!idx.columns.includes(c.column as string)) continue;
      indexesToDrop.set(name, { table: c.table, index: { name, ...idx } });
      const again = defs.get(c.table)?.indexes.find((i) => i.name === name);
      if (again) indexesToAdd.set(name, { table: c.table, index: again });
    }
  }

  for (const { table, index } of indexesToDrop.values()) await trx.raw(dialect.dropIndex(quoteId(index.name), quoteId(table)));
  const dropped = [...changes.filter((c) => c.kind === 'drop-table').map((c) => c.table), ...rebuilt];
  dropped.sort((a, b) => Number(isLink(b)) - Number(isLink(a)));
  for (const table of dropped) await trx.schema.dropTableIfExists(table);
  const created = [...changes.filter((c) => c.kind === 'create-table').map((c) => c.table), ...rebuilt].map((t) => defs.get(t) as TableDef);
  created.sort((a, b) => Number(LINK_ROLES.has(a.role)) - Number(LINK_ROLES.has(b.role)));
  for (const def of created) await createTable(trx, dialect, def);

  for (const c of columnChanges.filter((x) => x.kind === 'add-column')) await addColumn(trx, dialect, c.table, columnDef(defs, c));
  for (const c of columnChanges.filter((x) => x.kind === 'alter-column')) await retypeColumn(trx, dialect, c, columnDef(defs, c));
  for (const c of columnChanges.filter((x) => x.kind === 'drop-column')) {
    await trx.raw(`ALTER TABLE ${quoteId(c.table)} DROP COLUMN ${quoteId(c.column as string)}`);
  }
  for (const { table, index } of indexesToAdd.values()) {
    const def = defs.get(table);
    if (index.unique && (await hasDuplicates(trx, table, index.columns))) {
      await createIndex(trx, dialect, table, { ...index, unique: false }, def);
      deferred.push({ table, index: index.name, columns: index.columns });
    } else await createIndex(trx, dialect, table, index, def);
  }
  return deferred;
}

/** True when two rows share a value of `columns` (NULLs never collide in a unique index). */
async function hasDuplicates(trx: Knex.Transaction, table: string, columns: readonly string[]): Promise<boolean> {
  const cols = columns.map(quoteId).join(', ');
  const notNull = columns.map((c) => `${quoteId(c)} IS NOT NULL`).join(' AND ');
  const { length } = rowsOf(await trx.raw(`SELECT 1 AS d FROM ${quoteId(table)} WHERE ${notNull} GROUP BY ${cols} HAVING COUNT(*) > 1 LIMIT 1`));
  return length > 0;
}

/** knex.raw's rows: an array on SQLite, `{ rows }` on PostgreSQL, `[rows, fields]` on MySQL */
function rowsOf(result: unknown): unknown[] {
  if (Array.isArray(result)) return Array.isArray(result[0]) ? result[0] : result;
  return (result as { rows?: unknown[] }).rows ?? [];
}

function columnDef(defs: Map<string, TableDef>, c: PlannedChange): ColumnDef {
  return defs.get(c.table)?.columns.find((col) => col.name === c.column) as ColumnDef;
}

/** True when retyping moves the values into a new column (so its indexes must be rebuilt). */
function movesData(dialect: Dialect, c: PlannedChange): boolean {
  return c.destructive || dialect.retypeMovesData(c.from, c.to);
}

export async function createTable(trx: Knex.Transaction, dialect: Dialect, def: TableDef): Promise<void> {
  if (dialect.tableCollation) {
    await trx.raw(createTableText(dialect, def, dialect.tableCollation));
    return;
  }
  await trx.schema.createTable(def.name, (t) => {
    for (const col of def.columns) {
      if (col.kind === 'increments') t.increments(col.name, { primaryKey: true });
      else t.specificType(col.name, dialect.columnType(col.kind));
      if (col.references) t.foreign(col.name, indexName(def.name, `${col.name}_fk`)).references('id').inTable(col.references).onDelete('CASCADE');
    }
  });
  for (const idx of def.indexes) await createIndex(trx, dialect, def.name, idx, def);
}

/**
 * The key parts of an index: its quoted columns, except long text columns of a unique index on
 * MySQL, which key by the SHA-256 of the whole value (a prefix would make long values that begin
 * alike collide): `(SHA2("summary", 256))`. The index keeps its name, so a duplicate still names it.
 */
export function keyParts(dialect: Dialect, idx: Index | IndexDef, def: TableDef | undefined): string {
  return idx.columns.map((c) => dialect.keyPart(quoteId(c), def?.columns.find((col) => col.name === c)?.kind, idx.unique)).join(', ');
}

/**
 * MySQL: the table with its keys, indexes and foreign keys in one CREATE TABLE (knex's builder
 * sends one ALTER TABLE per index and per foreign key, each rebuilding the table).
 *   CREATE TABLE "tags" ("id" int unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY, "name" varchar(255),
 *     UNIQUE KEY "tags_name_unique" ("name")) DEFAULT CHARSET utf8mb4 COLLATE utf8mb4_nopad_bin
 */
export function createTableText(dialect: Dialect, def: TableDef, collation: string): string {
  const parts: string[] = [];
  for (const col of def.columns) {
    parts.push(col.kind === 'increments' ? `${quoteId(col.name)} int unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY` : `${quoteId(col.name)} ${dialect.columnType(col.kind)}`);
  }
  for (const idx of def.indexes) parts.push(`${idx.unique ? 'UNIQUE ' : ''}KEY ${quoteId(idx.name)} (${keyParts(dialect, idx, def)})`);
  for (const col of def.columns) {
    if (!col.references) continue;
    parts.push(`CONSTRAINT ${quoteId(indexName(def.name, `${col.name}_fk`))} FOREIGN KEY (${quoteId(col.name)}) REFERENCES ${quoteId(col.references)} ("id") ON DELETE CASCADE`);
  }
  return `CREATE TABLE ${quoteId(def.name)} (${parts.join(', ')}) DEFAULT CHARSET utf8mb4 COLLATE ${collation}`;
}

async function addColumn(trx: Knex.Transaction, dialect: Dialect, table: string, col: ColumnDef): Promise<void> {
  const target = col.references ? `REFERENCES ${quoteId(col.references)} ("id") ON DELETE CASCADE` : '';
  const ref = target ? dialect.columnReference(quoteId(indexName(table, `${col.name}_fk`)), quoteId(col.name), target) : '';
  await trx.raw(`ALTER TABLE ${quoteId(table)} ADD COLUMN ${quoteId(col.name)} ${dialect.columnType(col.kind as Exclude<ColumnDef['kind'], 'increments'>)}${ref}`);
}

/**
 * Widening keeps the values (Dialect.retypeColumn: ALTER COLUMN ... TYPE on PostgreSQL, MODIFY COLUMN
 * on MySQL, a copy into a new column on SQLite). A destructive change (allowed by the caller)
 * replaces the column, values dropped, on every database.
 */
async function retypeColumn(trx: Knex.Transaction, dialect: Dialect, c: PlannedChange, col: ColumnDef): Promise<void> {
  if (c.destructive) {
    await trx.raw(`ALTER TABLE ${quoteId(c.table)} DROP COLUMN ${quoteId(c.column as string)}`);
    await addColumn(trx, dialect, c.table, col);
    return;
  }
  const type = dialect.columnType(col.kind as Exclude<ColumnDef['kind'], 'increments'>);
  for (const statement of dialect.retypeColumn(c.table, c.column as string, type, c.from, c.to)) await trx.raw(statement);
}

async function createIndex(trx: Knex.Transaction, dialect: Dialect, table: string, idx: Index | IndexDef, def: TableDef | undefined): Promise<void> {
  // without IF NOT EXISTS where the database has none (MySQL): the sync adds an index only where its snapshot has none
  await trx.raw(dialect.createIndex(quoteId(idx.name), quoteId(table), keyParts(dialect, idx, def), idx.unique));
}
