/**
 * test helpers: a fresh, private database per call for the dialect under test (QUIRE_TEST_DIALECT):
 * SQLite, a new file in a temp dir; PostgreSQL (and MySQL/MariaDB through QUIRE_MYSQL_URL), a new database `quire_test_<name>_<pid>_<n>` made
 * through QUIRE_PG_URL and dropped at process exit (and by the next run if this one crashed), so
 * test files run in parallel without seeing each other's rows. Also the compiled example model.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { compileSpec } from '../../compiler/compile.js';
import type { NormalizedModel } from '../../compiler/model/types.js';
import { EXAMPLE_SPEC, tempDir } from './spec-dir.js';

export type TestDialect = 'sqlite' | 'postgres' | 'mysql';
export const TEST_DIALECT = (process.env.QUIRE_TEST_DIALECT || 'sqlite') as TestDialect;
export const PG_URL = process.env.QUIRE_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const MYSQL_URL = process.env.QUIRE_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';

const PREFIX = 'quire_test_';
const created: { databases: string[]; mysqlDatabases: string[]; dirs: string[] } = { databases: [], mysqlDatabases: [], dirs: [] };
let counter = 0;
let sweptStale = false;
let sweptStaleMysql = false;

async function withMysqlAdmin<T>(fn: (conn: mysql.Connection) => Promise<T>): Promise<T> {
  const url = new URL(MYSQL_URL);
  const conn = await mysql.createConnection({ host: url.hostname, port: Number(url.port || 3306), user: decodeURIComponent(url.username || 'root'), password: decodeURIComponent(url.password) });
  try {
    return await fn(conn);
  } finally {
    await conn.end();
  }
}

/** MySQL/MariaDB databases left by test processes that died before dropping them. */
async function sweepStaleMysql(conn: mysql.Connection): Promise<void> {
  const [rows] = await conn.query(`SHOW DATABASES LIKE '${PREFIX}%'`);
  for (const row of rows as Record<string, string>[]) {
    const name = Object.values(row)[0];
    const pid = Number(/_(\d+)_\d+$/.exec(name)?.[1]);
    if (Number.isInteger(pid) && pid !== process.pid && !pidAlive(pid)) await conn.query(`DROP DATABASE IF EXISTS \`${name}\``).catch(() => undefined);
  }
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Databases left by test processes that died before dropping them. */
async function sweepStale(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE '${PREFIX}%'`);
  for (const { datname } of rows) {
    const pid = Number(/_(\d+)_\d+$/.exec(datname)?.[1]);
    if (Number.isInteger(pid) && pid !== process.pid && !pidAlive(pid)) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
  }
}

function databaseUrlFor(name: string): string {
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A database URL nobody else uses: `sqlite:/tmp/…/test.db`, `postgres://…/quire_test_<name>_<pid>_<n>` or `mysql://…/quire_test_<name>_<pid>_<n>`. */
export async function testDatabaseUrl(name: string, dialect: TestDialect = TEST_DIALECT): Promise<string> {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '_').slice(0, 30);
  if (dialect === 'sqlite') {
    const dir = tempDir(`quire-db-${slug}-`);
    created.dirs.push(dir);
    return `sqlite:${join(dir, 'test.db')}`;
  }
  const db = `${PREFIX}${slug}_${process.pid}_${counter++}`;
  if (dialect === 'mysql') {
    await withMysqlAdmin(async (conn) => {
      if (!sweptStaleMysql) {
        sweptStaleMysql = true;
        await sweepStaleMysql(conn);
      }
      await conn.query(`DROP DATABASE IF EXISTS \`${db}\``);
      await conn.query(`CREATE DATABASE \`${db}\` CHARACTER SET utf8mb4`);
    });
    created.mysqlDatabases.push(db);
    const url = new URL(MYSQL_URL);
    url.pathname = `/${db}`;
    return url.toString();
  }
  await withAdmin(async (client) => {
    if (!sweptStale) {
      sweptStale = true;
      await sweepStale(client);
    }
    await client.query(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${db}"`);
  });
  created.databases.push(db);
  return databaseUrlFor(db);
}

/** Drop one database (or remove one SQLite temp dir) made by testDatabaseUrl; close its connections first. */
export async function dropTestDatabase(databaseUrl: string): Promise<void> {
  if (databaseUrl.startsWith('sqlite:')) {
    const file = databaseUrl.slice('sqlite:'.length);
    const at = created.dirs.findIndex((d) => file.startsWith(d + '/'));
    if (at >= 0) rmSync(created.dirs.splice(at, 1)[0], { recursive: true, force: true });
    return;
  }
  const db = new URL(databaseUrl).pathname.slice(1);
  if (databaseUrl.startsWith('mysql:')) {
    const i = created.mysqlDatabases.indexOf(db);
    if (i < 0) return;
    created.mysqlDatabases.splice(i, 1);
    await withMysqlAdmin((conn) => conn.query(`DROP DATABASE IF EXISTS \`${db}\``)).catch(() => undefined);
    return;
  }
  const at = created.databases.indexOf(db);
  if (at < 0) return;
  created.databases.splice(at, 1);
  await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`)).catch(() => undefined);
}

/** Drop every database and temp dir this process made (also run automatically before exit). */
export async function dropTestDatabases(): Promise<void> {
  const dbs = created.databases.splice(0);
  const dirs = created.dirs.splice(0);
  const mysqlDbs = created.mysqlDatabases.splice(0);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  if (mysqlDbs.length > 0) {
    await withMysqlAdmin(async (conn) => {
      for (const db of mysqlDbs) await conn.query(`DROP DATABASE IF EXISTS \`${db}\``);
    }).catch(() => undefined);
  }
  if (dbs.length === 0) return;
  await withAdmin(async (client) => {
    for (const db of dbs) await client.query(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`);
  }).catch(() => undefined);
}

let hooked = false;
function hookExit(): void {
  if (hooked) return;
  hooked = true;
  process.once('beforeExit', () => void dropTestDatabases());
}
hookExit();

let example: Promise<NormalizedModel> | undefined;

/** The NormalizedModel of specs/example, compiled once per process. */
export function loadExampleModel(): Promise<NormalizedModel> {
  example ??= compileSpec(EXAMPLE_SPEC).then((r) => r.model);
  return example;
}
