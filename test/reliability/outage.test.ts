/**
 * reliability: the database goes away under load and comes back. PostgreSQL: the server's backends
 * are terminated (pg_terminate_backend) again and again while requests are in flight, then the
 * database refuses connections for a while (ALLOW_CONNECTIONS false) and is allowed again; the
 * process survives, answers 503 ServiceUnavailableError with Retry-After (no SQL, no stack) while
 * the database is gone, recovers by itself and shows no 5xx afterwards. Pool exhaustion and a
 * locked table answer 503 within the configured timeouts instead of hanging. SQLite: a database
 * write-locked by another process answers 503 within the busy timeout, and recovers. Both: a
 * database unreachable at start ends `quire serve` with one line (exit 1), no stack. MySQL/MariaDB:
 * connections killed, the account locked for a while, a table locked (LOCK TABLES), as on PostgreSQL.
 * The shared server is never restarted: only this test's own database is cut off.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import mysql from 'mysql2/promise';
import { PG_URL, testDatabaseUrl } from '../helpers/database.js';
import { DIALECT, startTestServer, type TestResponse, type TestServer } from '../helpers/server.js';
import { postEntry } from '../helpers/seed-content.js';
import { EXAMPLE_SPEC, REPO_ROOT, tempDir } from '../helpers/spec-dir.js';

/** a port nothing listens on */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const LEAKS = /select |insert |update |delete from|pg_|knex|sqlite|syntax|\bat .+\.js:\d+|stack/i;

function assertUnavailable(r: TestResponse): void {
  assert.is(r.status, 503, r.text);
  assert.is(r.body?.data, null, r.text);
  assert.is(r.body.error.name, 'ServiceUnavailableError', r.text);
  assert.is(r.body.error.status, 503);
  assert.ok(Number(r.headers.get('retry-after')) > 0, 'Retry-After');
  assert.not.match(r.text, LEAKS, 'no SQL or stack in the answer');
}

/**
 * A GraphQL answer seen as REST would be: 200 without errors; errors that are all the database being
 * away count as the 503 they stand for (GraphQL answers them in the body, status 200, as Strapi's plugin).
 */
function graphqlAsHttp(r: TestResponse): TestResponse {
  if (r.status !== 200 || !r.body?.errors) return r;
  assert.not.match(r.text, LEAKS, 'no SQL or stack in a GraphQL answer');
  const codes = (r.body.errors as { extensions?: { code?: string } }[]).map((e) => e.extensions?.code);
  if (codes.every((c) => c === 'STRAPI_SERVICE_UNAVAILABLE_ERROR')) {
    const headers = new Headers({ 'retry-after': '1' });
    return { status: 503, headers, body: { data: null, error: { status: 503, name: 'ServiceUnavailableError' } }, text: '' };
  }
  return { ...r, status: 500 };
}

interface Sample {
  at: number;
  ms: number;
  r: TestResponse;
}

