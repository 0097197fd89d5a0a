/**
 * integration: createdBy / updatedBy. `quire admin create` and `quire token create --admin` as
 * processes; writes through an admin's token record the admin; REST entries of a type with
 * options.populateCreatorFields (edition) carry {id, firstname, lastname} without any populate,
 * entries of other types never do (the columns are filled all the same).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { EXAMPLE_SPEC, REPO_ROOT, tempDir } from '../../helpers/spec-dir.js';
import { knexOf } from './users-fixture.js';

const quire = join(REPO_ROOT, 'bin', 'quire.js');
const artifacts = join(EXAMPLE_SPEC, 'artifacts');
let s: TestServer;
let env: NodeJS.ProcessEnv;
let adaToken: string;
let graceToken: string;
let plainToken: string;

function cli(...args: string[]) {
  return spawnSync(process.execPath, [quire, ...args], { env, cwd: tempDir(), encoding: 'utf8' });
}

test.before(async () => {
  s = await startTestServer({ name: 'users-creators' });
  env = { ...process.env, DATABASE_URL: s.databaseUrl, API_TOKEN_SALT: 'test-token-salt-0123456789', JWT_SECRET: 'test-jwt-secret-0123456789', LOG_LEVEL: 'warn' };
  plainToken = await s.token('full-access');
});
test.after(async () => s.stop());

test('quire admin create and token create --admin', async () => {
  const ada = cli('admin', 'create', '--artifacts', artifacts, '--email', 'Ada@Example.com', '--firstname', 'Ada', '--lastname', 'Lovelace', '--password', 'Analytical1');
  assert.is(ada.status, 0, ada.stderr);
  assert.match(ada.stdout, /^admin \d+ ada@example\.com\n$/);
  assert.is(cli('admin', 'create', '--artifacts', artifacts, '--email', 'grace@example.com', '--firstname', 'Grace', '--lastname', 'Hopper', '--password', 'Compiler42').status, 0);
  const dup = cli('admin', 'create', '--artifacts', artifacts, '--email', 'ADA@example.com', '--firstname', 'A', '--lastname', 'L', '--password', 'Analytical1');
  assert.is(dup.status, 7);
  assert.match(dup.stderr, /already exists/);
  assert.is(cli('admin', 'create', '--artifacts', artifacts, '--email', 'weak@example.com', '--firstname', 'W', '--lastname', 'K', '--password', 'short').status, 2);
  assert.is(cli('admin', 'create', '--artifacts', artifacts, '--email', 'x@example.com').status, 2);
  const [row] = await knexOf(s)('quire_admin_users').where('email', 'ada@example.com');
  assert.match(row.password, /^\$2a\$10\$/);

  const tok = cli('token', 'create', '--artifacts', artifacts, '--name', 'ada-token', '--type', 'full-access', '--admin', 'ada@example.com');
  assert.is(tok.status, 0, tok.stderr);
  adaToken = tok.stdout.trim();
  assert.match(adaToken, /^[a-f0-9]{64,}$/);
  graceToken = cli('token', 'create', '--artifacts', artifacts, '--name', 'grace-token', '--type', 'full-access', '--admin', 'grace@example.com').stdout.trim();
  const unknown = cli('token', 'create', '--artifacts', artifacts, '--name', 'nobody-token', '--type', 'full-access', '--admin', 'nobody@example.com');
  assert.is(unknown.status, 7);
  assert.match(unknown.stderr, /no admin user/);
});

test('populateCreatorFields: every REST entry carries createdBy and updatedBy', async () => {
  const ada = { id: 1, firstname: 'Ada', lastname: 'Lovelace' };
  const grace = { id: 2, firstname: 'Grace', lastname: 'Hopper' };
  const created = await s.request('POST', '/api/editions', { body: { data: { number: 1, title: 'First' } }, token: adaToken });
  assert.is(created.status, 200, created.text);
  const id = created.body.data.id;
  assert.equal(created.body.data.attributes.createdBy, ada);
  assert.equal(created.body.data.attributes.updatedBy, ada);
  const updated = await s.request('PUT', `/api/editions/${id}`, { body: { data: { title: 'First, revised' } }, token: graceToken });
  assert.equal([updated.body.data.attributes.createdBy, updated.body.data.attributes.updatedBy], [ada, grace]);
  const anonymous = await s.request('POST', '/api/editions', { body: { data: { number: 2, title: 'Second' } }, token: plainToken });
  assert.is(anonymous.body.data.attributes.createdBy, null);
  assert.is(anonymous.body.data.attributes.updatedBy, null);

  const list = await s.get('/api/editions?sort=number');
  assert.is(list.status, 200);
  assert.equal(list.body.data.map((e: any) => [e.attributes.createdBy, e.attributes.updatedBy]), [[ada, grace], [null, null]]);
  assert.equal(Object.keys(list.body.data[0].attributes).slice(-2), ['createdBy', 'updatedBy']);
  const one = await s.get(`/api/editions/${id}?fields[0]=title`);
  assert.equal(one.body.data.attributes, { title: 'First, revised', createdBy: ada, updatedBy: grace });
  assert.not.match(one.text, /password|\$2a\$|email/);
  const deleted = await s.request('DELETE', `/api/editions/${anonymous.body.data.id}`, { token: adaToken });
  assert.is(deleted.body.data.attributes.createdBy, null);
});

/** UPDATE statements a request sent to entry tables (the token's own touch left out) */
const entryUpdates = () => s.queries.filter((q) => /^update/i.test(q) && !/quire_api_tokens/.test(q));

test('types without populateCreatorFields never show them, though the columns are filled', async () => {
  s.queries.length = 0;
  const created = await s.request('POST', '/api/articles', { body: { data: { title: 'By Ada', tags: [] } }, token: adaToken });
  assert.is(created.status, 200, created.text);
  assert.equal(entryUpdates(), [], 'the admin is written with the row, no UPDATE of its own');
  const id = created.body.data.id;
  for (const path of [`/api/articles/${id}`, '/api/articles', `/api/articles/${id}?populate=*`, '/api/articles?populate[0]=createdBy']) {
    const r = await s.get(path, adaToken);
    assert.not.match(r.text, /createdBy|updatedBy|Lovelace/, path);
  }
  assert.not.match(created.text, /createdBy|updatedBy/);
  const [row] = await knexOf(s)('articles').where('id', id);
  assert.is(Number(row.created_by_id), 1);
  assert.is(Number(row.updated_by_id), 1);
  s.queries.length = 0;
  const updated = await s.request('PUT', `/api/articles/${id}`, { body: { data: { title: 'By Ada, revised by Grace' } }, token: graceToken });
  assert.is(updated.status, 200, updated.text);
  assert.is(entryUpdates().length, 1, 'one UPDATE: the row and its updated_by_id together');
  const [after] = await knexOf(s)('articles').where('id', id);
  assert.equal([Number(after.created_by_id), Number(after.updated_by_id)], [1, 2]);
});

test.run();
