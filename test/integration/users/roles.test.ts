/**
 * integration (users-permissions): the roles API as Strapi v4 answers it (`{ roles }` with nb_users,
 * `{ role }` with its permissions map, `{ ok: true }`, `{ permissions }`), on the members fixture. A
 * role made through it works at once for its users; changing its map changes what they may do;
 * deleting it moves them to the public role. Roles of config/permissions.json are read, not changed
 * (400: the config is their one source).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gqlData } from '../../helpers/graphql.js';
import { fullPost, startMembers, type MembersServer } from '../writes/members-fixture.js';

let s: MembersServer;

test.before(async () => {
  s = await startMembers('roles-api');
});
test.after(async () => s.stop());

const api = (method: string, path: string, body?: unknown, token = s.admin) => s.request(method, `/api/users-permissions${path}`, { body, token });
const map = (actions: Record<string, string[]>) => {
  const out: Record<string, { controllers: Record<string, Record<string, { enabled: boolean }>> }> = {};
  for (const [permission, list] of Object.entries(actions)) {
    const [key, controller] = permission.split('/');
    out[key] = { controllers: { [controller]: Object.fromEntries(list.map((a) => [a, { enabled: true }])) } };
  }
  return out;
};

test('GET roles and a role: Strapi\'s shapes; the config roles\' grants in the map', async () => {
  const list = await api('GET', '/roles');
  assert.is(list.status, 200, list.text);
  assert.equal(list.body.roles.map((r: any) => [r.type, r.name, r.nb_users]), [['authenticated', 'Authenticated', 0], ['public', 'Public', 0]]);
  const id = list.body.roles[0].id;
  const one = await api('GET', `/roles/${id}`);
  assert.equal(one.body.role.permissions['api::post'].controllers.post.create, { enabled: true, policy: '' });
  assert.equal(one.body.role.permissions['api::post'].controllers.post.delete, { enabled: false, policy: '' });
  assert.is(one.body.role.permissions['plugin::users-permissions'].controllers.auth.changePassword.enabled, true);
  assert.equal((await api('GET', '/roles/999')).body.error, { status: 404, name: 'NotFoundError', message: 'Role not found', details: {} });
  const all = await api('GET', '/permissions');
  assert.equal(Object.keys(all.body.permissions).sort(), ['api::category', 'api::post', 'plugin::i18n', 'plugin::upload', 'plugin::users-permissions']);
  assert.equal(all.body.permissions['api::post'].controllers.post.find, { enabled: false, policy: '' });
  assert.is((await api('GET', '/roles', undefined, '')).status, 403, 'the public role lacks role.find');
});

test('a role made through the API works at once; its map changes what its users may do; deleting it moves them to public', async () => {
  const created = await api('POST', '/roles', { name: 'Content Editor', description: 'edits posts', permissions: { ...map({ 'api::post/post': ['find', 'findOne', 'create', 'delete'], 'api::nope/x': ['find'] }), ...map({ 'api::category/category': ['find'] }) } });
  assert.equal([created.status, created.body], [200, { ok: true }]);
  const role = (await api('GET', '/roles')).body.roles.find((r: any) => r.type === 'content_editor');
  assert.is(role.name, 'Content Editor');
  const user = await s.request('POST', '/api/users', { body: { username: 'eddie', email: 'eddie@example.com', password: 'secret-horse-1', role: role.id }, token: s.admin });
  assert.is(user.status, 201, user.text);
  const jwt = (await s.request('POST', '/api/auth/local', { body: { identifier: 'eddie', password: 'secret-horse-1' } })).body.jwt;
  const category = (await s.request('POST', '/api/categories', { body: { data: { name: 'Desk' } }, token: s.admin })).body.data.id;
  const post = await s.request('POST', '/api/posts', { body: { data: fullPost(category) }, token: jwt });
  assert.is(post.status, 200, post.text);
  assert.is((await s.request('POST', '/api/categories', { body: { data: { name: 'Mine' } }, token: jwt })).status, 403, 'not in the role');
  assert.is((await api('GET', `/roles/${role.id}`)).body.role.permissions['api::post'].controllers.post.delete.enabled, true);

  assert.equal((await api('PUT', `/roles/${role.id}`, { description: 'reads posts', permissions: map({ 'api::post/post': ['find', 'findOne'] }) })).body, { ok: true });
  assert.is((await s.request('DELETE', `/api/posts/${post.body.data.id}`, { token: jwt })).status, 403, 'delete no longer granted');
  assert.is((await s.get('/api/posts', jwt)).status, 200);
  assert.is((await api('GET', '/roles')).body.roles.find((r: any) => r.id === role.id).nb_users, 1);

  assert.equal((await api('DELETE', `/roles/${role.id}`)).body, { ok: true });
  const me = await s.get('/api/users/me?populate=role', jwt);
  assert.is(me.body.role?.type ?? 'public', 'public');
  assert.is((await api('GET', `/roles/${role.id}`)).status, 404);
});

test('roles of config/permissions.json are changed there; the public role is never deleted; a name is required', async () => {
  const roles = (await api('GET', '/roles')).body.roles;
  const authenticated = roles.find((r: any) => r.type === 'authenticated').id;
  const pub = roles.find((r: any) => r.type === 'public').id;
  assert.equal((await api('PUT', `/roles/${authenticated}`, { name: 'Members' })).body.error, {
    status: 400, name: 'ApplicationError', message: 'Role authenticated is defined by config/permissions.json: change it there', details: {},
  });
  assert.is((await api('DELETE', `/roles/${authenticated}`)).body.error.message, 'Role authenticated is defined by config/permissions.json: change it there');
  assert.equal((await api('DELETE', `/roles/${pub}`)).body.error, { status: 400, name: 'ApplicationError', message: 'Cannot delete public role', details: {} });
  assert.equal((await api('DELETE', '/roles/999')).body.error.message, 'Role not found');
  const noName = await api('POST', '/roles', { description: 'x' });
  assert.equal(noName.body.error.details.errors.map((e: any) => e.message), ['name must be defined.']);
  const taken = await api('POST', '/roles', { name: 'Authenticated' });
  assert.is(taken.body.error.message, 'This attribute must be unique');
});

test('GraphQL: createUsersPermissionsRole, updateUsersPermissionsRole, deleteUsersPermissionsRole answer { ok }', async () => {
  assert.equal(await gqlData(s, 'mutation { createUsersPermissionsRole(data: { name: "Reviewer" }) { ok } }', { token: s.admin }), { createUsersPermissionsRole: { ok: true } });
  const id = (await api('GET', '/roles')).body.roles.find((r: any) => r.type === 'reviewer').id;
  assert.equal(await gqlData(s, `mutation { updateUsersPermissionsRole(id: ${id}, data: { description: "reviews" }) { ok } }`, { token: s.admin }), { updateUsersPermissionsRole: { ok: true } });
  assert.is((await api('GET', `/roles/${id}`)).body.role.description, 'reviews');
  assert.equal(await gqlData(s, `mutation { deleteUsersPermissionsRole(id: ${id}) { ok } }`, { token: s.admin }), { deleteUsersPermissionsRole: { ok: true } });
});

test('a role\'s map changed: the same query string is planned anew for its users (a relation no longer readable is not populated)', async () => {
  assert.equal((await api('POST', '/roles', { name: 'Plan Reader', description: 'reads posts and categories', permissions: map({ 'api::post/post': ['find', 'findOne'], 'api::category/category': ['find'] }) })).body, { ok: true });
  const role = (await api('GET', '/roles')).body.roles.find((r: any) => r.type === 'plan_reader');
  const user = await s.request('POST', '/api/users', { body: { username: 'rita', email: 'rita@example.com', password: 'secret-horse-2', role: role.id }, token: s.admin });
  assert.is(user.status, 201, user.text);
  const jwt = (await s.request('POST', '/api/auth/local', { body: { identifier: 'rita', password: 'secret-horse-2' } })).body.jwt;
  const category = (await s.request('POST', '/api/categories', { body: { data: { name: 'Plans' } }, token: s.admin })).body.data.id;
  const post = (await s.request('POST', '/api/posts', { body: { data: fullPost(category, { title: 'Planned once' }) }, token: s.admin })).body.data.id;
  const read = async () => (await s.get(`/api/posts/${post}?populate=category`, jwt)).body.data.attributes;
  for (let i = 0; i < 2; i++) assert.is((await read()).category?.data?.id, category, 'category readable: populated');
  assert.equal((await api('PUT', `/roles/${role.id}`, { description: 'reads posts', permissions: map({ 'api::post/post': ['find', 'findOne'] }) })).body, { ok: true });
  for (let i = 0; i < 2; i++) assert.is((await read()).category, undefined, 'category no longer readable: not populated');
  assert.equal((await api('PUT', `/roles/${role.id}`, { description: 'reads both again', permissions: map({ 'api::post/post': ['find', 'findOne'], 'api::category/category': ['find'] }) })).body, { ok: true });
  assert.is((await read()).category?.data?.id, category, 'readable again: populated again');
});

test.run();
