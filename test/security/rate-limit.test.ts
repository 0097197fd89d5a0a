/**
 * security: one limiter for login and register, whatever the door. Path variants (`/api/auth/Local`,
 * a trailing slash, `//`, percent-encoding) never reach a fresh counter; rotating identifiers is
 * caught per IP; X-Forwarded-For is ignored unless the socket peer is a trusted proxy (TRUSTED_PROXIES,
 * default none), and then only the hop the trusted proxy saw counts; IPv6 clients count per /64;
 * GraphQL login shares the counts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestServer } from '../helpers/server.js';
import { testDatabaseUrl } from '../helpers/database.js';
import { PASSWORD, raw, registerUser, securityArtifacts, startSecureServer } from './harness.js';

let s: TestServer;
let proxied: TestServer;
const LIMIT = { AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW_MS: '600000' };

test.before(async () => {
  const artifactsDir = await securityArtifacts();
  const databaseUrl = await testDatabaseUrl('sec-rate-limit');
  s = await startSecureServer({ name: 'sec-rate-limit', artifactsDir, databaseUrl, env: LIMIT });
  proxied = await startSecureServer({ name: 'sec-rate-limit', artifactsDir, databaseUrl, env: { ...LIMIT, TRUSTED_PROXIES: '127.0.0.50, 10.0.0.0/8' } });
});
test.after(async () => {
  await s.stop();
  await proxied.stop();
});

const json = { 'Content-Type': 'application/json' };
const loginBody = (identifier: string, password = 'wrong-password') => JSON.stringify({ identifier, password });
const post = (srv: TestServer, path: string, body: string, from: string, headers: Record<string, string> = {}) => raw(srv, { method: 'POST', path, body, from, headers: { ...json, ...headers } });

test('path variants of the login route share the counter or do not exist', async () => {
  const from = '127.0.0.11';
  await registerUser(s, 'variant');
  for (let i = 0; i < 3; i++) assert.is((await post(s, '/api/auth/local', loginBody('variant'), from)).status, 400);
  for (const path of ['/api/auth/local', '/api/auth/local/', '/api/auth/Local', '/API/auth/local', '/api//auth/local', '//api/auth/local', '/api/auth//local',
    '/api/auth/local?x=1', '/api/auth/%6cocal', '/api/auth/local%2F', '/api/auth/./local', '/api/auth/x/../local', '/api/auth/local;x', '/api/auth/local#x']) {
    const r = await post(s, path, loginBody('variant', PASSWORD), from);
    assert.ok(r.status === 429 || r.status === 404 || r.status === 405, `${path}: ${r.status} ${r.text}`);
  }
});

test('identifier rotation is caught per IP, for login and register', async () => {
  const from = '127.0.0.12';
  for (let i = 0; i < 3; i++) assert.is((await post(s, '/api/auth/local', loginBody(`ghost-${i}`), from)).status, 400);
  const r = await post(s, '/api/auth/local', loginBody('ghost-new'), from);
  assert.is(r.status, 429, 'a fresh identifier from the same IP');
  await registerUser(s, 'taken1');
  const reg = (u: string, from: string) => post(s, '/api/auth/local/register', JSON.stringify({ username: 'taken1', email: `${u}@example.com`, password: PASSWORD }), from);
  for (let i = 0; i < 3; i++) assert.is((await reg(`rot${i}`, '127.0.0.13')).status, 400);
  assert.is((await reg('rot-new', '127.0.0.13')).status, 429, 'register probes of taken names are limited per IP');
});

test('X-Forwarded-For is ignored by default: spoofed addresses do not reset the count', async () => {
  const from = '127.0.0.14';
  for (let i = 0; i < 3; i++) assert.is((await post(s, '/api/auth/local', loginBody(`xff-${i}`), from, { 'X-Forwarded-For': `203.0.113.${i}` })).status, 400);
  for (const xff of ['203.0.113.99', '198.51.100.1, 203.0.113.7', 'unknown', '::1']) {
    const r = await post(s, '/api/auth/local', loginBody('xff-new'), from, { 'X-Forwarded-For': xff, 'X-Real-IP': '192.0.2.1', Forwarded: 'for=192.0.2.2' });
    assert.is(r.status, 429, `X-Forwarded-For ${xff}`);
  }
});

test('TRUSTED_PROXIES: behind a trusted proxy the client is the last untrusted hop, spoofed hops before it do not count', async () => {
  const proxy = '127.0.0.50';
  // three failures from client 192.0.2.10, each with a different forged left-most hop
  for (let i = 0; i < 3; i++) assert.is((await post(proxied, '/api/auth/local', loginBody(`tp-${i}`), proxy, { 'X-Forwarded-For': `6.6.6.${i}, 192.0.2.10` })).status, 400);
  assert.is((await post(proxied, '/api/auth/local', loginBody('tp-new'), proxy, { 'X-Forwarded-For': '7.7.7.7, 192.0.2.10' })).status, 429, 'same client, forged prefix');
  assert.is((await post(proxied, '/api/auth/local', loginBody('tp-new'), proxy, { 'X-Forwarded-For': '192.0.2.10, 10.1.2.3' })).status, 429, 'a chain of trusted proxies is skipped');
  assert.is((await post(proxied, '/api/auth/local', loginBody('tp-new'), proxy, { 'X-Forwarded-For': '192.0.2.11' })).status, 400, 'another client behind the proxy has its own count');
  // a peer that is not a trusted proxy cannot choose its address
  const direct = '127.0.0.51';
  for (let i = 0; i < 3; i++) assert.is((await post(proxied, '/api/auth/local', loginBody(`dp-${i}`), direct, { 'X-Forwarded-For': `192.0.2.${100 + i}` })).status, 400);
  assert.is((await post(proxied, '/api/auth/local', loginBody('dp-new'), direct, { 'X-Forwarded-For': '192.0.2.200' })).status, 429);
});

test('IPv6 clients count per /64: rotating the interface bits gives no fresh count', async () => {
  const proxy = '127.0.0.50';
  for (let i = 0; i < 3; i++) assert.is((await post(proxied, '/api/auth/local', loginBody(`v6-${i}`), proxy, { 'X-Forwarded-For': `2001:db8:77:1::${i + 1}` })).status, 400);
  for (const ip of ['2001:db8:77:1::ffff', '2001:db8:77:1:dead:beef:1:2', '2001:0db8:0077:0001::9']) {
    assert.is((await post(proxied, '/api/auth/local', loginBody('v6-new'), proxy, { 'X-Forwarded-For': ip })).status, 429, ip);
  }
  assert.is((await post(proxied, '/api/auth/local', loginBody('v6-new'), proxy, { 'X-Forwarded-For': '2001:db8:77:2::1' })).status, 400, 'another /64');
});

test('GraphQL login counts with REST login', async () => {
  const from = '127.0.0.15';
  const gqlLogin = (identifier: string) => post(s, '/graphql', JSON.stringify({ query: 'mutation($i: UsersPermissionsLoginInput!) { login(input: $i) { jwt } }', variables: { i: { identifier, password: 'wrong-password' } } }), from);
  assert.is((await post(s, '/api/auth/local', loginBody('mixed-1'), from)).status, 400);
  const g1 = await gqlLogin('mixed-2');
  assert.ok(g1.body.errors, g1.text);
  assert.is((await post(s, '/api/auth/local', loginBody('mixed-3'), from)).status, 400);
  const g2 = await gqlLogin('mixed-4');
  assert.is(g2.body.errors[0].extensions.error.name, 'RateLimitError', g2.text);
  assert.is((await post(s, '/api/auth/local', loginBody('mixed-5'), from)).status, 429);
  const aliased = await post(s, '/graphql', JSON.stringify({ query: 'mutation { a: login(input: {identifier: "x1", password: "y"}) { jwt } b: login(input: {identifier: "x2", password: "y"}) { jwt } }' }), '127.0.0.16');
  assert.ok(aliased.status === 400 || aliased.body.errors, 'aliased logins in one document');
});

test.run();
