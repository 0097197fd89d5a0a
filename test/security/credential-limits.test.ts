/**
 * security: every credential route is rate limited like login, one count per client address (and per
 * identifier) shared by REST and GraphQL: register, forgot-password, reset-password, change-password,
 * send-email-confirmation, and a user's own password update (PUT /api/users/:id, GraphQL
 * updateUsersPermissionsUser), which shares change-password's count. Each test comes from its own
 * address, so the counts do not mix; AUTH_RATE_LIMIT_MAX=3.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { editJson } from '../helpers/spec-dir.js';
import type { TestResponse, TestServer } from '../helpers/server.js';
import { exampleArtifacts } from '../integration/users/users-fixture.js';
import { PASSWORD, raw, startSecureServer } from './harness.js';

let s: TestServer;
const MAX = 3;
const TOO_MANY = { status: 429, name: 'RateLimitError', message: 'Too many requests, please try again later.', details: {} };

test.before(async () => {
  const artifactsDir = await exampleArtifacts((spec) => {
    editJson(spec, 'config/permissions.json', (p) => {
      const auth = (a: string) => `plugin::users-permissions.auth.${a}`;
      p.public = [...p.public, ...['callback', 'register', 'forgotPassword', 'resetPassword', 'sendEmailConfirmation'].map(auth)];
      p.authenticated = [...p.authenticated, auth('changePassword'), 'plugin::users-permissions.user.me', 'plugin::users-permissions.user.update'];
    });
  });
  s = await startSecureServer({ name: 'sec-credential-limits', artifactsDir, env: { AUTH_RATE_LIMIT_MAX: String(MAX), AUTH_RATE_LIMIT_WINDOW_MS: '600000' } });
});
test.after(async () => s.stop());

const json = { 'Content-Type': 'application/json' };
const rest = (from: string, path: string, body: unknown, jwt?: string, method = 'POST') =>
  raw(s, { method, path, from, body: JSON.stringify(body), headers: { ...json, ...(jwt && { Authorization: `Bearer ${jwt}` }) } });
const graphql = (from: string, query: string, jwt?: string) => rest(from, '/graphql', { query }, jwt);
/** the error of a REST answer or of a GraphQL field */
const errorOf = (r: TestResponse) => r.body?.error ?? r.body?.errors?.[0]?.extensions?.error;

function assertLimited(r: TestResponse, label: string): void {
  const error = errorOf(r);
  assert.equal(error && { ...error, status: r.status === 200 ? 429 : r.status }, TOO_MANY, `${label}: ${r.status} ${r.text}`);
  if (r.body?.error) assert.is(r.status, 429, label);
}

function assertNotLimited(r: TestResponse, label: string): void {
  assert.ok(r.status !== 429 && errorOf(r)?.name !== 'RateLimitError', `${label}: ${r.status} ${r.text}`);
}

async function signUp(from: string, username: string): Promise<{ jwt: string; id: number }> {
  const r = await rest(from, '/api/auth/local/register', { username, email: `${username}@example.com`, password: PASSWORD });
  assert.is(r.status, 200, r.text);
  return { jwt: r.body.jwt, id: r.body.user.id };
}

test('register: every attempt counts per address, REST and GraphQL together, whatever the email', async () => {
  const from = '127.0.0.31';
  assertNotLimited(await rest(from, '/api/auth/local/register', { username: 'reg-one', email: 'reg-one@example.com', password: PASSWORD }), 'REST 1');
  assertNotLimited(await graphql(from, `mutation { register(input: { username: "reg-two", email: "reg-two@example.com", password: "${PASSWORD}" }) { jwt } }`), 'GraphQL 2');
  assertNotLimited(await rest(from, '/api/auth/local/register', { username: 'reg-three', email: 'reg-three@example.com', password: PASSWORD }), 'REST 3');
  assertLimited(await rest(from, '/api/auth/local/register', { username: 'reg-four', email: 'reg-four@example.com', password: PASSWORD }), 'REST 4');
  assertLimited(await graphql(from, `mutation { register(input: { username: "reg-five", email: "reg-five@example.com", password: "${PASSWORD}" }) { jwt } }`), 'GraphQL 5');
  assertNotLimited(await rest('127.0.0.32', '/api/auth/local/register', { username: 'reg-six', email: 'reg-six@example.com', password: PASSWORD }), 'another address');
});

