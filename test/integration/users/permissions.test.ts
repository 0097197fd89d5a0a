/**
 * integration: who may call what. The public role, the authenticated role, a custom role from
 * permissions.json and each API token type against the users-permissions routes and content routes;
 * populate needs `find` on the populated type; roles and permissions stored in up_roles /
 * up_permissions at every start (idempotent, stale grants removed); a configurable default role.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testDatabaseUrl } from '../../helpers/database.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { editJson } from '../../helpers/spec-dir.js';
import { exampleArtifacts, knexOf, login, PASSWORD, register, SECRET_KEYS, withEditorRole } from './users-fixture.js';

let s: TestServer;
let databaseUrl: string;
let artifacts: string;
const who: Record<string, string | undefined> = {};
let victimId: number;

async function relink(userId: number, roleType: string): Promise<void> {
  const k = knexOf(s);
  const role = await k('up_roles').where('type', roleType).first();
  await k('up_users_role_links').where('user_id', userId).update({ role_id: role.id });
}

test.before(async () => {
  artifacts = await withEditorRole();
  databaseUrl = await testDatabaseUrl('users-permissions');
  s = await startTestServer({ name: 'users-permissions', artifactsDir: artifacts, databaseUrl, env: { AUTH_RATE_LIMIT_MAX: '1000' } });
  who.public = undefined;
  who.authenticated = (await register(s, 'plainuser')).jwt;
  const editor = await register(s, 'editoruser');
  await relink(editor.user.id, 'editor');
  who.editor = editor.jwt;
  who['full-access'] = await s.token('full-access');
  who['read-only'] = await s.token('read-only');
  who.custom = await s.token('custom', ['plugin::users-permissions.user.find', 'api::tag.tag.find']);
  victimId = (await register(s, 'victim')).user.id;
  await register(s, 'loginuser');
});
test.after(async () => s.stop());

const COLUMNS = ['public', 'authenticated', 'editor', 'full-access', 'read-only', 'custom'];
let n = 0;
const unique = () => `u${Date.now().toString(36)}${n++}`;

type Row = [label: string, request: () => { method: string; path: string; body?: unknown }, expected: number[]];
const MATRIX: Row[] = [
  ['GET /users/me', () => ({ method: 'GET', path: '/api/users/me' }), [403, 200, 200, 401, 401, 403]],
  ['GET /users', () => ({ method: 'GET', path: '/api/users' }), [403, 403, 200, 200, 200, 200]],
  ['GET /users/count', () => ({ method: 'GET', path: '/api/users/count' }), [403, 403, 403, 200, 200, 403]],
  ['GET /users/:id', () => ({ method: 'GET', path: `/api/users/${victimId}` }), [403, 403, 403, 200, 200, 403]],
  ['PUT /users/:id', () => ({ method: 'PUT', path: `/api/users/${victimId}`, body: { username: unique() } }), [403, 403, 403, 200, 403, 403]],
  ['DELETE /users/:id (missing)', () => ({ method: 'DELETE', path: '/api/users/987654' }), [403, 403, 403, 404, 403, 403]],
  ['POST /auth/local', () => ({ method: 'POST', path: '/api/auth/local', body: { identifier: 'loginuser', password: PASSWORD } }), [200, 403, 403, 200, 403, 403]],
  ['POST /auth/local/register', () => {
    const u = unique();
    return { method: 'POST', path: '/api/auth/local/register', body: { username: u, email: `${u}@example.com`, password: PASSWORD } };
  }, [200, 403, 403, 200, 403, 403]],
  // Strapi 4.26.2's default grants (the spec lists no users-permissions permission for these roles)
  ['POST /auth/forgot-password', () => ({ method: 'POST', path: '/api/auth/forgot-password', body: { email: 'nobody@example.com' } }), [200, 403, 403, 200, 403, 403]],
  ['POST /auth/reset-password (bad code)', () => ({ method: 'POST', path: '/api/auth/reset-password', body: { code: 'nope', password: PASSWORD, passwordConfirmation: PASSWORD } }), [400, 403, 403, 400, 403, 403]],
  ['POST /auth/change-password (wrong current)', () => ({ method: 'POST', path: '/api/auth/change-password', body: { currentPassword: 'not-it-at-all-1', password: 'new-secret-22', passwordConfirmation: 'new-secret-22' } }), [403, 400, 403, 400, 403, 403]],
  ['GET /tags', () => ({ method: 'GET', path: '/api/tags' }), [200, 200, 200, 200, 200, 200]],
  ['POST /tags', () => ({ method: 'POST', path: '/api/tags', body: { data: { name: unique() } } }), [403, 200, 200, 200, 403, 403]],
  ['GET /articles', () => ({ method: 'GET', path: '/api/articles' }), [200, 200, 403, 200, 200, 403]],
  ['POST /articles', () => ({ method: 'POST', path: '/api/articles', body: { data: { title: unique() } } }), [403, 200, 403, 200, 403, 403]],
];

test('permission matrix: public, authenticated, custom role, full-access, read-only and custom tokens', async () => {
  const failures: string[] = [];
  for (const [label, make, expected] of MATRIX) {
    for (let i = 0; i < COLUMNS.length; i++) {
      const { method, path, body } = make();
      const r = await s.request(method, path, { body, token: who[COLUMNS[i]] });
      if (r.status !== expected[i]) failures.push(`${label} as ${COLUMNS[i]}: ${r.status}, expected ${expected[i]} ${r.text.slice(0, 200)}`);
      if (r.status === 403) assert.equal(r.body.error, { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} });
      assert.not.match(r.text, SECRET_KEYS, `${label} as ${COLUMNS[i]}`);
    }
  }
  assert.equal(failures, []);
});

test('users routes answer Strapi\'s flat shapes: array, number, object', async () => {
  const token = who['full-access'];
  const list = await s.get('/api/users?sort=id', token);
  assert.ok(Array.isArray(list.body));
  assert.equal(Object.keys(list.body[0]), ['id', 'username', 'email', 'provider', 'confirmed', 'blocked', 'createdAt', 'updatedAt']);
  const count = await s.get('/api/users/count', token);
  assert.is(count.body, list.body.length);
  assert.is((await s.get('/api/users/count?filters[email][$eq]=victim@example.com', token)).body, 1);
  const one = await s.get(`/api/users/${victimId}`, token);
  assert.is(one.body.id, victimId);
  const missing = await s.get('/api/users/987654', token);
  assert.is(missing.status, 404);
  assert.equal(missing.body.error, { status: 404, name: 'NotFoundError', message: 'User not found', details: {} });
  assert.is((await s.get('/api/users?filters[password][$startsWith]=$2a', token)).status, 400);
  assert.is((await s.get('/api/users?fields[0]=password', token)).status, 400);
});

test('populate needs find on the populated type, for JWT users and tokens alike', async () => {
  const roles = await s.get('/api/users?populate=role', who['full-access']);
  assert.is(roles.body[0].role.type !== undefined, true);
  assert.equal(Object.keys(roles.body[0].role), ['id', 'name', 'description', 'type', 'createdAt', 'updatedAt']);
  const editorView = await s.get('/api/users?populate=role', who.editor);
  assert.is(editorView.status, 200);
  assert.is(editorView.body[0].role, undefined, 'editor may not find roles');
  const tags = await s.get('/api/tags?populate=articles', who.editor);
  assert.is(tags.status, 200);
  for (const t of tags.body.data) assert.is(t.attributes.articles, undefined, 'editor may not find articles');
  const tagsAuth = await s.get('/api/tags?populate=articles', who.authenticated);
  for (const t of tagsAuth.body.data) assert.ok(t.attributes.articles, 'authenticated may find articles');
});

test('roles and permissions are stored at start, idempotently; stale grants are removed', async () => {
  const k = knexOf(s);
  const grants = async (type: string) =>
    (await k('up_permissions as p').join('up_permissions_role_links as l', 'l.permission_id', 'p.id').join('up_roles as r', 'r.id', 'l.role_id').where('r.type', type).select('p.action')).map((r: { action: string }) => r.action).sort();
  assert.equal((await k('up_roles').select('type', 'name').orderBy('type')).map((r: { type: string; name: string }) => `${r.type}:${r.name}`), ['authenticated:Authenticated', 'editor:Editor', 'public:Public']);
  assert.equal(await grants('editor'), ['api::tag.tag.create', 'api::tag.tag.find', 'api::tag.tag.update', 'plugin::users-permissions.user.find', 'plugin::users-permissions.user.me']);
  assert.ok((await grants('public')).includes('plugin::users-permissions.auth.register'));
  assert.ok((await grants('authenticated')).includes('plugin::users-permissions.user.me'));
  const before = (await k('up_permissions').count({ c: '*' }))[0].c;
  await s.stop();
  s = await startTestServer({ name: 'users-permissions', artifactsDir: artifacts, databaseUrl });
  assert.is(Number((await knexOf(s)('up_permissions').count({ c: '*' }))[0].c), Number(before), 'a restart adds nothing');
  const v2 = await exampleArtifacts((spec) => editJson(spec, 'config/permissions.json', (p) => {
    p.editor = ['api::tag.tag.find'];
  }));
  await s.stop();
  s = await startTestServer({ name: 'users-permissions', artifactsDir: v2, databaseUrl });
  assert.equal(await (async () => {
    const k2 = knexOf(s);
    return (await k2('up_permissions as p').join('up_permissions_role_links as l', 'l.permission_id', 'p.id').join('up_roles as r', 'r.id', 'l.role_id').where('r.type', 'editor').select('p.action')).map((r: { action: string }) => r.action);
  })(), ['api::tag.tag.find']);
  assert.is((await s.request('POST', '/api/tags', { body: { data: { name: 'no-longer' } }, token: who.editor })).status, 403);
  await s.stop();
  s = await startTestServer({ name: 'users-permissions', artifactsDir: artifacts, databaseUrl, env: { AUTH_RATE_LIMIT_MAX: '1000' } });
});

test('defaultRole from plugins.json: registered users get that role', async () => {
  const art = await withEditorRole({ defaultRole: 'editor' });
  const t = await startTestServer({ name: 'users-default-role', artifactsDir: art });
  try {
    const { jwt } = await register(t, 'neweditor');
    assert.is((await t.get('/api/users', jwt)).status, 200, 'editor may list users');
    assert.is((await t.get('/api/articles', jwt)).status, 403, 'editor may not list articles');
    assert.is((await login(t, 'neweditor')).status, 200);
  } finally {
    await t.stop();
  }
});

test.run();
