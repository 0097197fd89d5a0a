/**
 * integration: register, login by email and by username, /users/me, Strapi's answers and error
 * messages, unique usernames and case-insensitive emails, password length rules, a Strapi-written
 * bcrypt hash inserted into up_users, blocked users; no password or hash ever in an answer.
 */
import bcrypt from 'bcryptjs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { knexOf, login, PASSWORD, register, SECRET_KEYS } from './users-fixture.js';

let s: TestServer;

test.before(async () => {
  s = await startTestServer({ name: 'users-auth-flow', env: { AUTH_RATE_LIMIT_MAX: '1000' } });
});
test.after(async () => s.stop());

const USER_KEYS = ['id', 'username', 'email', 'provider', 'confirmed', 'blocked', 'createdAt', 'updatedAt'];

test('register answers {jwt, user} with Strapi flat user; email stored lower-cased', async () => {
  const r = await s.request('POST', '/api/auth/local/register', { body: { username: 'ada', email: 'Ada.Lovelace@Example.com', password: PASSWORD } });
  assert.is(r.status, 200, r.text);
  assert.equal(Object.keys(r.body).sort(), ['jwt', 'user']);
  assert.match(r.body.jwt, /^eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+$/);
  assert.equal(Object.keys(r.body.user), USER_KEYS);
  assert.equal({ ...r.body.user, id: 0, createdAt: '', updatedAt: '' }, {
    id: 0, username: 'ada', email: 'ada.lovelace@example.com', provider: 'local', confirmed: true, blocked: false, createdAt: '', updatedAt: '',
  });
  assert.not.match(r.text, SECRET_KEYS);
  const [row] = await knexOf(s)('up_users').where('username', 'ada');
  assert.is(row.email, 'ada.lovelace@example.com');
  assert.match(row.password, /^\$2a\$10\$.{53}$/);
  const link = await knexOf(s)('up_users_role_links').where('user_id', row.id).first();
  const role = await knexOf(s)('up_roles').where('id', link.role_id).first();
  assert.is(role.type, 'authenticated');
});

test('login by email (any case) and by username (exact); JWT payload is Strapi\'s {id, iat, exp}', async () => {
  const { user } = await register(s, 'grace', { email: 'grace@example.com' });
  for (const identifier of ['grace@example.com', 'GRACE@Example.COM', 'grace']) {
    const r = await login(s, identifier);
    assert.is(r.status, 200, `${identifier}: ${r.text}`);
    assert.is(r.body.user.id, user.id);
    assert.equal(Object.keys(r.body.user), USER_KEYS);
    assert.not.match(r.text, SECRET_KEYS);
    const payload = JSON.parse(Buffer.from(r.body.jwt.split('.')[1], 'base64url').toString());
    assert.equal(Object.keys(payload).sort(), ['exp', 'iat', 'id']);
    assert.is(payload.id, user.id);
    assert.is(payload.exp - payload.iat, 30 * 86_400);
  }
  const wrongCase = await login(s, 'Grace');
  assert.is(wrongCase.status, 400);
});

test('wrong password, unknown identifier: 400 ValidationError "Invalid identifier or password"', async () => {
  await register(s, 'linus');
  for (const [identifier, password] of [['linus', 'wrong-password'], ['nobody@example.com', PASSWORD], ['linus@example.com', PASSWORD + 'x']]) {
    const r = await login(s, identifier, password);
    assert.is(r.status, 400);
    assert.equal(r.body, { data: null, error: { status: 400, name: 'ValidationError', message: 'Invalid identifier or password', details: {} } });
  }
});

test('login and register validate their bodies with Strapi\'s wording', async () => {
  const empty = await s.request('POST', '/api/auth/local', { body: {} });
  assert.is(empty.status, 400);
  assert.equal(empty.body.error, {
    status: 400, name: 'ValidationError', message: '2 errors occurred',
    details: { errors: [
      { path: ['identifier'], message: 'identifier is a required field', name: 'ValidationError' },
      { path: ['password'], message: 'password is a required field', name: 'ValidationError' },
    ] },
  });
  const typed = await s.request('POST', '/api/auth/local', { body: { identifier: 'linus', password: 123456 } });
  assert.is(typed.body.error.message, 'password must be a `string` type, but the final value was: `123456`.');
  const cases: [Record<string, unknown>, string][] = [
    [{ email: 'x@example.com' }, '2 errors occurred'],
    [{ username: 'bob', email: 'not-an-email', password: PASSWORD }, 'email must be a valid email'],
    [{ username: 'bo', email: 'bo@example.com', password: PASSWORD }, 'username must be at least 3 characters'],
    [{ username: 'bob', email: 'bob@example.com', password: '12345' }, 'password must be at least 6 characters'],
    [{ username: 'bob', email: 'bob@example.com', password: 'é'.repeat(37) }, 'password must be at most 72 bytes'],
    [{ username: 'bob', email: 'bob@example.com', password: 'a'.repeat(73) }, 'password must be at most 72 bytes'],
  ];
  for (const [body, message] of cases) {
    const r = await s.request('POST', '/api/auth/local/register', { body });
    assert.is(r.status, 400, JSON.stringify(body));
    assert.is(r.body.error.name, 'ValidationError');
    assert.is(r.body.error.message, message, JSON.stringify(body));
  }
  assert.is((await knexOf(s)('up_users').where('username', 'bob')).length, 0);
});

