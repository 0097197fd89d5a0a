/**
 * test/strapi: records test/fixtures/strapi-db/, the Strapi-made databases `make test` serves without
 * Strapi: real Strapi 4.26.2 creates the schema and the seeded content on SQLite (the database file,
 * vacuumed), on PostgreSQL (a plain-SQL dump) and on MySQL/MariaDB (a mysqldump), and its answers to
 * the public reads of read-requests.ts are kept next to them, with the keys of two API tokens made in its admin.
 * Then the rows Strapi's writes leave on those databases are recorded too (record-writes.ts).
 *   node dist/test/strapi/record-fixture.js [sqlite] [postgres] [mysql]     (default all; then review and commit test/fixtures/strapi-db)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { readRequests } from './read-requests.js';
import { call, seedContent, type Http } from './seed-strapi.js';
import { mysqlConnection, onDatabase } from './schema-fingerprint.js';
import { adminTokens, ensureStrapi, MYSQL_URL, PG_URL, REF, ROOT, startStrapi, type StrapiDialect } from './strapi-process.js';
import { recordWrites } from './record-writes.js';

const OUT = join(ROOT, 'test', 'fixtures', 'strapi-db');

/** the public reads only: answers that do not depend on a token or JWT made at recording time */
const requests = () => readRequests().filter((r) => r.auth === 'public');

async function record(http: Http): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const r of requests()) {
    const res = r.graphql ? await call(http, 'POST', r.path, { query: r.graphql }, null) : await call(http, 'GET', r.path, undefined, null);
    out.push({ path: r.path, ...(r.graphql ? { graphql: r.graphql } : {}), status: res.status, body: res.body });
  }
  return out;
}

async function main(): Promise<void> {
  ensureStrapi();
  mkdirSync(OUT, { recursive: true });
  const asked = process.argv.slice(2) as StrapiDialect[];
  for (const dialect of (['sqlite', 'postgres', 'mysql'] as const).filter((d) => asked.length === 0 || asked.includes(d))) {
    const dbName = dialect === 'sqlite' ? join(REF, '.tmp', 'fixture.db') : `quire_strapi_fixture_${process.pid}`;
    if (dialect === 'sqlite') rmSync(dbName, { force: true });
    const admin = new pg.Client({ connectionString: PG_URL });
    const mysqlAdmin = dialect === 'mysql' ? await mysql.createConnection({ ...mysqlConnection(MYSQL_URL), database: undefined }) : undefined;
    if (dialect === 'postgres') {
      await admin.connect();
      await admin.query(`CREATE DATABASE "${dbName}"`);
    }
    await mysqlAdmin?.query(`CREATE DATABASE \`${dbName}\` CHARACTER SET utf8mb4`);
    const strapi = await startStrapi(dialect, dbName);
    try {
      const seeded = await seedContent(strapi.http);
      const tokens = await adminTokens(strapi.http);
      const answers = await record(strapi.http);
      await strapi.stop();
      const recorded = { strapi: '4.26.2', dialect, fullAccessKey: strapi.http.token, readOnlyKey: tokens.readOnly, customKey: tokens.custom, user: seeded.user.id, answers };
      writeFileSync(join(OUT, `answers-${dialect}.json.gz`), gzipSync(JSON.stringify(recorded) + '\n', { level: 9 }));
      if (dialect === 'sqlite') {
        await onDatabase(`sqlite:${dbName}`, (knex) => knex.raw('VACUUM'));
        writeFileSync(join(OUT, 'strapi.db.gz'), gzipSync(readFileSync(dbName), { level: 9 }));
      } else if (dialect === 'mysql') {
        const u = new URL(MYSQL_URL);
        const args = ['--skip-comments', '--skip-dump-date', '--no-tablespaces', '--skip-lock-tables', '--skip-add-locks', '-h', u.hostname, '-P', u.port || '3306', '-u', decodeURIComponent(u.username || 'root'), ...(u.password ? [`-p${decodeURIComponent(u.password)}`] : []), dbName];
        const dump = spawnSync('mysqldump', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
        if (dump.status !== 0) throw new Error(`mysqldump failed: ${dump.stderr}`);
        writeFileSync(join(OUT, 'strapi-mysql.sql.gz'), gzipSync(dump.stdout, { level: 9 }));
      } else {
        const u = new URL(PG_URL);
        const dump = spawnSync('pg_dump', ['--inserts', '--no-owner', '--no-privileges', '--no-comments', '-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres'), dbName], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
        if (dump.status !== 0) throw new Error(`pg_dump failed: ${dump.stderr}`);
        // psql meta-commands (`\restrict` of newer pg_dump) are not SQL: the test loads the dump through a driver
        const sql = dump.stdout.split('\n').filter((l) => !l.startsWith('\\')).join('\n');
        writeFileSync(join(OUT, 'strapi-postgres.sql.gz'), gzipSync(sql, { level: 9 }));
      }
      process.stdout.write(`recorded ${dialect}: ${answers.length} answers\n`);
    } finally {
      await strapi.stop();
      if (dialect === 'postgres') {
        await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
        await admin.end();
      }
      if (mysqlAdmin) {
        await mysqlAdmin.query(`DROP DATABASE IF EXISTS \`${dbName}\``);
        await mysqlAdmin.end();
      }
    }
  }
  for (const dialect of (['sqlite', 'postgres'] as const).filter((d) => asked.length === 0 || asked.includes(d))) await recordWrites(dialect);
}

main().then(() => process.exit(0), (err) => {
  process.stderr.write(`${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
