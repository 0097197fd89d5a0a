/**
 * integration: private by default. The public role gets exactly what permissions.json grants; API
 * tokens of each type; bad, unknown and expired tokens are 401 even on public routes; private
 * attributes never leave the server.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../../helpers/server.js';

let s: TestServer;
let admin: string;

test.before(async () => {
  s = await startTestServer({ name: 'rest-auth' });
  admin = await s.token('full-access');
});
test.after(async () => s.stop());

test('public role: what permissions.json grants and nothing else', async () => {
  assert.is((await s.get('/api/articles')).status, 200);
  assert.is((await s.get('/api/tags')).status, 200);
  const denied = await s.request('POST', '/api/tags', { body: { data: { name: 'public-write' } } });
  assert.is(denied.status, 403);
  assert.equal(denied.body, { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } });
  assert.is((await s.request('DELETE', '/api/tags/1')).status, 403);
  assert.is((await s.request('PUT', '/api/site-setting', { body: { data: {} } })).status, 403);
});

test('bad credentials are 401 even where the public role may read', async () => {
  for (const header of ['Bearer nope', 'Basic dXNlcjpwYXNz', 'Bearer', 'bearer ' + 'a'.repeat(5000), 'Token abc']) {
    const r = await s.request('GET', '/api/articles', { headers: { Authorization: header } });
    assert.is(r.status, 401, header.slice(0, 30));
    assert.equal(r.body.error, { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} });
  }
});

test('full-access, read-only and custom tokens', async () => {
  const ro = await s.token('read-only');
  const custom = await s.token('custom', ['api::tag.tag.create', 'api::tag.tag.find']);
  assert.is((await s.request('POST', '/api/tags', { body: { data: { name: 'by-admin' } }, token: admin })).status, 200);
  assert.is((await s.get('/api/tags', ro)).status, 200);
  assert.is((await s.get('/api/editions', ro)).status, 200);
  assert.is((await s.request('POST', '/api/tags', { body: { data: { name: 'by-ro' } }, token: ro })).status, 403);
  assert.is((await s.request('POST', '/api/tags', { body: { data: { name: 'by-custom' } }, token: custom })).status, 200);
  assert.is((await s.get('/api/tags', custom)).status, 200);
  assert.is((await s.get('/api/tags/1', custom)).status, 403, 'findOne not granted');
  assert.is((await s.get('/api/articles', custom)).status, 403);
});

test('expired tokens are refused', async () => {
  const expired = await s.token('full-access', [], { expiresAt: new Date(Date.now() - 1000).toISOString() });
  assert.is((await s.get('/api/tags', expired)).status, 401);
  const live = await s.token('full-access', [], { expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
  assert.is((await s.get('/api/tags', live)).status, 200);
});

test('private attributes never appear, whoever asks', async () => {
  const created = await s.request('POST', '/api/articles', {
    body: { data: { title: 'Secrets', internalNotes: 'SECRET-NOTE-123', previewPassword: 'hunter2-SECRET' } },
    token: admin,
  });
  assert.is(created.status, 200, created.text);
  const author = await s.request('POST', '/api/authors', { body: { data: { name: 'Payee', email: 'payee@example.com', payoutAccount: 'DE0012345678901' } }, token: admin });
  assert.is(author.status, 200, author.text);
  for (const path of ['/api/articles', `/api/articles/${created.body.data.id}`, '/api/authors', `/api/authors/${author.body.data.id}`]) {
    for (const token of [admin, undefined]) {
      const r = await s.get(path, token);
      assert.is(r.status, 200);
      assert.not.match(r.text, /SECRET-NOTE-123|hunter2|DE0012345678901|internalNotes|previewPassword|payoutAccount/);
    }
  }
  assert.not.match(created.text, /SECRET-NOTE-123|hunter2/);
});

test('CORS: any origin without credentials by default; preflight answered', async () => {
  const r = await s.request('GET', '/api/tags', { headers: { Origin: 'https://evil.example' } });
  assert.is(r.headers.get('access-control-allow-origin'), '*');
  assert.is(r.headers.get('access-control-allow-credentials'), null);
  const pre = await s.request('OPTIONS', '/api/tags', { headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST' } });
  assert.is(pre.status, 204);
  assert.match(pre.headers.get('access-control-allow-methods') ?? '', /POST/);
  assert.match(pre.headers.get('access-control-allow-headers') ?? '', /Authorization/);
});

test('CORS with an explicit list echoes listed origins only', async () => {
  const t = await startTestServer({ name: 'rest-auth-cors', env: { CORS_ORIGINS: 'https://app.example,https://admin.example' } });
  try {
    const ok = await t.request('GET', '/api/tags', { headers: { Origin: 'https://app.example' } });
    assert.is(ok.headers.get('access-control-allow-origin'), 'https://app.example');
    assert.is(ok.headers.get('access-control-allow-credentials'), 'true');
    const no = await t.request('GET', '/api/tags', { headers: { Origin: 'https://evil.example' } });
    assert.is(no.headers.get('access-control-allow-origin'), null);
  } finally {
    await t.stop();
  }
});

test.run();
