/**
 * security: JWTs. alg none, another secret, expired, tampered, a blocked user, and a token issued
 * before the user's last password change (refused: Strapi keeps such tokens valid until they
 * expire) are 401 on REST and GraphQL; a bad token on a public route is a 401, not the public role.
 */
import { SignJWT } from 'jose';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestServer } from '../helpers/server.js';
import { gql } from '../helpers/graphql.js';
import { JWT_SECRET, knexOf, PASSWORD, registerUser, securityArtifacts, startSecureServer } from './harness.js';

let s: TestServer;
const key = (secret = JWT_SECRET) => new TextEncoder().encode(secret);
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);
const sign = (claims: Record<string, unknown>, iat = now(), exp = now() + 3600, secret = JWT_SECRET) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(iat).setExpirationTime(exp).sign(key(secret));

test.before(async () => {
  s = await startSecureServer({ name: 'sec-jwt', artifactsDir: await securityArtifacts(), env: { AUTH_RATE_LIMIT_MAX: '0' } });
});
test.after(async () => s.stop());

async function refused(token: string, label: string, message = 'Missing or invalid credentials'): Promise<void> {
  for (const path of ['/api/articles', '/api/users/me']) {
    const r = await s.get(path, token);
    assert.is(r.status, 401, `${label} on ${path}: ${r.text}`);
    assert.is(r.body.error.message, message, label);
  }
  const g = await gql(s, '{ articles { data { id } } }', { token });
  assert.is(g.status, 401, `${label} on /graphql: ${g.text}`);
}

test('forged tokens: alg none, another secret, tampered payload, expired, no exp, bad id', async () => {
  const u = await registerUser(s, 'jwt-forged');
  const other = await registerUser(s, 'jwt-other');
  const [h, p, sig] = u.jwt.split('.');
  const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
  await refused(`${b64({ alg: 'none', typ: 'JWT' })}.${b64({ id: u.user.id, iat: now(), exp: now() + 3600 })}.`, 'alg none');
  await refused(`${b64({ alg: 'NONE' })}.${p}.${sig}`, 'alg NONE with a signature');
  await refused(`${b64({ alg: 'HS256', typ: 'JWT', kid: '../../dev/null' })}.${p}.${sig}`, 'kid injection');
  await refused(await sign({ id: u.user.id }, now(), now() + 3600, 'another-secret-0123456789'), 'another secret');
  await refused(`${h}.${b64({ ...payload, id: other.user.id })}.${sig}`, 'tampered id');
  await refused(`${h}.${b64({ ...payload, exp: now() + 10 ** 8 })}.${sig}`, 'tampered exp');
  await refused(await sign({ id: u.user.id }, now() - 7200, now() - 60), 'expired');
  await refused(await new SignJWT({ id: u.user.id }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().sign(key()), 'no exp');
  await refused(await sign({ id: String(u.user.id) }), 'string id');
  await refused(await sign({ id: -1 }), 'negative id');
  await refused(`${u.jwt}x`, 'trailing garbage');
  const basic = await s.request('GET', '/api/articles', { headers: { Authorization: `Basic ${Buffer.from('a:b').toString('base64')}` } });
  assert.is(basic.status, 401, 'a non-bearer credential');
  const long = await s.request('GET', '/api/articles', { headers: { Authorization: `Bearer ${'a'.repeat(5000)}` } });
  assert.is(long.status, 401, 'an oversized bearer');
});

test('a valid token of a blocked or deleted user is refused', async () => {
  const u = await registerUser(s, 'jwt-blocked');
  assert.is((await s.get('/api/users/me', u.jwt)).status, 200);
  await knexOf(s)('up_users').where('id', u.user.id).update({ blocked: true });
  await refused(u.jwt, 'blocked', 'Invalid credentials');
  const d = await registerUser(s, 'jwt-deleted');
  await knexOf(s)('up_users_role_links').where('user_id', d.user.id).del();
  await knexOf(s)('up_users').where('id', d.user.id).del();
  await refused(d.jwt, 'deleted', 'Invalid credentials');
});

test('a token issued before the last password change is refused; one issued after works', async () => {
  const u = await registerUser(s, 'jwt-pwchange');
  const old = await sign({ id: u.user.id }, now() - 120);
  assert.is((await s.get('/api/users/me', old)).status, 200, 'works before the change');
  const change = await s.request('PUT', `/api/users/${u.user.id}`, { token: old, body: { password: 'brand-new-pass-1' } });
  assert.is(change.status, 200, change.text);
  await refused(old, 'issued before the password change', 'Invalid credentials');
  const login = await s.request('POST', '/api/auth/local', { body: { identifier: 'jwt-pwchange', password: 'brand-new-pass-1' } });
  assert.is(login.status, 200, login.text);
  assert.is((await s.get('/api/users/me', login.body.jwt)).status, 200, 'a token issued after the change works');
  const fresh = await sign({ id: u.user.id }, now() + 2);
  assert.is((await s.get('/api/users/me', fresh)).status, 200);
  const other = await registerUser(s, 'jwt-unchanged');
  assert.is((await s.get('/api/users/me', await sign({ id: other.user.id }, now() - 120))).status, 200, 'other users are not affected');
  const byToken = await registerUser(s, 'jwt-pwchange2');
  const oldToken = await sign({ id: byToken.user.id }, now() - 120);
  const admin = await s.token('full-access');
  assert.is((await s.request('PUT', `/api/users/${byToken.user.id}`, { token: admin, body: { password: 'set-by-admin-1' } })).status, 200);
  await refused(oldToken, 'password changed by an administrator', 'Invalid credentials');
  const login2 = await s.request('POST', '/api/auth/local', { body: { identifier: 'jwt-pwchange2', password: PASSWORD } });
  assert.is(login2.status, 400, 'the old password no longer works');
});

test('a bad token on a public route is a 401, not the public role', async () => {
  for (const path of ['/api/articles', '/api/tags', '/api/homepage']) {
    const r = await s.get(path, 'not-a-token');
    assert.is(r.status, 401, path);
  }
  const login = await s.request('POST', '/api/auth/local', { token: 'eyJhbGciOiJub25lIn0.eyJpZCI6MX0.', body: { identifier: 'x', password: 'y' } });
  assert.is(login.status, 401, login.text);
});

test.run();
