/**
 * integration: the users-permissions JWT. Every bad token is 401 "Missing or invalid credentials",
 * on public and private routes alike: expired, tampered, alg none, signed with another secret or
 * algorithm, no exp, a non-numeric id. Lifetime from plugins.json (through the compiler) or JWT_EXPIRES_IN.
 */
import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { exampleArtifacts, register } from './users-fixture.js';
import { editJson } from '../../helpers/spec-dir.js';

const SECRET = 'test-jwt-secret-0123456789'; // startTestServer's JWT_SECRET
const key = (secret = SECRET) => new TextEncoder().encode(secret);
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

let s: TestServer;
let artifacts: string;
let userId: number;
let otherId: number;
let validJwt: string;

test.before(async () => {
  artifacts = await exampleArtifacts((spec) => editJson(spec, 'config/plugins.json', (p) => {
    p['users-permissions'] = { config: { jwt: { expiresIn: '7d' } } };
  }));
  s = await startTestServer({ name: 'users-jwt', artifactsDir: artifacts, env: { AUTH_RATE_LIMIT_MAX: '1000' } });
  const a = await register(s, 'jwtuser');
  userId = a.user.id;
  validJwt = a.jwt;
  otherId = (await register(s, 'jwtother')).user.id;
});
test.after(async () => s.stop());

async function expectInvalid(token: string, label: string): Promise<void> {
  for (const path of ['/api/articles', '/api/users/me']) {
    const r = await s.get(path, token);
    assert.is(r.status, 401, `${label} on ${path}: ${r.text}`);
    assert.equal(r.body, { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} } }, label);
  }
}

test('a token made like Strapi\'s (HS256, {id, iat, exp}) with the same secret is accepted', async () => {
  const token = await new SignJWT({ id: userId }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt().setExpirationTime('1h').sign(key());
  const r = await s.get('/api/users/me', token);
  assert.is(r.status, 200, r.text);
  assert.is(r.body.id, userId);
  assert.is((await s.get('/api/users/me', validJwt)).status, 200);
});

test('expired', async () => {
  const token = await new SignJWT({ id: userId }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(now() - 7200).setExpirationTime(now() - 60).sign(key());
  await expectInvalid(token, 'expired');
});

test('tampered: payload changed to another user, signature kept', async () => {
  const [h, , sig] = validJwt.split('.');
  const payload = JSON.parse(Buffer.from(validJwt.split('.')[1], 'base64url').toString());
  await expectInvalid(`${h}.${b64({ ...payload, id: otherId })}.${sig}`, 'tampered payload');
  await expectInvalid(`${validJwt.slice(0, -2)}${validJwt.endsWith('AA') ? 'BB' : 'AA'}`, 'tampered signature');
});

test('alg none (unsigned), with and without a trailing signature part', async () => {
  const header = b64({ alg: 'none', typ: 'JWT' });
  const payload = b64({ id: userId, iat: now(), exp: now() + 3600 });
  await expectInvalid(`${header}.${payload}.`, 'alg none');
  await expectInvalid(`${header}.${payload}.${validJwt.split('.')[2]}`, 'alg none with a signature');
});

test('wrongly signed: another secret, HS512, RS256', async () => {
  const claims = { id: userId };
  await expectInvalid(await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('1h').sign(key('another-secret-0123456789')), 'other secret');
  await expectInvalid(await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).setIssuedAt().setExpirationTime('1h').sign(key()), 'HS512');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  await expectInvalid(await new SignJWT(claims).setProtectedHeader({ alg: 'RS256' }).setIssuedAt().setExpirationTime('1h').sign(privateKey), 'RS256');
});

test('well signed but unusable claims: no exp, id not a positive integer', async () => {
  await expectInvalid(await new SignJWT({ id: userId }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().sign(key()), 'no exp');
  for (const id of [String(userId), 0, -1, 1.5, null]) {
    await expectInvalid(await new SignJWT({ id } as Record<string, unknown>).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('1h').sign(key()), `id ${JSON.stringify(id)}`);
  }
  await expectInvalid('abc.def.ghi', 'garbage');
});

test('lifetime: plugins.json jwt.expiresIn through the compiler; JWT_EXPIRES_IN overrides it', async () => {
  const exp = (jwt: string) => {
    const p = JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString());
    return p.exp - p.iat;
  };
  assert.is(exp(validJwt), 7 * 86_400);
  const t = await startTestServer({ name: 'users-jwt-env', artifactsDir: artifacts, env: { JWT_EXPIRES_IN: '2h' } });
  try {
    assert.is(exp((await register(t, 'envuser')).jwt), 7200);
  } finally {
    await t.stop();
  }
});

test.run();
