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
    : /^(mysql|mariadb):/.test(databaseUrl) ? { client: 'mysql2', connection: mysqlConnection(databaseUrl) } : { client: 'pg', connection: databaseUrl });
  try {
    return await fn(knex);
  } finally {
    await knex.destroy();
  }
}

/** `mysql://root@127.0.0.1:3306/db` -> mysql2's options (several statements allowed: a dump loads in one call) */
export function mysqlConnection(databaseUrl: string): Record<string, unknown> {
  const u = new URL(databaseUrl.replace(/^mariadb:/, 'mysql:'));
  return { host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username || 'root'), password: decodeURIComponent(u.password), database: decodeURIComponent(u.pathname.slice(1)), charset: 'utf8mb4', multipleStatements: true };
}

export function schemaFingerprint(databaseUrl: string): Promise<Fingerprint> {
  const sqlite = databaseUrl.startsWith('sqlite:');
  const mysql = /^(mysql|mariadb):/.test(databaseUrl);
  return onDatabase(databaseUrl, async (knex) => {
    const lines: string[] = [];
    if (sqlite) {
      const objects = (await knex.raw(`SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'`)) as { type: string; name: string; tbl_name: string; sql: string | null }[];
      for (const o of objects) lines.push(`${o.type} ${o.tbl_name} ${o.name} ${o.sql ?? ''}`);
    } else if (mysql) {
      const [cols] = await knex.raw(`SELECT table_name AS t, column_name AS c, column_type AS type, is_nullable AS n FROM information_schema.columns WHERE table_schema = DATABASE()`);
      for (const c of cols) lines.push(`column ${c.t}.${c.c} ${c.type} ${c.n}`);
      const [idx] = await knex.raw(`SELECT table_name AS t, index_name AS i, non_unique AS u, GROUP_CONCAT(column_name ORDER BY seq_in_index) AS cols FROM information_schema.statistics WHERE table_schema = DATABASE() GROUP BY table_name, index_name, non_unique`);
      for (const i of idx) lines.push(`index ${i.t} ${i.i} ${i.u} ${i.cols}`);
      const [cons] = await knex.raw(`SELECT table_name AS t, constraint_name AS c, constraint_type AS type FROM information_schema.table_constraints WHERE table_schema = DATABASE()`);
      for (const c of cons) lines.push(`constraint ${c.t} ${c.c} ${c.type}`);
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
