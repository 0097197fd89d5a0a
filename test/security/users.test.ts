/**
 * security: mass assignment and IDOR on users. Register ignores role, confirmed, blocked, provider and
 * the tokens; update refuses them (400). A user whose role grants `user.update` / `user.destroy` may
 * act on their own account only; acting on others needs `user.updateAny` / `user.destroyAny` (or an
 * API token). Strapi lets any holder of `user.update` change every account.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestServer } from '../helpers/server.js';
import { knexOf, registerUser, securityArtifacts, setRole, startSecureServer, type Registered } from './harness.js';

let s: TestServer;
let admin: string;

test.before(async () => {
  s = await startSecureServer({ name: 'sec-users', artifactsDir: await securityArtifacts(), env: { AUTH_RATE_LIMIT_MAX: '0' } });
  admin = await s.token('full-access');
});
test.after(async () => s.stop());

async function row(id: number) {
  const k = knexOf(s);
  const user = await k('up_users').where('id', id).first();
  const link = await k('up_users_role_links').where('user_id', id).first();
  const role = link ? await k('up_roles').where('id', link.role_id).first() : undefined;
  return { ...user, roleType: role?.type };
}

test('register: role, confirmed, blocked, provider, tokens, id and timestamps are not assignable', async () => {
  const k = knexOf(s);
  const moderatorRole = (await k('up_roles').where('type', 'moderator').first()).id;
  const r = await s.request('POST', '/api/auth/local/register', {
    body: {
      username: 'massy', email: 'massy@example.com', password: 'correct-horse-9', role: moderatorRole, confirmed: false, blocked: true, provider: 'github',
      resetPasswordToken: 'reset-me', confirmationToken: 'confirm-me', id: 424242, createdAt: '2000-01-01T00:00:00.000Z', roles: [moderatorRole],
    },
  });
  assert.is(r.status, 200, r.text);
  const u = await row(r.body.user.id);
  assert.is.not(u.id, 424242);
  assert.is(u.roleType, 'authenticated');
  assert.is(Boolean(u.confirmed), true);
  assert.is(Boolean(u.blocked), false);
  assert.is(u.provider, 'local');
  assert.is(u.reset_password_token, null);
  assert.is(u.confirmation_token, null);
  assert.is.not(String(u.created_at).slice(0, 4), '2000');
});

test('update of oneself: role, confirmed, blocked, provider, tokens refused with 400, nothing changes', async () => {
  const me = await registerUser(s, 'selfish');
  const k = knexOf(s);
  const moderatorRole = (await k('up_roles').where('type', 'moderator').first()).id;
  for (const [key, value] of Object.entries({ role: moderatorRole, confirmed: false, blocked: false, provider: 'github', resetPasswordToken: 'x-token', confirmationToken: 'y-token' })) {
    const r = await s.request('PUT', `/api/users/${me.user.id}`, { token: me.jwt, body: { [key]: value, username: 'selfish2' } });
    assert.is(r.status, 400, `${key}: ${r.text}`);
    assert.ok(r.body.error.details.errors.some((e: { path: string[] }) => e.path[0] === key), key);
  }
  const u = await row(me.user.id);
  assert.is(u.username, 'selfish');
  assert.is(u.roleType, 'authenticated');
  const roleObject = await s.request('PUT', `/api/users/${me.user.id}`, { token: me.jwt, body: { role: { connect: [moderatorRole] } } });
  assert.is(roleObject.status, 400, roleObject.text);
  const ok = await s.request('PUT', `/api/users/${me.user.id}`, { token: me.jwt, body: { username: 'selfish3' } });
  assert.is(ok.status, 200, ok.text);
  assert.is(ok.body.username, 'selfish3');
});

test('IDOR: user.update and user.destroy reach only the caller\'s own account', async () => {
  const alice: Registered = await registerUser(s, 'alice');
  const bob: Registered = await registerUser(s, 'bob');
  const put = await s.request('PUT', `/api/users/${bob.user.id}`, { token: alice.jwt, body: { username: 'pwned-bob' } });
  assert.is(put.status, 403, put.text);
  const pw = await s.request('PUT', `/api/users/${bob.user.id}`, { token: alice.jwt, body: { password: 'attacker-chosen-1' } });
  assert.is(pw.status, 403, pw.text);
  const del = await s.request('DELETE', `/api/users/${bob.user.id}`, { token: alice.jwt });
  assert.is(del.status, 403, del.text);
  const missing = await s.request('PUT', '/api/users/987654', { token: alice.jwt, body: { username: 'ghost' } });
  assert.is(missing.status, 403, 'another id, existing or not, is not the caller\'s: no user enumeration');
  const b = await row(bob.user.id);
  assert.is(b.username, 'bob', 'bob is untouched');
  const login = await s.request('POST', '/api/auth/local', { body: { identifier: 'bob', password: 'correct-horse-9' } });
  assert.is(login.status, 200, 'bob\'s password is unchanged');
  const self = await s.request('PUT', `/api/users/${alice.user.id}`, { token: alice.jwt, body: { username: 'alice2' } });
  assert.is(self.status, 200, self.text);
});

test('a role that says so (updateAny / destroyAny) and API tokens may act on other users', async () => {
  const mod = await registerUser(s, 'moddy');
  await setRole(s, mod.user.id, 'moderator');
  const carol = await registerUser(s, 'carol');
  const put = await s.request('PUT', `/api/users/${carol.user.id}`, { token: mod.jwt, body: { username: 'carol2' } });
  assert.is(put.status, 200, put.text);
  const escalate = await s.request('PUT', `/api/users/${carol.user.id}`, { token: mod.jwt, body: { blocked: true } });
  assert.is(escalate.status, 400, 'even a moderator cannot set protected keys');
  const del = await s.request('DELETE', `/api/users/${carol.user.id}`, { token: mod.jwt });
  assert.is(del.status, 200, del.text);
  const dave = await registerUser(s, 'dave');
  const token = await s.request('PUT', `/api/users/${dave.user.id}`, { token: admin, body: { username: 'dave2' } });
  assert.is(token.status, 200, token.text);
});

test.run();
