/**
 * integration: nobody grants themselves a role. Register ignores role, confirmed, blocked, provider,
 * the tokens and private attributes (as Strapi does); PUT /api/users/:id refuses each of them with a
 * 400 naming the key (Strapi would apply them). Passwords are hashed on update, emails lower-cased,
 * and no answer carries a password, a token or a hash.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { writeJsonFile } from '../../helpers/spec-dir.js';
import { exampleArtifacts, knexOf, login, PASSWORD, register, SECRET_KEYS } from './users-fixture.js';
import { join } from 'node:path';

let s: TestServer;
let admin: string;
let publicRoleId: number;

const PROTECTED: Record<string, unknown> = {
  role: 0, // replaced by the public role's id
  confirmed: false,
  blocked: true,
  provider: 'evil',
  resetPasswordToken: 'reset-SECRET',
  confirmationToken: 'confirm-SECRET',
  vipNote: 'private-SECRET',
};

test.before(async () => {
  const artifacts = await exampleArtifacts((spec) => {
    writeJsonFile(join(spec, 'extensions', 'users-permissions', 'content-types', 'user', 'schema.json'), {
      attributes: { nickname: { type: 'string' }, vipNote: { type: 'string', private: true } },
    });
  });
  s = await startTestServer({ name: 'users-mass-assignment', artifactsDir: artifacts, env: { AUTH_RATE_LIMIT_MAX: '1000' } });
  admin = await s.token('full-access');
  publicRoleId = (await knexOf(s)('up_roles').where('type', 'public').first()).id;
  PROTECTED.role = publicRoleId;
});
test.after(async () => s.stop());

async function row(id: number) {
  const k = knexOf(s);
  const user = await k('up_users').where('id', id).first();
  const link = await k('up_users_role_links').where('user_id', id).first();
  const role = await k('up_roles').where('id', link.role_id).first();
  return { ...user, roleType: role.type };
}

test('register ignores every protected key, one at a time and all together', async () => {
  let i = 0;
  for (const extra of [...Object.entries(PROTECTED).map(([k, v]) => ({ [k]: v })), PROTECTED]) {
    const username = `massreg${i++}`;
    const r = await s.request('POST', '/api/auth/local/register', { body: { username, email: `${username}@example.com`, password: PASSWORD, ...extra } });
    assert.is(r.status, 200, r.text);
    assert.not.match(r.text, SECRET_KEYS);
    assert.not.match(r.text, /SECRET|vipNote/);
    assert.is(r.body.user.provider, 'local');
    assert.is(r.body.user.confirmed, true);
    assert.is(r.body.user.blocked, false);
    const stored = await row(r.body.user.id);
    assert.is(stored.roleType, 'authenticated', JSON.stringify(extra));
    assert.is(Boolean(stored.confirmed), true);
    assert.is(Boolean(stored.blocked), false);
    assert.is(stored.provider, 'local');
    assert.is(stored.reset_password_token, null);
    assert.is(stored.confirmation_token, null);
    assert.is(stored.vip_note, null);
    assert.is((await login(s, username)).status, 200, 'not blocked');
  }
});

test('PUT /api/users/:id refuses each protected key with 400 naming it; nothing changes', async () => {
  const { user } = await register(s, 'massupd');
  const before = await row(user.id);
  for (const [key, value] of Object.entries(PROTECTED)) {
    const r = await s.request('PUT', `/api/users/${user.id}`, { body: { [key]: value, nickname: 'changed' }, token: admin });
    assert.is(r.status, 400, `${key}: ${r.text}`);
    assert.equal(r.body.error, {
      status: 400, name: 'ValidationError', message: `${key} may not be set through the API`,
      details: { errors: [{ path: [key], message: `${key} may not be set through the API`, name: 'ValidationError' }] },
    });
  }
  const all = await s.request('PUT', `/api/users/${user.id}`, { body: PROTECTED, token: admin });
  assert.is(all.status, 400);
  assert.is(all.body.error.message, `${Object.keys(PROTECTED).length} errors occurred`);
  assert.equal(all.body.error.details.errors.map((e: { path: string[] }) => e.path[0]), Object.keys(PROTECTED));
  assert.equal(await row(user.id), before);
});

test('PUT /api/users/:id changes allowed fields: password hashed, email lower-cased, unique checks', async () => {
  const { user } = await register(s, 'updatable');
  await register(s, 'someoneelse', { email: 'taken@example.com' });
  const r = await s.request('PUT', `/api/users/${user.id}`, { body: { email: 'New.Address@Example.com', nickname: 'Upd', password: 'brand-new-pass' }, token: admin });
  assert.is(r.status, 200, r.text);
  assert.not.match(r.text, SECRET_KEYS);
  assert.is(r.body.email, 'new.address@example.com');
  assert.is(r.body.nickname, 'Upd');
  assert.is(r.body.role.type, 'authenticated', 'a full-access token may find roles: role populated, as Strapi answers');
  const stored = await row(user.id);
  assert.match(stored.password, /^\$2a\$10\$/);
  assert.is((await login(s, 'new.address@example.com', 'brand-new-pass')).status, 200);
  assert.is((await login(s, 'updatable', PASSWORD)).status, 400);
  const email = await s.request('PUT', `/api/users/${user.id}`, { body: { email: 'TAKEN@example.com' }, token: admin });
  assert.equal(email.body.error, { status: 400, name: 'ApplicationError', message: 'Email already taken', details: {} });
  const name = await s.request('PUT', `/api/users/${user.id}`, { body: { username: 'someoneelse' }, token: admin });
  assert.equal(name.body.error, { status: 400, name: 'ApplicationError', message: 'Username already taken', details: {} });
  const short = await s.request('PUT', `/api/users/${user.id}`, { body: { password: '' }, token: admin });
  assert.is(short.status, 400);
  const long = await s.request('PUT', `/api/users/${user.id}`, { body: { password: 'x'.repeat(73) }, token: admin });
  assert.is(long.body.error.message, 'password must be at most 72 bytes');
  const missing = await s.request('PUT', '/api/users/987654', { body: { nickname: 'x' }, token: admin });
  assert.is(missing.status, 404);
  assert.is(missing.body.error.message, 'User not found');
});

test('DELETE /api/users/:id answers the deleted user, flat; its JWT stops working', async () => {
  const { user, jwt } = await register(s, 'deletable');
  const r = await s.request('DELETE', `/api/users/${user.id}`, { token: admin });
  assert.is(r.status, 200, r.text);
  assert.is(r.body.id, user.id);
  assert.not.match(r.text, SECRET_KEYS);
  assert.is((await s.request('DELETE', `/api/users/${user.id}`, { token: admin })).status, 404);
  assert.is((await s.get('/api/users/me', jwt)).status, 401);
});

test('private user attributes never appear: lists, populate, me, login', async () => {
  const { user, jwt } = await register(s, 'secretive');
  await knexOf(s)('up_users').where('id', user.id).update({ vip_note: 'private-SECRET', reset_password_token: 'reset-SECRET', confirmation_token: 'confirm-SECRET' });
  for (const r of [
    await s.get('/api/users', admin),
    await s.get('/api/users?populate=*', admin),
    await s.get(`/api/users/${user.id}?populate=role`, admin),
    await s.get('/api/users/me', jwt),
    await login(s, 'secretive'),
  ]) {
    assert.not.match(r.text, SECRET_KEYS);
    assert.not.match(r.text, /SECRET|vipNote|vip_note/);
  }
  assert.is((await s.get('/api/users?filters[vipNote][$eq]=x', admin)).status, 400);
});

test.run();