test('passwords: 6 characters and 72 bytes are accepted, and work for login', async () => {
  await register(s, 'shortpw', { password: 'abc123' });
  assert.is((await login(s, 'shortpw', 'abc123')).status, 200);
  const long = 'é'.repeat(36); // 72 bytes
  await register(s, 'longpw', { password: long });
  assert.is((await login(s, 'longpw', long)).status, 200);
  assert.is((await login(s, 'longpw', long.slice(0, 35))).status, 400);
});

test('usernames unique, emails unique whatever their case: 400 ApplicationError', async () => {
  await register(s, 'turing', { email: 'alan@example.com' });
  for (const body of [
    { username: 'turing', email: 'other@example.com', password: PASSWORD },
    { username: 'alan2', email: 'ALAN@EXAMPLE.COM', password: PASSWORD },
    { username: 'alan@example.com', email: 'x-alan@example.com', password: PASSWORD },
  ]) {
    const r = await s.request('POST', '/api/auth/local/register', { body });
    assert.is(r.status, 400, JSON.stringify(body));
    assert.equal(r.body.error, { status: 400, name: 'ApplicationError', message: 'Email or Username are already taken', details: {} });
  }
});

test('GET /api/users/me: the user of the JWT, flat; 403 without one; 401 "Unauthorized" with an API token', async () => {
  const { jwt, user } = await register(s, 'hopper');
  const r = await s.get('/api/users/me', jwt);
  assert.is(r.status, 200, r.text);
  assert.equal(r.body, user);
  assert.not.match(r.text, SECRET_KEYS);
  const anon = await s.get('/api/users/me');
  assert.is(anon.status, 403);
  assert.equal(anon.body.error, { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} });
  const token = await s.token('full-access');
  const viaToken = await s.get('/api/users/me', token);
  assert.is(viaToken.status, 401);
  assert.equal(viaToken.body.error, { status: 401, name: 'UnauthorizedError', message: 'Unauthorized', details: {} });
  // populating role needs plugin::users-permissions.role.find, which the authenticated role lacks
  const populated = await s.get('/api/users/me?populate=role', jwt);
  assert.is(populated.status, 200);
  assert.is(populated.body.role, undefined);
});

test('a Strapi v4 hash ($2a$10$, bcryptjs) inserted into up_users logs in', async () => {
  const k = knexOf(s);
  const hash = bcrypt.hashSync('imported-pass', bcrypt.genSaltSync(10).replace(/^\$2b\$/, '$2a$'));
  assert.match(hash, /^\$2a\$10\$/);
  const now = new Date().toISOString();
  const [r] = await k('up_users').insert({ username: 'imported', email: 'imported@example.com', provider: 'local', password: hash, confirmed: true, blocked: false, created_at: now, updated_at: now }).returning('id');
  const id = Number(typeof r === 'object' ? r.id : r);
  const role = await k('up_roles').where('type', 'authenticated').first();
  await k('up_users_role_links').insert({ user_id: id, role_id: role.id });
  const ok = await login(s, 'imported@example.com', 'imported-pass');
  assert.is(ok.status, 200, ok.text);
  assert.is(ok.body.user.id, id);
  assert.is((await s.get('/api/users/me', ok.body.jwt)).body.username, 'imported');
  assert.is((await login(s, 'imported', 'imported-pasS')).status, 400);
});

test('blocked: login 400 ApplicationError; its JWT 401 everywhere; deleted user: 401', async () => {
  const { jwt, user } = await register(s, 'blockme');
  assert.is((await s.get('/api/articles', jwt)).status, 200);
  await knexOf(s)('up_users').where('id', user.id).update({ blocked: true });
  const r = await login(s, 'blockme');
  assert.is(r.status, 400);
  assert.equal(r.body.error, { status: 400, name: 'ApplicationError', message: 'Your account has been blocked by an administrator', details: {} });
  for (const path of ['/api/users/me', '/api/articles']) {
    const denied = await s.get(path, jwt);
    assert.is(denied.status, 401, path);
    assert.equal(denied.body.error, { status: 401, name: 'UnauthorizedError', message: 'Invalid credentials', details: {} });
  }
  const gone = await register(s, 'deleteme');
  await knexOf(s)('up_users').where('id', gone.user.id).del();
  assert.is((await s.get('/api/articles', gone.jwt)).status, 401);
});

test('JWT users act with their role: authenticated may create articles, public may not', async () => {
  const { jwt } = await register(s, 'writer');
  const created = await s.request('POST', '/api/articles', { body: { data: { title: 'By a user' } }, token: jwt });
  assert.is(created.status, 200, created.text);
  assert.is((await s.request('POST', '/api/articles', { body: { data: { title: 'Anon' } } })).status, 403);
  assert.is((await s.request('DELETE', `/api/articles/${created.body.data.id}`, { token: jwt })).status, 403);
});

test.run();
