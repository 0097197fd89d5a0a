/**
 * test/strapi: every table, column (with its type) and index of a database as sorted text lines,
 * split into Strapi's and quire's own (`quire_*`), so a run can show quire changed nothing of Strapi's.
 */
import knexFactory, { type Knex } from 'knex';

export interface Fingerprint {
  strapi: string[];
  own: string[];
}

/** `fn` with a knex of its own on the database (closed after) */
export async function onDatabase<T>(databaseUrl: string, fn: (knex: Knex) => Promise<T>): Promise<T> {
  const knex = knexFactory(databaseUrl.startsWith('sqlite:')
    ? { client: 'better-sqlite3', connection: { filename: databaseUrl.slice('sqlite:'.length) }, useNullAsDefault: true }
    : { client: 'pg', connection: databaseUrl });
  try {
    return await fn(knex);
  } finally {
    await knex.destroy();
  }
}

export function schemaFingerprint(databaseUrl: string): Promise<Fingerprint> {
  const sqlite = databaseUrl.startsWith('sqlite:');
  return onDatabase(databaseUrl, async (knex) => {
    const lines: string[] = [];
    if (sqlite) {
      const objects = (await knex.raw(`SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'`)) as { type: string; name: string; tbl_name: string; sql: string | null }[];
      for (const o of objects) lines.push(`${o.type} ${o.tbl_name} ${o.name} ${o.sql ?? ''}`);
    } else {
      const cols = await knex.raw(`SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = current_schema()`);
      for (const c of cols.rows) lines.push(`column ${c.table_name}.${c.column_name} ${c.data_type} ${c.is_nullable}`);
      const idx = await knex.raw(`SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema()`);
      for (const i of idx.rows) lines.push(`index ${i.tablename} ${i.indexname} ${i.indexdef}`);
      const cons = await knex.raw(`SELECT conrelid::regclass::text AS t, conname, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE connamespace = current_schema()::regnamespace`);
      for (const c of cons.rows) lines.push(`constraint ${c.t} ${c.conname} ${c.def}`);
    }
    lines.sort();
    const isOwn = (l: string) => l.split(' ')[1].startsWith('quire_');
    return { strapi: lines.filter((l) => !isOwn(l)), own: [...new Set(lines.filter(isOwn).map((l) => l.split(' ')[1].split('.')[0]))] };
  });
}
