/**
 * engine/repository/schema: the snapshot of what was last synced (kept in quire_schema_state), so a
 * later sync can tell an added attribute from a removed one and a widened type from an incompatible
 * one without reading each database's catalog. Plain JSON in its one row (id 1); read and written
 * inside the sync transaction with knex's builder, as quire's own tables are made.
 */
import type { Knex } from 'knex';
import type { Dialect } from '../dialect/dialect.js';
import { SCHEMA_STATE_TABLE } from '../naming.js';
import type { DesiredSchema, IndexDef, TableRole } from './table-defs.js';

export interface TableSnapshot {
  readonly role: TableRole;
  readonly about: string;
  /** column -> kind (`ref:<table>` for id columns pointing at a table) */
  readonly columns: Readonly<Record<string, string>>;
  readonly indexes: Readonly<Record<string, { readonly columns: readonly string[]; readonly unique: boolean }>>;
}

export interface SchemaSnapshot {
  readonly version: 1;
  readonly tables: Readonly<Record<string, TableSnapshot>>;
}

export const EMPTY_SNAPSHOT: SchemaSnapshot = { version: 1, tables: {} };

export function snapshotOf(schema: DesiredSchema): SchemaSnapshot {
  const tables: Record<string, TableSnapshot> = {};
  for (const t of schema.tables) {
    tables[t.name] = {
      role: t.role,
      about: t.about,
      columns: Object.fromEntries(t.columns.map((c) => [c.name, c.references ? `ref:${c.references}` : c.kind])),
      indexes: Object.fromEntries(t.indexes.map((i: IndexDef) => [i.name, { columns: [...i.columns], unique: i.unique }])),
    };
  }
  return { version: 1, tables };
}

/**
 * Create the state table when missing; true when it was created. The snapshot is a long text (a
 * project of 200 content-types writes ~150 KB): where `text` holds 64 KB (MySQL/MariaDB,
 * Dialect.longText), a table an earlier version made with it is widened here.
 */
export async function ensureStateTable(trx: Knex.Transaction, dialect: Dialect): Promise<boolean> {
  if (await trx.schema.hasTable(SCHEMA_STATE_TABLE)) {
    const longText = dialect.longText;
    if (longText !== undefined) {
      const info = await trx(SCHEMA_STATE_TABLE).columnInfo('snapshot');
      if (info.type !== longText) await trx.schema.alterTable(SCHEMA_STATE_TABLE, (t) => void t.text('snapshot', longText).notNullable().alter());
    }
    return false;
  }
  await trx.schema.createTable(SCHEMA_STATE_TABLE, (t) => {
    t.integer('id').primary();
    t.text('snapshot', 'longtext').notNullable();
    t.string('synced_at', 32).notNullable();
  });
  return true;
}

/**
 * The snapshot of the last sync; undefined when there is none, or when it cannot be read (a MySQL
 * snapshot an earlier version cut at 64 KB): the sync then describes the database as it is
 * (introspect) and writes the snapshot anew.
 */
export async function readSnapshot(trx: Knex.Transaction): Promise<SchemaSnapshot | undefined> {
  const row: { snapshot: string } | undefined = await trx(SCHEMA_STATE_TABLE).where('id', 1).first('snapshot');
  if (!row) return undefined;
  try {
    return JSON.parse(row.snapshot) as SchemaSnapshot;
  } catch {
    return undefined;
  }
}

/** The snapshot in the state table's one row (replacing the row there is, an unreadable one included). */
export async function writeSnapshot(trx: Knex.Transaction, snapshot: SchemaSnapshot): Promise<void> {
  const row = { snapshot: JSON.stringify(snapshot), synced_at: new Date().toISOString() };
  const patched = await trx(SCHEMA_STATE_TABLE).where('id', 1).update(row);
  if (patched === 0) await trx(SCHEMA_STATE_TABLE).insert({ id: 1, ...row });
}

/**
 * No snapshot yet (a database quire did not sync before): describe the desired tables that already
 * exist with the columns they really have, assuming those columns hold what the model says. Columns
 * and tables quire does not know about are left out, so they are never dropped.
 */
export async function introspect(trx: Knex.Transaction, schema: DesiredSchema): Promise<SchemaSnapshot> {
  const desired = snapshotOf(schema);
  const tables: Record<string, TableSnapshot> = {};
  for (const t of schema.tables) {
    if (!(await trx.schema.hasTable(t.name))) continue;
    const live = Object.keys(await trx(t.name).columnInfo());
    const want = desired.tables[t.name];
    tables[t.name] = { ...want, columns: Object.fromEntries(Object.entries(want.columns).filter(([c]) => live.includes(c))), indexes: {} };
  }
  return { version: 1, tables };
}
