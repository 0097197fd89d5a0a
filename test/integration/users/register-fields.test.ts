/**
 * integration (users-permissions): registration with the project's user type and the users CRUD, on
 * the members fixture (a user extension with firstName, lastName, phone, newsletter, a private notes,
 * an avatar and posts). Without register.allowedFields, Strapi 4's default: every non-private
 * attribute; with it, the listed ones (private too). Other keys are dropped, as Strapi 4.26.2 drops
 * them; role, confirmed, blocked and provider never come from a registration. POST /api/users
 * answers 201 with the role; the GraphQL user mutations run the same actions.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gql, gqlData } from '../../helpers/graphql.js';
import { startMembers, type MembersServer } from '../writes/members-fixture.js';
import { knexOf } from './users-fixture.js';

let s: MembersServer;
let listed: MembersServer;
let closed: MembersServer;

const withAllowedFields = (spec: string) => {
  const file = join(spec, 'config', 'plugins.js');
  writeFileSync(file, readFileSync(file, 'utf8').replace("jwt: { expiresIn: '7d' },", "jwt: { expiresIn: '7d' }, register: { allowedFields: ['firstName', 'notes', 'role'] },"));
};

test.before(async () => {
  s = await startMembers('register-fields');
  listed = await startMembers('register-allowed', { edit: withAllowedFields });
  closed = await startMembers('register-closed', {
    edit: (spec) => {
      const file = join(spec, 'config', 'plugins.js');
      writeFileSync(file, readFileSync(file, 'utf8').replace('advanced: {', "advanced: { allow_register: false, unique_email: false, default_role: 'public',"));
    },
  });
});
test.after(async () => {
  await s.stop();
  await listed.stop();
  await closed.stop();
});

const register = (srv: MembersServer, body: Record<string, unknown>) => srv.request('POST', '/api/auth/local/register', { body: { password: 'secret-horse-1', ...body } });
const stored = (srv: MembersServer, id: number) => knexOf(srv)('up_users').where('id', id).first();
const roleOf = async (srv: MembersServer, id: number) => {
  const link = await knexOf(srv)('up_users_role_links').where('user_id', id).first();
  return (await knexOf(srv)('up_roles').where('id', link.role_id).first()).type;
};

test('default (no allowedFields): the non-private extra attributes are taken and checked; others dropped', async () => {
  const r = await register(s, {
    username: 'ada', email: 'Ada@Example.com', firstName: 'Ada', newsletter: true, phone: '+33 1234567',
    notes: 'private', role: 2, confirmed: false, blocked: true, provider: 'github', resetPasswordToken: 'x', foo: 'bar',
  });
  assert.is(r.status, 200, r.text);
  assert.equal([r.body.user.firstName, r.body.user.newsletter, r.body.user.phone, r.body.user.confirmed, r.body.user.blocked, r.body.user.provider], ['Ada', true, '+33 1234567', true, false, 'local']);
  const row = await stored(s, r.body.user.id);
  assert.equal([row.notes, row.reset_password_token, row.email], [null, null, 'ada@example.com']);
  assert.is(await roleOf(s, r.body.user.id), 'authenticated');
  const bad = await register(s, { username: 'bob', email: 'bob@example.com', phone: 'call me', lastName: 5 });
  assert.is(bad.status, 400);
  assert.equal(bad.body.error.details.errors.map((e: any) => [e.path, e.message]), [
    [['lastName'], 'lastName must be a `string` type, but the final value was: `5`.'],
    [['phone'], 'phone must match the following: "/^\\+?[0-9 ]{6,20}$/"'],
  ]);
});

test('allowedFields: the listed attributes only (a private one too); role never', async () => {
  const r = await register(listed, { username: 'cleo', email: 'cleo@example.com', firstName: 'Cleo', lastName: 'Dropped', notes: 'kept', role: 2 });
  assert.is(r.status, 200, r.text);
  assert.is(r.body.user.firstName, 'Cleo');
  assert.is(r.body.user.lastName, null);
  assert.not.ok('notes' in r.body.user, 'private attributes never leave the server');
  const row = await stored(listed, r.body.user.id);
  assert.equal([row.notes, row.last_name], ['kept', null]);
  assert.is(await roleOf(listed, r.body.user.id), 'authenticated');
});

test('advanced settings: allow_register false refuses registration; default_role and unique_email apply to created users', async () => {
  const r = await register(closed, { username: 'nina', email: 'nina@example.com' });
  assert.equal(r.body.error, { status: 400, name: 'ApplicationError', message: 'Register action is currently disabled', details: {} });
  const made = await closed.request('POST', '/api/users', { body: { username: 'nina', email: 'nina@example.com', password: 'secret-horse-1' }, token: closed.admin });
  assert.is(made.body.role.type, 'public', 'advanced.default_role');
  const twin = await closed.request('POST', '/api/users', { body: { username: 'nina2', email: 'NINA@example.com', password: 'secret-horse-1' }, token: closed.admin });
  assert.is(twin.status, 201, 'the same email twice when unique_email is false');
});

test('POST /api/users: 201 with the role; Strapi\'s messages for a taken username or email; role settable', async () => {
  const publicRole = (await knexOf(s)('up_roles').where('type', 'public').first()).id;
  const create = (body: unknown, token = s.admin) => s.request('POST', '/api/users', { body, token });
  const made = await create({ username: 'gus', email: 'Gus@example.com', password: 'secret-horse-1', firstName: 'Gus', role: publicRole, confirmed: true });
  assert.is(made.status, 201, made.text);
  assert.equal([made.body.username, made.body.email, made.body.confirmed, made.body.provider, made.body.role.type], ['gus', 'gus@example.com', true, 'local', 'public']);
  const plain = await create({ username: 'hal', email: 'hal@example.com', password: 'secret-horse-1' });
  assert.is(plain.body.role.type, 'authenticated', 'the default role when none is sent');
  assert.equal((await create({})).body.error.details.errors.map((e: any) => e.message), ['email is a required field', 'username is a required field', 'password is a required field']);
  assert.equal((await create({ username: 'gus', email: 'gus2@example.com', password: 'secret-horse-1' })).body.error, { status: 400, name: 'ApplicationError', message: 'This attribute must be unique', details: {} });
  assert.equal((await create({ username: 'gus3', email: 'GUS@example.com', password: 'secret-horse-1' })).body.error, { status: 400, name: 'ApplicationError', message: 'Email already taken', details: {} });
  const noRole = await create({ username: 'ivy', email: 'ivy@example.com', password: 'secret-horse-1', role: 999 });
  assert.is(noRole.status, 400);
  assert.is(noRole.body.error.details.errors[0].message, '1 relation(s) of type plugin::users-permissions.role associated with this entity do not exist');
  const provider = await create({ username: 'jay', email: 'jay@example.com', password: 'secret-horse-1', provider: 'github' });
  assert.is(provider.body.error.message, 'provider may not be set through the API');
  const { jwt } = (await register(s, { username: 'kurt', email: 'kurt@example.com' })).body;
  assert.is((await create({ username: 'lea', email: 'lea@example.com', password: 'secret-horse-1' }, jwt)).status, 403, 'authenticated lacks user.create');
  const login = await s.request('POST', '/api/auth/local', { body: { identifier: 'gus', password: 'secret-horse-1' } });
  assert.is(login.status, 200, 'a created user logs in');
});

test('GraphQL: createUsersPermissionsUser, updateUsersPermissionsUser, deleteUsersPermissionsUser', async () => {
  const created = await gqlData(s, 'mutation { createUsersPermissionsUser(data: { username: "mia", email: "mia@example.com", password: "secret-horse-1", firstName: "Mia" }) { data { id attributes { username firstName role { data { attributes { type } } } } } } }', { token: s.admin });
  const { id, attributes } = created.createUsersPermissionsUser.data;
  assert.equal(attributes, { username: 'mia', firstName: 'Mia', role: { data: { attributes: { type: 'authenticated' } } } });
  const updated = await gqlData(s, `mutation { updateUsersPermissionsUser(id: ${id}, data: { lastName: "Moon" }) { data { attributes { lastName } } } }`, { token: s.admin });
  assert.equal(updated.updateUsersPermissionsUser.data.attributes, { lastName: 'Moon' });
  const deleted = await gqlData(s, `mutation { deleteUsersPermissionsUser(id: ${id}) { data { id attributes { username } } } }`, { token: s.admin });
  assert.equal(deleted.deleteUsersPermissionsUser.data, { id, attributes: { username: 'mia' } });
  const taken = await gql(s, 'mutation { createUsersPermissionsUser(data: { username: "gus", email: "x@example.com", password: "secret-horse-1" }) { data { id } } }', { token: s.admin });
  assert.is(taken.body.errors[0].extensions.error.message, 'This attribute must be unique');
  const anon = await gql(s, 'mutation { deleteUsersPermissionsUser(id: 1) { data { id } } }');
  assert.is(anon.body.errors[0].extensions.error.message, 'Forbidden access');
});

test.run();
