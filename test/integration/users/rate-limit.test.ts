/**
 * integration: brute force is slowed. Failed logins and every registration are counted per client IP and
 * per identifier in the database, so two server processes on one database share the counts
 * (PostgreSQL: one database; SQLite: one file). Requests come from several loopback addresses
 * (127.0.0.x) to tell the IP limit from the identifier limit.
 */
import { request } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testDatabaseUrl } from '../../helpers/database.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { PASSWORD } from './users-fixture.js';

let a: TestServer;
let b: TestServer;
const LIMIT = { AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW_MS: '60000' };

test.before(async () => {
  const databaseUrl = await testDatabaseUrl('users-rate-limit');
  a = await startTestServer({ name: 'users-rate-limit', databaseUrl, env: LIMIT });
  b = await startTestServer({ name: 'users-rate-limit', databaseUrl, env: LIMIT });
});
test.after(async () => {
  await a.stop();
  await b.stop();
});

/** POST from a given loopback address */
function post(s: TestServer, path: string, body: unknown, from: string): Promise<{ status: number; body: any }> {
  const url = new URL(s.url + path);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress: from, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}
const loginFrom = (s: TestServer, from: string, identifier: string, password = PASSWORD) => post(s, '/api/auth/local', { identifier, password }, from);
/** every registration counts against its address: each test signs up from an address of its own */
async function registerFrom(s: TestServer, from: string, username: string): Promise<void> {
  const r = await post(s, '/api/auth/local/register', { username, email: `${username}@example.com`, password: PASSWORD }, from);
  assert.is(r.status, 200, JSON.stringify(r.body));
}

const TOO_MANY = { data: null, error: { status: 429, name: 'RateLimitError', message: 'Too many requests, please try again later.', details: {} } };

test('per identifier, across IPs and across the two processes', async () => {
  await registerFrom(a, '127.0.0.20', 'rluser');
  assert.is((await loginFrom(a, '127.0.0.2', 'rluser', 'wrong-1')).status, 400);
  assert.is((await loginFrom(b, '127.0.0.3', 'RLUSER', 'wrong-2')).status, 400);
  assert.is((await loginFrom(a, '127.0.0.4', 'rluser', 'wrong-3')).status, 400);
  const blocked = await loginFrom(b, '127.0.0.5', 'rluser');
  assert.is(blocked.status, 429);
  assert.equal(blocked.body, TOO_MANY);
  assert.is((await loginFrom(a, '127.0.0.5', 'rluser')).status, 429, 'the other process agrees');
  assert.is((await loginFrom(a, '127.0.0.5', 'rluser@example.com')).status, 200, 'another identifier of the same user is its own bucket');
});

test('per IP, whatever the identifiers, across the two processes', async () => {
  await registerFrom(a, '127.0.0.21', 'ipuser');
  assert.is((await loginFrom(a, '127.0.0.6', 'ghost-1', 'x-password')).status, 400);
  assert.is((await loginFrom(b, '127.0.0.6', 'ghost-2', 'x-password')).status, 400);
  assert.is((await loginFrom(a, '127.0.0.6', 'ghost-3', 'x-password')).status, 400);
  assert.equal((await loginFrom(b, '127.0.0.6', 'ipuser')).body, TOO_MANY);
  assert.is((await loginFrom(b, '127.0.0.7', 'ipuser')).status, 200, 'another address is not limited');
});

test('a successful login clears its identifier\'s count (not the IP\'s)', async () => {
  await registerFrom(a, '127.0.0.22', 'clearme');
  assert.is((await loginFrom(a, '127.0.0.9', 'clearme', 'bad-password')).status, 400);
  assert.is((await loginFrom(b, '127.0.0.9', 'clearme', 'bad-password')).status, 400);
  assert.is((await loginFrom(a, '127.0.0.9', 'clearme')).status, 200);
  assert.is((await loginFrom(a, '127.0.0.10', 'clearme', 'bad-password')).status, 400);
  assert.is((await loginFrom(b, '127.0.0.10', 'clearme', 'bad-password')).status, 400);
  assert.is((await loginFrom(a, '127.0.0.11', 'clearme')).status, 200, 'two failures since the last success');
  assert.is((await loginFrom(a, '127.0.0.9', 'ghost-x', 'bad-password')).status, 400);
  assert.is((await loginFrom(a, '127.0.0.9', 'clearme')).status, 429, 'the IP kept its three failures');
});

test('register: every attempt counts per IP, taken usernames or emails too', async () => {
  await registerFrom(a, '127.0.0.23', 'taken1');
  for (const [s, i] of [[a, 1], [b, 2], [a, 3]] as const) {
    const r = await post(s, '/api/auth/local/register', { username: 'taken1', email: `fresh${i}@example.com`, password: PASSWORD }, '127.0.0.12');
    assert.is(r.status, 400);
  }
  const next = await post(b, '/api/auth/local/register', { username: 'brandnew', email: 'brandnew@example.com', password: PASSWORD }, '127.0.0.12');
  assert.equal(next.body, TOO_MANY);
  assert.is((await post(b, '/api/auth/local/register', { username: 'brandnew', email: 'brandnew@example.com', password: PASSWORD }, '127.0.0.13')).status, 200);
});

test('the window passes; AUTH_RATE_LIMIT_MAX=0 turns the limiter off', async () => {
  // a window long enough for two bcrypt logins on a busy machine
  const t = await startTestServer({ name: 'users-rate-window', env: { AUTH_RATE_LIMIT_MAX: '2', AUTH_RATE_LIMIT_WINDOW_MS: '3000' } });
  const off = await startTestServer({ name: 'users-rate-off', env: { AUTH_RATE_LIMIT_MAX: '0' } });
  try {
    await registerFrom(t, '127.0.0.24', 'windowed');
    await loginFrom(t, '127.0.0.14', 'windowed', 'bad-password');
    await loginFrom(t, '127.0.0.14', 'windowed', 'bad-password');
    assert.is((await loginFrom(t, '127.0.0.14', 'windowed')).status, 429);
    await new Promise((r) => setTimeout(r, 3100));
    assert.is((await loginFrom(t, '127.0.0.14', 'windowed')).status, 200);
    await registerFrom(off, '127.0.0.25', 'unlimited');
    for (let i = 0; i < 12; i++) assert.is((await loginFrom(off, '127.0.0.15', 'unlimited', 'bad-password')).status, 400);
    assert.is((await loginFrom(off, '127.0.0.15', 'unlimited')).status, 200);
  } finally {
    await t.stop();
    await off.stop();
  }
});

test.run();
