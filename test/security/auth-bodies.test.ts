/**
 * security: operator objects and other non-strings in auth bodies (`{"identifier": {"$gt": ""}}`,
 * `{"password": {"$ne": null}}`, arrays, numbers) are 400 ValidationErrors over REST and GraphQL;
 * none of them logs anyone in or registers anyone.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestServer } from '../helpers/server.js';
import { gql } from '../helpers/graphql.js';
import { knexOf, PASSWORD, registerUser, securityArtifacts, startSecureServer } from './harness.js';

let s: TestServer;

test.before(async () => {
  s = await startSecureServer({ name: 'sec-auth-bodies', artifactsDir: await securityArtifacts(), env: { AUTH_RATE_LIMIT_MAX: '0' } });
  await registerUser(s, 'victim');
});
test.after(async () => s.stop());

const OPERATORS: unknown[] = [{ $gt: '' }, { $ne: null }, { $eq: 'victim' }, { $regex: '.*' }, { $in: ['victim'] }, ['victim'], ['victim', 'x'], 1, true, { toString: 'victim' }, { $eqi: 'VICTIM' }];

test('login: operator objects as identifier or password are 400, no JWT', async () => {
  for (const op of OPERATORS) {
    for (const body of [{ identifier: op, password: PASSWORD }, { identifier: 'victim', password: op }, { identifier: op, password: op }]) {
      const r = await s.request('POST', '/api/auth/local', { body });
      assert.is(r.status, 400, `${JSON.stringify(body)}: ${r.text}`);
      assert.is(r.body.error.name, 'ValidationError', JSON.stringify(body));
      assert.not.ok(r.body.jwt);
    }
  }
  const sqlish = await s.request('POST', '/api/auth/local', { body: { identifier: "victim' OR '1'='1", password: "x' OR '1'='1" } });
  assert.is(sqlish.status, 400);
  assert.is(sqlish.body.error.message, 'Invalid identifier or password');
  const provider = await s.request('POST', '/api/auth/local', { body: { identifier: 'victim', password: PASSWORD, provider: { $ne: 'local' } } });
  assert.is(provider.status, 400, provider.text);
});

test('register: operator objects in username, email or password are 400, nothing stored', async () => {
  const before = Number((await knexOf(s)('up_users').count({ n: '*' }))[0].n);
  for (const op of OPERATORS) {
    for (const body of [
      { username: op, email: 'op1@example.com', password: PASSWORD },
      { username: 'opuser1', email: op, password: PASSWORD },
      { username: 'opuser2', email: 'op2@example.com', password: op },
    ]) {
      const r = await s.request('POST', '/api/auth/local/register', { body });
      assert.is(r.status, 400, `${JSON.stringify(body)}: ${r.text}`);
      assert.not.ok(r.body.jwt);
    }
  }
  assert.is(Number((await knexOf(s)('up_users').count({ n: '*' }))[0].n), before, 'no user was created');
});

test('update: operator objects for username, email, password are 400', async () => {
  const u = await registerUser(s, 'updater');
  for (const op of OPERATORS.slice(0, 5)) {
    for (const key of ['username', 'email', 'password']) {
      const r = await s.request('PUT', `/api/users/${u.user.id}`, { token: u.jwt, body: { [key]: op } });
      assert.is(r.status, 400, `${key} ${JSON.stringify(op)}: ${r.text}`);
    }
  }
});

test('GraphQL login and register: objects in variables are refused before anything runs', async () => {
  const login = 'mutation($i: UsersPermissionsLoginInput!) { login(input: $i) { jwt } }';
  for (const op of OPERATORS) {
    const r = await gql(s, login, { variables: { i: { identifier: op, password: PASSWORD } } });
    assert.ok(r.status === 400 || r.body.errors, `${JSON.stringify(op)}: ${r.text}`);
    assert.not.ok(r.body.data?.login?.jwt, JSON.stringify(op));
  }
  const reg = await gql(s, 'mutation($i: UsersPermissionsRegisterInput!) { register(input: $i) { jwt } }', { variables: { i: { username: { $gt: '' }, email: 'g@example.com', password: PASSWORD } } });
  assert.is(reg.status, 400, reg.text);
});

test.run();
