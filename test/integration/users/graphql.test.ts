/**
 * integration (GraphQL): a users-permissions JWT is a principal on /graphql too, checked against the
 * same role permissions as REST (including "a populated type needs find"); bad or blocked-user
 * JWTs are 401; createdBy/updatedBy never exist in GraphQL, even for populateCreatorFields types.
 * (register/login/me resolvers call auth/users-service.ts; their cases come with those resolvers.)
 */
import { SignJWT } from 'jose';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gql, gqlData } from '../../helpers/graphql.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { knexOf, register, withEditorRole } from './users-fixture.js';

let s: TestServer;
let authenticated: string;
let editor: string;

test.before(async () => {
  s = await startTestServer({ name: 'users-graphql', artifactsDir: await withEditorRole(), env: { AUTH_RATE_LIMIT_MAX: '1000' } });
  authenticated = (await register(s, 'gqlauth')).jwt;
  const e = await register(s, 'gqleditor');
  const k = knexOf(s);
  const role = await k('up_roles').where('type', 'editor').first();
  await k('up_users_role_links').where('user_id', e.user.id).update({ role_id: role.id });
  editor = e.jwt;
});
test.after(async () => s.stop());

const forbidden = (r: { status: number; body: any }, field: string) => {
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.errors?.[0]?.extensions?.error?.name, 'ForbiddenError', JSON.stringify(r.body));
  assert.equal(r.body.errors[0].path, [field]);
};

test('JWT principals get their role\'s permissions, as on REST', async () => {
  const made = await gqlData(s, 'mutation { createArticle(data: { title: "Via GraphQL" }) { data { id attributes { title } } } }', { token: authenticated });
  assert.is(made.createArticle.data.attributes.title, 'Via GraphQL');
  forbidden(await gql(s, 'mutation { createArticle(data: { title: "Anon" }) { data { id } } }'), 'createArticle');
  forbidden(await gql(s, 'mutation { createArticle(data: { title: "Editor" }) { data { id } } }', { token: editor }), 'createArticle');
  const tag = await gqlData(s, 'mutation { createTag(data: { name: "by editor" }) { data { id } } }', { token: editor });
  assert.ok(tag.createTag.data.id);
  forbidden(await gql(s, '{ articles { data { id } } }', { token: editor }), 'articles');
});

test('a populated type needs find: the editor sees tags but not their articles', async () => {
  const admin = await s.token('full-access');
  await gqlData(s, 'mutation { createTag(data: { name: "linked" }) { data { id } } }', { token: admin });
  const d = await gqlData(s, '{ tags { data { attributes { name articles { data { id } } } } } }', { token: editor });
  for (const t of d.tags.data) assert.equal(t.attributes.articles.data, []);
});

test('bad and blocked-user JWTs are 401 on /graphql', async () => {
  const expired = await new SignJWT({ id: 1 }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(1000).setExpirationTime(2000).sign(new TextEncoder().encode('test-jwt-secret-0123456789'));
  for (const token of [expired, `${authenticated.slice(0, -3)}abc`]) {
    const r = await gql(s, '{ __typename }', { token });
    assert.is(r.status, 401);
    assert.equal(r.body.error.message, 'Missing or invalid credentials');
  }
  const b = await register(s, 'gqlblocked');
  await knexOf(s)('up_users').where('id', b.user.id).update({ blocked: true });
  const r = await gql(s, '{ __typename }', { token: b.jwt });
  assert.is(r.status, 401);
  assert.equal(r.body.error, { status: 401, name: 'UnauthorizedError', message: 'Invalid credentials', details: {} });
});

test('createdBy / updatedBy are not part of GraphQL, populateCreatorFields or not', async () => {
  const admin = await s.token('full-access');
  await gqlData(s, 'mutation { createEdition(data: { number: 7, title: "Seven" }) { data { id } } }', { token: admin });
  const r = await gql(s, '{ editions { data { attributes { title createdBy { data { id } } } } } }', { token: admin });
  assert.is(r.status, 400);
  assert.match(JSON.stringify(r.body.errors), /Cannot query field \\"createdBy\\"/);
  const ok = await gqlData(s, '{ editions { data { attributes { title } } } }', { token: admin });
  assert.not.match(JSON.stringify(ok), /createdBy|updatedBy/);
});

test.run();
