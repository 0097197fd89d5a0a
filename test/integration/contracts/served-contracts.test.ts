/**
 * integration (contracts): GET /openapi.json and /schema.graphql answer the artifacts the server runs
 * from, byte for byte; who may read them (CONTRACTS_PUBLIC, full-access tokens, the permission
 * plugin::documentation.contracts.read on a role or a custom token); /documentation and its assets,
 * on by default outside production only (DOCUMENTATION_ENABLED).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadServerConfig } from '../../../engine/config/server-config.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { editJson, EXAMPLE_SPEC } from '../../helpers/spec-dir.js';
import { exampleArtifacts, register } from '../users/users-fixture.js';

const ARTIFACTS = join(EXAMPLE_SPEC, 'artifacts');
const PERMISSION = 'plugin::documentation.contracts.read';
const FORBIDDEN = { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } };

let s: TestServer;
test.before(async () => {
  s = await startTestServer({ name: 'contracts-served' });
});
test.after(async () => s.stop());

test('GET /openapi.json and /schema.graphql: the artifacts, byte for byte, with an ETag', async () => {
  for (const [path, file, type] of [['/openapi.json', 'openapi.json', /^application\/json/], ['/schema.graphql', 'schema.graphql', /^text\/plain/]] as const) {
    const r = await s.get(path);
    assert.is(r.status, 200, path);
    assert.match(r.headers.get('content-type')!, type);
    assert.is(r.text, readFileSync(join(ARTIFACTS, file), 'utf8'), path);
    const etag = r.headers.get('etag')!;
    assert.match(etag, /^"[\w-]+"$/);
    const again = await s.request('GET', path, { headers: { 'If-None-Match': etag } });
    assert.is(again.status, 304);
    assert.is(again.text, '');
    const head = await s.request('HEAD', path);
    assert.is(head.status, 200);
    assert.is(head.text, '');
    assert.is(head.headers.get('content-length'), String(Buffer.byteLength(r.text)));
  }
  const post = await s.request('POST', '/openapi.json', { body: {} });
  assert.is(post.status, 405);
  assert.is(post.headers.get('allow'), 'GET, HEAD');
  assert.is(post.body.error.name, 'MethodNotAllowedError');
});

test('public by default outside production; a bad bearer is still a 401', async () => {
  assert.is((await s.get('/openapi.json')).status, 200);
  const bad = await s.get('/openapi.json', 'not-a-token');
  assert.is(bad.status, 401);
  assert.is(bad.body.error.name, 'UnauthorizedError');
});

test('CONTRACTS_PUBLIC=false: a full-access token, a custom token or a role with the permission', async () => {
  const artifacts = await exampleArtifacts((spec) => editJson(spec, 'config/permissions.json', (p) => (p.reader = [PERMISSION])));
  const priv = await startTestServer({ name: 'contracts-private', artifactsDir: artifacts, env: { CONTRACTS_PUBLIC: 'false' } });
  try {
    for (const path of ['/openapi.json', '/schema.graphql']) {
      const anonymous = await priv.get(path);
      assert.is(anonymous.status, 403, path);
      assert.equal(anonymous.body, FORBIDDEN);
      assert.is((await priv.get(path, await priv.token('read-only'))).status, 403, 'read-only tokens read entries, not contracts');
      assert.is((await priv.get(path, await priv.token('custom', ['api::tag.tag.find']))).status, 403);
      const full = await priv.get(path, await priv.token('full-access'));
      assert.is(full.status, 200);
      assert.is(full.headers.get('cache-control'), 'private, no-cache');
      assert.is(full.headers.get('vary'), 'Authorization');
      assert.is((await priv.get(path, await priv.token('custom', [PERMISSION]))).status, 200);
    }
    const user = await register(priv, 'contract-reader');
    assert.is((await priv.get('/openapi.json', user.jwt)).status, 403, 'the authenticated role lacks the permission');
    const knex = (priv.running.app.repo as any).knex;
    const reader = await knex('up_roles').where({ type: 'reader' }).first();
    await knex('up_users_role_links').where({ user_id: user.user.id }).update({ role_id: reader.id });
    assert.is((await priv.get('/openapi.json', user.jwt)).status, 200, 'a role granted plugin::documentation.contracts.read');
  } finally {
    await priv.stop();
  }
});

test('/documentation: the page and its assets from this server; unknown names are 404', async () => {
  const page = await s.request('GET', '/documentation', { headers: { Accept: 'text/html' } });
  assert.is(page.status, 200);
  assert.match(page.headers.get('content-type')!, /^text\/html/);
  assert.match(page.headers.get('content-security-policy')!, /script-src 'self'/);
  assert.match(page.text, /data-spec="\/openapi\.json"/);
  const srcs = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
  assert.equal(srcs, ['/documentation/assets/favicon-32x32.png', '/documentation/assets/swagger-ui.css', '/documentation/assets/swagger-ui-bundle.js', '/documentation/assets/init.js']);
  for (const src of srcs) {
    const a = await s.get(src);
    assert.is(a.status, 200, src);
    assert.ok(a.text.length > 100, src);
  }
  assert.is((await s.get('/documentation/')).status, 200);
  for (const path of ['/documentation/assets/package.json', '/documentation/assets/../package.json', '/documentation/assets/%2e%2e/package.json', '/documentation/other']) assert.is((await s.get(path)).status, 404, path);
});

test('production: contracts private and no documentation, unless enabled', async () => {
  const env = { NODE_ENV: 'production' };
  const prod = await startTestServer({ name: 'contracts-prod', env });
  try {
    assert.equal((await prod.get('/openapi.json')).body, FORBIDDEN);
    assert.is((await prod.get('/openapi.json', await prod.token('full-access'))).status, 200);
    assert.is((await prod.get('/documentation')).status, 404);
    assert.is((await prod.get('/documentation/assets/swagger-ui-bundle.js')).status, 404);
  } finally {
    await prod.stop();
  }
  const open = await startTestServer({ name: 'contracts-prod-open', env: { ...env, CONTRACTS_PUBLIC: 'true', DOCUMENTATION_ENABLED: 'true' } });
  try {
    assert.is((await open.get('/schema.graphql')).status, 200);
    assert.is((await open.get('/documentation')).status, 200);
  } finally {
    await open.stop();
  }
  const dev = await startTestServer({ name: 'contracts-dev-closed', env: { DOCUMENTATION_ENABLED: 'false' } });
  try {
    assert.is((await dev.get('/documentation')).status, 404);
  } finally {
    await dev.stop();
  }
});

test('CONTRACTS_PUBLIC and DOCUMENTATION_ENABLED take true or false', () => {
  const base = { JWT_SECRET: 'x'.repeat(20), API_TOKEN_SALT: 'y'.repeat(20) };
  assert.throws(() => loadServerConfig({ ...base, CONTRACTS_PUBLIC: 'maybe' }, { artifactsDir: ARTIFACTS }), /CONTRACTS_PUBLIC must be true or false/);
  assert.throws(() => loadServerConfig({ ...base, DOCUMENTATION_ENABLED: 'yes' }, { artifactsDir: ARTIFACTS }), /DOCUMENTATION_ENABLED must be true or false/);
  const c = loadServerConfig({ ...base, NODE_ENV: 'production', CONTRACTS_PUBLIC: '1' }, { artifactsDir: ARTIFACTS }).contracts;
  assert.equal(c, { public: true, documentation: false, validateResponses: false });
});

test.run();