/** `clients` loops of mixed reads and writes until stop(); every answer kept with its start time */
function load(s: TestServer, token: string, clients = 6) {
  const samples: Sample[] = [];
  let running = true;
  let n = 0;
  const loops = Array.from({ length: clients }, async (_, c) => {
    while (running) {
      const at = Date.now();
      const i = n++;
      let r: TestResponse;
      try {
        r =
          i % 4 === 0
            ? await s.request('POST', '/api/tags', { body: { data: { name: `load-${c}-${i}` } }, token })
            : i % 4 === 1
              ? await s.get('/api/articles?populate=*&pagination[pageSize]=5', token)
              : i % 4 === 2
                ? await s.get('/api/tags?sort=name', token)
                : await s.request('POST', '/graphql', { body: { query: '{ articles { data { id attributes { title tags { data { id } } } } } }' }, token });
      } catch (err) {
        r = { status: 0, headers: new Headers(), body: undefined, text: String(err) };
      }
      samples.push({ at, ms: Date.now() - at, r: i % 4 === 3 ? graphqlAsHttp(r) : r });
      await sleep(5);
    }
  });
  return {
    samples,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

if (DIALECT === 'postgres') {
  let s: TestServer;
  let token: string;
  let admin: pg.Client;
  let dbName: string;

  const terminate = () => admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [dbName]);
  const allowConnections = (on: boolean) => admin.query(`ALTER DATABASE "${dbName}" WITH ALLOW_CONNECTIONS ${on}`);

  test.before(async () => {
    s = await startTestServer({ name: 'rel-outage', env: { DATABASE_ACQUIRE_TIMEOUT_MS: '1000', DATABASE_STATEMENT_TIMEOUT_MS: '1500', DATABASE_POOL_MAX: '4' } });
    token = await s.token('full-access');
    dbName = new URL(s.databaseUrl).pathname.slice(1);
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    for (let i = 0; i < 5; i++) await postEntry(s, token, '/api/articles', { title: `Outage ${i}`, format: 'news', seo: { metaTitle: 'x' } });
  });

  test.after(async () => {
    await allowConnections(true).catch(() => undefined);
    await admin?.end().catch(() => undefined);
    await s?.stop();
  });

  test('backends terminated under load, then the database gone and back: 503 + Retry-After meanwhile, no 5xx after', async () => {
    const l = load(s, token);
    await sleep(300);
    // 1. connections killed again and again while requests are in flight
    const killingUntil = Date.now() + 2000;
    while (Date.now() < killingUntil) {
      await terminate();
      await sleep(100);
    }
    // 2. the database refuses connections for 2 s
    await allowConnections(false);
    await terminate();
    const goneFrom = Date.now();
    await sleep(2000);
    const goneUntil = Date.now();
    await allowConnections(true);
    const back = Date.now();
    // 3. recovers by itself
    let recovered = 0;
    while (Date.now() - back < 10_000) {
      if ((await s.get('/api/tags', token)).status === 200) {
        recovered = Date.now();
        break;
      }
      await sleep(100);
    }
    assert.ok(recovered > 0, 'recovered within 10 s of the database coming back');
    await sleep(1500);
    await l.stop();

    for (const { r } of l.samples) {
      assert.ok(r.status !== 0, `the process answered every request: ${r.text}`);
      if (r.status >= 500) assertUnavailable(r);
      else assert.ok(r.status === 200, `${r.status} ${r.text}`);
    }
    const during = l.samples.filter((x) => x.at >= goneFrom + 200 && x.at + x.ms <= goneUntil);
    assert.ok(during.length > 5, `requests were made while the database was gone (${during.length})`);
    for (const { r, ms } of during) {
      assertUnavailable(r);
      assert.ok(ms < 2000, `503 answered in ${ms} ms`);
    }
    const after = l.samples.filter((x) => x.at >= recovered);
    assert.ok(after.length > 20, `requests after recovery (${after.length})`);
    for (const { r } of after) assert.is(r.status, 200, r.text);
    assert.ok(l.samples.some((x) => x.at < goneFrom && x.r.status === 503), 'terminated backends were seen as 503s');
  });

  test('pool exhaustion and a locked table: 503 within the timeouts, then 200 again', async () => {
    const locker = new pg.Client({ connectionString: s.databaseUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE tags IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      const results = await Promise.all(
        Array.from({ length: 12 }, async () => {
          const t = Date.now();
          const r = await s.get('/api/tags', token);
          return { r, ms: Date.now() - t };
        }),
      );
      for (const { r, ms } of results) {
        assertUnavailable(r);
        assert.ok(ms < 3000, `answered in ${ms} ms`);
      }
      assert.ok(Date.now() - started < 4000);
      assert.ok(results.some(({ r }) => r.body.error.message === 'Database timeout'), 'statement timeout seen');
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      await locker.end();
    }
    const ok = await Promise.all(Array.from({ length: 12 }, () => s.get('/api/tags', token)));
    for (const r of ok) assert.is(r.status, 200, r.text);
  });
} else if (DIALECT === 'mysql') {
  // MySQL/MariaDB: the server's connections are killed (KILL CONNECTION) under load, then its account
  // is locked (ACCOUNT LOCK: new connections refused) for 2 s and unlocked; a table locked by another
  // session (LOCK TABLES ... WRITE) answers 503 within the lock wait timeout
  let s: TestServer;
  let token: string;
  let admin: mysql.Connection;
  let dbName: string;
  const user = `quire_outage_${process.pid}`;

  const terminate = async () => {
    const [rows] = await admin.query('SELECT id FROM information_schema.processlist WHERE db = ? AND id <> CONNECTION_ID()', [dbName]);
    for (const { id } of rows as { id: number }[]) await admin.query(`KILL CONNECTION ${Number(id)}`).catch(() => undefined);
  };
  const allowConnections = (on: boolean) => admin.query(`ALTER USER '${user}'@'%' ACCOUNT ${on ? 'UNLOCK' : 'LOCK'}`);

  test.before(async () => {
    const url = new URL(await testDatabaseUrl('rel-outage'));
    dbName = url.pathname.slice(1);
    admin = await mysql.createConnection({ host: url.hostname, port: Number(url.port || 3306), user: decodeURIComponent(url.username || 'root'), password: decodeURIComponent(url.password) });
    await admin.query(`DROP USER IF EXISTS '${user}'@'%'`);
    await admin.query(`CREATE USER '${user}'@'%' IDENTIFIED BY 'outage-pw'`);
    await admin.query(`GRANT ALL ON \`${dbName}\`.* TO '${user}'@'%'`);
    url.username = user;
    url.password = 'outage-pw';
    s = await startTestServer({ name: 'rel-outage', databaseUrl: url.toString(), env: { DATABASE_ACQUIRE_TIMEOUT_MS: '1000', DATABASE_STATEMENT_TIMEOUT_MS: '1500', DATABASE_POOL_MAX: '4' } });
    token = await s.token('full-access');
    for (let i = 0; i < 5; i++) await postEntry(s, token, '/api/articles', { title: `Outage ${i}`, format: 'news', seo: { metaTitle: 'x' } });
  });

  test.after(async () => {
    await s?.stop();
    await admin?.query(`DROP USER IF EXISTS '${user}'@'%'`).catch(() => undefined);
    await admin?.end().catch(() => undefined);
  });

  test('connections killed under load, then the account locked and unlocked: 503 + Retry-After meanwhile, no 5xx after', async () => {
    const l = load(s, token);
    await sleep(300);
    const killingUntil = Date.now() + 2000;
    while (Date.now() < killingUntil) {
      await terminate();
      await sleep(100);
    }
    await allowConnections(false);
    await terminate();
    const goneFrom = Date.now();
    await sleep(2000);
    const goneUntil = Date.now();
    await allowConnections(true);
    const back = Date.now();
    let recovered = 0;
    while (Date.now() - back < 10_000) {
      if ((await s.get('/api/tags', token)).status === 200) {
        recovered = Date.now();
        break;
      }
      await sleep(100);
    }
    assert.ok(recovered > 0, 'recovered within 10 s of the database coming back');
    await sleep(1500);
    await l.stop();
    for (const { r } of l.samples) {
      assert.ok(r.status !== 0, `the process answered every request: ${r.text}`);
      if (r.status >= 500) assertUnavailable(r);
      else assert.ok(r.status === 200, `${r.status} ${r.text}`);
    }
    const during = l.samples.filter((x) => x.at >= goneFrom + 200 && x.at + x.ms <= goneUntil);
    assert.ok(during.length > 5, `requests were made while the database was gone (${during.length})`);
    for (const { r, ms } of during) {
      assertUnavailable(r);
      assert.ok(ms < 2000, `503 answered in ${ms} ms`);
    }
    const after = l.samples.filter((x) => x.at >= recovered);
    assert.ok(after.length > 20, `requests after recovery (${after.length})`);
    for (const { r } of after) assert.is(r.status, 200, r.text);
    assert.ok(l.samples.some((x) => x.at < goneFrom && x.r.status === 503), 'killed connections were seen as 503s');
  });

  test('pool exhaustion and a locked table: 503 within the timeouts, then 200 again', async () => {
    const url = new URL(s.databaseUrl);
    const locker = await mysql.createConnection({ host: url.hostname, port: Number(url.port || 3306), user, password: 'outage-pw', database: dbName });
    try {
      await locker.query('LOCK TABLES tags WRITE');
      const started = Date.now();
      const results = await Promise.all(
        Array.from({ length: 12 }, async () => {
          const t = Date.now();
          const r = await s.get('/api/tags', token);
          return { r, ms: Date.now() - t };
        }),
      );
      for (const { r, ms } of results) {
        assertUnavailable(r);
        assert.ok(ms < 3500, `answered in ${ms} ms`);
      }
      assert.ok(Date.now() - started < 5000);
      assert.ok(results.some(({ r }) => r.body.error.message === 'Database timeout'), 'lock wait timeout seen');
    } finally {
      await locker.query('UNLOCK TABLES').catch(() => undefined);
      await locker.end();
    }
    const ok = await Promise.all(Array.from({ length: 12 }, () => s.get('/api/tags', token)));
    for (const r of ok) assert.is(r.status, 200, r.text);
  });
} else {
  test('a database write-locked by another process: writes answer 503 within the busy timeout, reads go on, then recovery', async () => {
    const s = await startTestServer({ name: 'rel-outage-sqlite', env: { DATABASE_STATEMENT_TIMEOUT_MS: '300' } });
    const token = await s.token('full-access');
    const other = new Database(s.databaseUrl.slice('sqlite:'.length));
    try {
      other.exec('BEGIN IMMEDIATE');
      const t = Date.now();
      const w = await s.request('POST', '/api/tags', { body: { data: { name: 'blocked' } }, token });
      assertUnavailable(w);
      assert.ok(Date.now() - t < 2000, `answered in ${Date.now() - t} ms`);
      assert.is((await s.get('/api/tags', token)).status, 200, 'reads go on');
      other.exec('ROLLBACK');
      const again = await s.request('POST', '/api/tags', { body: { data: { name: 'blocked' } }, token });
      assert.is(again.status, 200, again.text);
    } finally {
      other.close();
      await s.stop();
    }
  });
  process.stdout.write('outage.test: killed connections and pool cases run on PostgreSQL and MySQL/MariaDB only\n');
}

test('quire serve with its database unreachable at start: exit 5 with one line naming it, no stack, no secret', async () => {
  const state = tempDir();
  writeFileSync(join(state, 'a-file'), '');
  const databaseUrl =
    DIALECT === 'postgres' ? `postgres://postgres:hunter2-secret@127.0.0.1:${await closedPort()}/nowhere`
    : DIALECT === 'mysql' ? `mysql://root:hunter2-secret@127.0.0.1:${await closedPort()}/nowhere`
    : `sqlite:${join(state, 'a-file', 'data.db')}`;
  const env = { ...process.env, DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', API_TOKEN_SALT: 'outage-salt-0123456789', JWT_SECRET: 'outage-jwt-0123456789', LOG_LEVEL: 'warn' };
  const started = Date.now();
  const r = spawnSync(process.execPath, [join(REPO_ROOT, 'bin', 'quire.js'), 'serve', '--artifacts', join(EXAMPLE_SPEC, 'artifacts')], { env, cwd: state, encoding: 'utf8', timeout: 30_000 });
  assert.is(r.status, 5, r.stderr);
  assert.ok(Date.now() - started < 15_000);
  const lines = r.stderr.trim().split('\n');
  assert.is(lines.length, 1, r.stderr);
  assert.match(lines[0], /^quire serve: the database at .+ is unavailable \(.+\)$/);
  assert.not.match(r.stderr, /hunter2|\n\s+at /);
});

test.run();
