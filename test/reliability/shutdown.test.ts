/**
 * reliability: graceful shutdown of `quire serve` as a process. SIGTERM under autocannon load: every
 * answer is a 200 (in-flight requests finish, keep-alive connections are closed after their answer),
 * new connections are refused, the process exits 0 quickly. A request still receiving its body
 * finishes after SIGTERM; one held longer than SHUTDOWN_TIMEOUT_MS does not keep the process: it
 * exits 0 at the deadline. Both databases; on PostgreSQL also a request waiting on a table lock,
 * before and past the deadline (its connection is cut so the pool closes).
 */
import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testDatabaseUrl } from '../helpers/database.js';
import { EXAMPLE_ARTIFACTS, QUIRE_BIN, serveProcess, type ServeProcess } from '../helpers/serve-process.js';
import { DIALECT } from '../helpers/server.js';
import { tempDir } from '../helpers/spec-dir.js';

interface CannonResult {
  requests: { total: number };
  non2xx: number;
  errors: number;
  statusCodeStats: Record<string, { count: number }>;
}
// autocannon ships no types
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: object) => Promise<CannonResult> & { stop(): void };

const quire = QUIRE_BIN;
const artifacts = EXAMPLE_ARTIFACTS;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Served extends ServeProcess {
  token: string;
  databaseUrl: string;
}

async function serve(name: string, shutdownMs: number): Promise<Served> {
  const databaseUrl = await testDatabaseUrl(name);
  const state = tempDir();
  const env = {
    ...process.env, DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', API_TOKEN_SALT: 'shutdown-salt-0123456789',
    JWT_SECRET: 'shutdown-jwt-0123456789', LOG_LEVEL: 'warn', SHUTDOWN_TIMEOUT_MS: String(shutdownMs), DATABASE_STATEMENT_TIMEOUT_MS: '20000',
  };
  const tok = spawnSync(process.execPath, [quire, 'token', 'create', '--artifacts', artifacts, '--name', 'load', '--type', 'full-access'], { env, cwd: state, encoding: 'utf8' });
  assert.is(tok.status, 0, tok.stderr);
  return { ...(await serveProcess(env, state)), token: tok.stdout.trim(), databaseUrl };
}

