/**
 * reliability: users are unique under concurrency. Parallel registrations (REST and GraphQL) and
 * creates (POST /api/users) of one email, in any case, or one username make one account; every other
 * answer is the 400 the sequential check gives, never a 500. The email's unique index comes from the
 * schema sync; a database that already holds two accounts of one email starts anyway, with a warning
 * line, and enforces it once the duplicates are gone. Both databases.
 */
import { pino } from 'pino';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gql } from '../helpers/graphql.js';
import { testDatabaseUrl } from '../helpers/database.js';
import { editJson } from '../helpers/spec-dir.js';
import { startTestServer, type TestResponse, type TestServer } from '../helpers/server.js';
import { exampleArtifacts, knexOf, PASSWORD } from '../integration/users/users-fixture.js';

const N = 20;
let s: TestServer;
let admin: string;

test.before(async () => {
  // register is granted to the public role by the example spec
  s = await startTestServer({ name: 'rel-user-races', env: { AUTH_RATE_LIMIT_MAX: '0' } });
  admin = await s.token('full-access');
});
test.after(async () => s?.stop());

const register = (username: string, email: string) => s.request('POST', '/api/auth/local/register', { body: { username, email, password: PASSWORD } });
const accounts = async (email: string) => Number((await knexOf(s)('up_users').whereRaw('lower(email) = ?', [email.toLowerCase()]).count({ n: '*' }))[0].n);

function assertOneWinner(results: TestResponse[], winner: number, message: string, label: string): void {
  const statuses = results.map((r) => r.status);
  assert.is(statuses.filter((x) => x === winner).length, 1, `${label}: exactly one succeeds: ${statuses.join(',')}`);
  for (const r of results.filter((x) => x.status !== winner)) {
    assert.is(r.status, 400, `${label}: ${r.text}`);
    assert.equal({ name: r.body.error.name, message: r.body.error.message }, { name: 'ApplicationError', message }, `${label}: ${r.text}`);
  }
}

test(`${N} parallel registrations of one email (in any case): one account, ${N - 1} "Email or Username are already taken"`, async () => {
  const results = await Promise.all(Array.from({ length: N }, (_, i) => register(`racer${i}`, i % 2 ? 'Race@Example.com' : 'race@example.com')));
  assertOneWinner(results, 200, 'Email or Username are already taken', 'email');
  assert.is(await accounts('race@example.com'), 1);
  const stored = await knexOf(s)('up_users').whereRaw('lower(email) = ?', ['race@example.com']).first();
  assert.is(stored.email, 'race@example.com', 'stored lower-cased');
});

test(`${N} parallel registrations of one username: one account`, async () => {
  const results = await Promise.all(Array.from({ length: N }, (_, i) => register('samename', `same${i}@example.com`)));
  assertOneWinner(results, 200, 'Email or Username are already taken', 'username');
  assert.is(Number((await knexOf(s)('up_users').where('username', 'samename').count({ n: '*' }))[0].n), 1);
});

test('parallel registrations over REST and GraphQL at once: one account', async () => {
  const mutation = (i: number) =>
    gql(s, `mutation { register(input: { username: "both${i}", email: "both@example.com", password: "${PASSWORD}" }) { jwt } }`);
  const answers = await Promise.all(Array.from({ length: N }, (_, i) => (i % 2 ? register(`both${i}`, 'both@example.com') : mutation(i))));
  for (const r of answers) assert.ok(r.status < 500, r.text);
  const won = answers.filter((r) => r.status === 200 && (r.body.jwt || r.body.data?.register?.jwt));
  assert.is(won.length, 1, answers.map((r) => r.text.slice(0, 80)).join('\n'));
  for (const r of answers.filter((x) => !won.includes(x))) {
    const message = r.body.error?.message ?? r.body.errors?.[0]?.extensions?.error?.message;
    assert.is(message, 'Email or Username are already taken', r.text);
  }
  assert.is(await accounts('both@example.com'), 1);
});

test(`${N} parallel POST /api/users of one email: one account, the others "Email already taken"`, async () => {
  const create = (i: number) => s.request('POST', '/api/users', { body: { username: `made${i}`, email: i % 2 ? 'MADE@example.com' : 'made@example.com', password: PASSWORD }, token: admin });
  const results = await Promise.all(Array.from({ length: N }, (_, i) => create(i)));
  assertOneWinner(results, 201, 'Email already taken', 'create');
  assert.is(await accounts('made@example.com'), 1);
});

test('an existing database with two accounts of one email starts, warns, and is unique again once they are gone', async () => {
  const loose = await exampleArtifacts((spec) => editJson(spec, 'config/plugins.json', (p) => {
    p['users-permissions'] = { config: { advanced: { unique_email: false } } };
  }));
  const strict = await exampleArtifacts(() => undefined);
  const databaseUrl = await testDatabaseUrl('rel-user-email-index');
  let t = await startTestServer({ name: 'x', artifactsDir: loose, databaseUrl, env: { AUTH_RATE_LIMIT_MAX: '0' } });
  const token = await t.token('full-access');
  for (const username of ['twin-a', 'twin-b']) {
    const r = await t.request('POST', '/api/users', { body: { username, email: 'twin@example.com', password: PASSWORD }, token });
    assert.is(r.status, 201, r.text);
  }
  await t.stop();

  const lines: string[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
  t = await startTestServer({ name: 'x', artifactsDir: strict, databaseUrl, env: { AUTH_RATE_LIMIT_MAX: '0' }, logger });
  assert.ok(lines.some((l) => /up_users_email_unique/.test(l)), `a warning line names the index: ${lines.join('\n')}`);
  const again = await t.request('POST', '/api/auth/local/register', { body: { username: 'twin-c', email: 'twin@example.com', password: PASSWORD } });
  assert.is(again.status, 400, 'the check still refuses the email');
  const db = knexOf(t);
  await db('up_users').where('username', 'twin-b').del();
  await t.stop();

  t = await startTestServer({ name: 'x', artifactsDir: strict, databaseUrl, env: { AUTH_RATE_LIMIT_MAX: '0' } });
  assert.is(t.running.app.sync.warnings, undefined, JSON.stringify(t.running.app.sync));
  const results = await Promise.all(Array.from({ length: 10 }, (_, i) => t.request('POST', '/api/auth/local/register', { body: { username: `late${i}`, email: 'late@example.com', password: PASSWORD } })));
  assert.is(results.filter((r) => r.status === 200).length, 1, results.map((r) => r.status).join(','));
  await t.stop();
});

test.run();