test('forgot-password and send-email-confirmation: every request counts per address and email, REST and GraphQL together', async () => {
  const from = '127.0.0.33';
  for (let i = 0; i < MAX; i++) {
    const r = i % 2 ? await graphql(from, `mutation { forgotPassword(email: "nobody${i}@example.com") { ok } }`) : await rest(from, '/api/auth/forgot-password', { email: `nobody${i}@example.com` });
    assertNotLimited(r, `forgot ${i}`);
  }
  assertLimited(await rest(from, '/api/auth/forgot-password', { email: 'fresh@example.com' }), 'REST, a fresh email');
  assertLimited(await graphql(from, 'mutation { forgotPassword(email: "fresh@example.com") { ok } }'), 'GraphQL');
  const other = '127.0.0.34';
  for (let i = 0; i < MAX; i++) assertNotLimited(await rest(other, '/api/auth/send-email-confirmation', { email: `unconfirmed${i}@example.com` }), `send ${i}`);
  assertLimited(await rest(other, '/api/auth/send-email-confirmation', { email: 'another@example.com' }), 'send-email-confirmation');
});

test('reset-password: wrong codes are counted per address, REST and GraphQL together', async () => {
  const from = '127.0.0.35';
  const body = (code: string) => ({ code, password: 'new-password-1', passwordConfirmation: 'new-password-1' });
  assert.is((await rest(from, '/api/auth/reset-password', body('a'.repeat(40)))).status, 400);
  assert.ok(errorOf(await graphql(from, `mutation { resetPassword(code: "${'b'.repeat(40)}", password: "new-password-1", passwordConfirmation: "new-password-1") { jwt } }`)));
  assert.is((await rest(from, '/api/auth/reset-password', body('c'.repeat(40)))).status, 400);
  assertLimited(await rest(from, '/api/auth/reset-password', body('d'.repeat(40))), 'REST');
  assertLimited(await graphql(from, `mutation { resetPassword(code: "${'e'.repeat(40)}", password: "new-password-1", passwordConfirmation: "new-password-1") { jwt } }`), 'GraphQL');
});

test('change-password: wrong current passwords are counted per address and account, REST and GraphQL together; then even the right one waits', async () => {
  const { jwt } = await signUp('127.0.0.36', 'changer');
  const from = '127.0.0.37';
  const body = (currentPassword: string) => ({ currentPassword, password: 'new-password-1', passwordConfirmation: 'new-password-1' });
  assert.is((await rest(from, '/api/auth/change-password', body('wrong-1'), jwt)).status, 400);
  assert.is(errorOf(await graphql(from, 'mutation { changePassword(currentPassword: "wrong-2", password: "new-password-1", passwordConfirmation: "new-password-1") { jwt } }', jwt)).name, 'ValidationError');
  assert.is((await rest(from, '/api/auth/change-password', body('wrong-3'), jwt)).status, 400);
  assertLimited(await rest(from, '/api/auth/change-password', body(PASSWORD), jwt), 'the right password, REST');
  assertLimited(await graphql(from, `mutation { changePassword(currentPassword: "${PASSWORD}", password: "new-password-1", passwordConfirmation: "new-password-1") { jwt } }`, jwt), 'GraphQL');
  // the account's count holds from another address too
  assertLimited(await rest('127.0.0.38', '/api/auth/change-password', body(PASSWORD), jwt), 'the account, from another address');
});

test("a user's own password update counts with change-password, REST and GraphQL together; other updates do not", async () => {
  const { jwt, id } = await signUp('127.0.0.39', 'updater');
  const from = '127.0.0.40';
  // a password change refuses older JWTs: sign in again with the new password each time
  const login = async (password: string) => (await rest('127.0.0.41', '/api/auth/local', { identifier: 'updater', password })).body.jwt as string;
  assertNotLimited(await rest(from, `/api/users/${id}`, { password: 'new-password-1' }, jwt, 'PUT'), 'REST 1');
  assertNotLimited(await graphql(from, `mutation { updateUsersPermissionsUser(id: "${id}", data: { password: "new-password-2" }) { data { id } } }`, await login('new-password-1')), 'GraphQL 2');
  const fresh = await login('new-password-2');
  assertNotLimited(await rest(from, `/api/users/${id}`, { password: 'new-password-3' }, fresh, 'PUT'), 'REST 3');
  const latest = await login('new-password-3');
  assertLimited(await rest(from, `/api/users/${id}`, { password: 'new-password-4' }, latest, 'PUT'), 'REST 4');
  assertLimited(await graphql(from, `mutation { updateUsersPermissionsUser(id: "${id}", data: { password: "new-password-5" }) { data { id } } }`, latest), 'GraphQL 5');
  assertLimited(await rest(from, '/api/auth/change-password', { currentPassword: 'new-password-3', password: 'new-password-6', passwordConfirmation: 'new-password-6' }, latest), 'change-password shares the count');
  assertNotLimited(await rest(from, `/api/users/${id}`, { username: 'updater-renamed' }, latest, 'PUT'), 'an update without a password');
});

test.run();