async function post(s: Served, path: string, data: unknown): Promise<Response> {
  return fetch(s.url + path, { method: 'POST', headers: { Authorization: `Bearer ${s.token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ data }) });
}

async function connectionRefused(url: string): Promise<boolean> {
  try {
    await fetch(url + '/_health');
    return false;
  } catch (err) {
    return /ECONNREFUSED/.test(String((err as { cause?: unknown }).cause ?? err));
  }
}

/** PostgreSQL: blocks every statement on `tags` from outside the server until release() */
async function lockTags(databaseUrl: string): Promise<{ release(): Promise<void> }> {
  if (databaseUrl.startsWith('mysql:')) {
    const u = new URL(databaseUrl);
    const conn = await mysql.createConnection({ host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username || 'root'), password: decodeURIComponent(u.password), database: u.pathname.slice(1) });
    await conn.query('LOCK TABLES tags WRITE');
    return {
      release: async () => {
        await conn.query('UNLOCK TABLES');
        await conn.end();
      },
    };
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('BEGIN');
  await client.query('LOCK TABLE tags IN ACCESS EXCLUSIVE MODE');
  return {
    release: async () => {
      await client.query('ROLLBACK');
      await client.end();
    },
  };
}

test('SIGTERM under load: every answer a 200, new connections refused, exit 0 quickly', async () => {
  const s = await serve('rel-shutdown-load', 10_000);
  for (let i = 0; i < 5; i++) assert.is((await post(s, '/api/articles', { title: `Load ${i}`, format: 'news' })).status, 200);
  const statuses = new Map<number, number>();
  let n = 0;
  const cannon = autocannon({
    url: s.url,
    connections: 20,
    duration: 6,
    headers: { Authorization: `Bearer ${s.token}`, 'Content-Type': 'application/json' },
    requests: [{
      setupRequest: (req: Record<string, unknown>) => {
        const i = n++;
        if (i % 5 === 0) return { ...req, method: 'POST', path: '/api/tags', body: JSON.stringify({ data: { name: `t${i}` } }) };
        return { ...req, method: 'GET', path: i % 2 ? '/api/articles?populate=*' : '/api/tags' };
      },
    }],
  }) as Promise<CannonResult> & { on(ev: string, fn: (...a: unknown[]) => void): void; stop(): void };
  cannon.on('response', (_client: unknown, status: unknown) => statuses.set(status as number, (statuses.get(status as number) ?? 0) + 1));
  const answered = () => [...statuses.values()].reduce((a, b) => a + b, 0);
  try {
    // the load is running once 50 answers came back (at least 1.5 s, at most 5 s of the 6 s load: a busy machine answers slower)
    const started = Date.now();
    await sleep(1500);
    while (answered() <= 50 && Date.now() - started < 5000) await sleep(100);
    assert.ok(answered() > 50, `load is running (${answered()} answers)`);
    const sent = Date.now();
    s.child.kill('SIGTERM');
    const code = await Promise.race([s.exit, sleep(8000).then(() => 'still running')]);
    const took = Date.now() - sent;
    await sleep(200);
    assert.ok(await connectionRefused(s.url), 'new connections are refused once stopped');
    assert.is(code, 0, s.output());
    assert.ok(took < 3000, `exited ${took} ms after SIGTERM`);
    assert.equal([...statuses.keys()], [200], `only 200s: ${JSON.stringify([...statuses])}`);
    assert.match(s.output(), /SIGTERM received/);
  } finally {
    cannon.stop();
    await cannon;
    // a failed assertion must not leave the server running: its pipes would keep the suite alive
    if (s.child.exitCode === null) s.child.kill('SIGKILL');
  }
});

/** A POST whose body arrives in two halves: send the first now, the rest with finish(). */
function slowPost(s: Served, path: string, data: unknown): { finish(): void; answer: Promise<{ status: number; text: string } | string> } {
  const body = Buffer.from(JSON.stringify({ data }));
  const req = request(s.url + path, { method: 'POST', headers: { Authorization: `Bearer ${s.token}`, 'Content-Type': 'application/json', 'Content-Length': String(body.length) } });
  const answer = new Promise<{ status: number; text: string } | string>((resolve) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', (err) => resolve(String(err)));
    });
    req.on('error', (err) => resolve(String(err)));
  });
  req.write(body.subarray(0, 10));
  return { finish: () => req.end(body.subarray(10)), answer };
}

test('SIGTERM while a request body is still arriving: the request finishes, new connections are refused, exit 0', async () => {
  const s = await serve('rel-shutdown-inflight', 10_000);
  const slow = slowPost(s, '/api/tags', { name: 'slow-body' });
  try {
    await sleep(300);
    s.child.kill('SIGTERM');
    await sleep(500);
    assert.ok(await connectionRefused(s.url), 'a new connection is refused while the request is in flight');
    assert.is(s.child.exitCode, null, 'still running for the in-flight request');
    slow.finish();
    const r = await slow.answer;
    assert.is(typeof r === 'string' ? r : r.status, 200, JSON.stringify(r));
    assert.is(await Promise.race([s.exit, sleep(15000).then(() => 'still running')]), 0, s.output());
  } finally {
    if (s.child.exitCode === null) s.child.kill('SIGKILL');
  }
});

test('a request held past SHUTDOWN_TIMEOUT_MS does not keep the process: exit 0 at the deadline', async () => {
  const s = await serve('rel-shutdown-deadline', 1000);
  const slow = slowPost(s, '/api/tags', { name: 'never-finished' });
  try {
    await sleep(300);
    const sent = Date.now();
    s.child.kill('SIGTERM');
    const code = await Promise.race([s.exit, sleep(8000).then(() => 'still running')]);
    const took = Date.now() - sent;
    assert.is(code, 0, s.output());
    assert.ok(took >= 900 && took < 3000, `exited ${took} ms after SIGTERM`);
    assert.type(await slow.answer, 'string', 'the held request was cut, not answered');
  } finally {
    if (s.child.exitCode === null) s.child.kill('SIGKILL');
  }
});

if (DIALECT === 'postgres' || DIALECT === 'mysql') {
  test('SIGTERM while a request waits on a table lock: it finishes; one held past the deadline is cut and the process exits 0', async () => {
    let s = await serve('rel-shutdown-lock', 10_000);
    let lock = await lockTags(s.databaseUrl);
    const held = post(s, '/api/tags', { name: 'held' }).then(async (r) => ({ status: r.status, text: await r.text() }));
    await sleep(300);
    s.child.kill('SIGTERM');
    await sleep(500);
    assert.ok(await connectionRefused(s.url), 'a new connection is refused while the request is in flight');
    await lock.release();
    const r = await held;
    assert.is(r.status, 200, r.text);
    const first = await Promise.race([s.exit, sleep(15000).then(() => 'still running')]);
    if (s.child.exitCode === null) s.child.kill('SIGKILL');
    assert.is(first, 0, s.output());

    s = await serve('rel-shutdown-lock-deadline', 1000);
    lock = await lockTags(s.databaseUrl);
    try {
      const stuck = post(s, '/api/tags', { name: 'held-too-long' }).then((x) => x.status, (err: unknown) => String(err));
      await sleep(300);
      const sent = Date.now();
      s.child.kill('SIGTERM');
      const code = await Promise.race([s.exit, sleep(8000).then(() => 'still running')]);
      const took = Date.now() - sent;
      assert.is(code, 0, s.output());
      assert.ok(took >= 900 && took < 3000, `exited ${took} ms after SIGTERM`);
      assert.type(await stuck, 'string', 'the held request was cut, not answered');
    } finally {
      if (s.child.exitCode === null) s.child.kill('SIGKILL');
      await lock.release();
    }
  });
} else {
  process.stdout.write('shutdown.test: the table-lock case runs on PostgreSQL and MySQL/MariaDB only (better-sqlite3 waits for a lock synchronously)\n');
}

test.run();
