/**
 * integration (GraphQL): the same permissions as REST: Query.<names> needs find, Query.<name> findOne,
 * mutations create/update/delete; public role from permissions.json; API tokens (full-access,
 * read-only, custom); related types the requester may not find come back null/empty and cannot be
 * filtered on; a bad token is a 401 in the REST error form; non-shadowCRUD root fields need a login.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gql, gqlData } from '../../helpers/graphql.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

let s: TestServer;
let admin: string;
let article: string;

test.before(async () => {
  s = await startTestServer({ name: 'gql-permissions' });
  admin = await s.token('full-access');
  const d = await gqlData(s, `mutation {
    a: createAuthor(data: { name: "Ann", email: "ann@example.com" }) { data { id } }
    t: createTag(data: { name: "t1" }) { data { id } }
  }`, { token: admin });
  const art = await gqlData(s, `mutation { createArticle(data: { title: "Guarded", publishedAt: "2024-01-01T00:00:00.000Z", author: "${d.a.data.id}", tags: ["${d.t.data.id}"] }) { data { id } } }`, { token: admin });
  article = art.createArticle.data.id;
});
test.after(async () => s.stop());

const forbidden = (r: { status: number; body: any }, field: string) => {
  assert.is(r.status, 200);
  assert.equal(r.body.data, { [field]: null });
  assert.equal(r.body.errors[0].extensions, { error: { name: 'ForbiddenError', message: 'Forbidden access', details: {} }, code: 'FORBIDDEN' });
  assert.equal(r.body.errors[0].path, [field]);
};

test('public role: reads permitted by permissions.json, writes forbidden', async () => {
  const d = await gqlData(s, `{ articles { data { id } } article(id: "${article}") { data { id } } homepage { data { id } } }`);
  assert.equal(d.articles.data, [{ id: article }]);
  forbidden(await gql(s, 'mutation { createTag(data: { name: "x" }) { data { id } } }'), 'createTag');
  forbidden(await gql(s, `mutation { deleteArticle(id: "${article}") { data { id } } }`), 'deleteArticle');
});

test('read-only token: queries yes, mutations no', async () => {
  const token = await s.token('read-only');
  await gqlData(s, '{ tags { data { id } } }', { token });
  forbidden(await gql(s, 'mutation { createTag(data: { name: "x" }) { data { id } } }', { token }), 'createTag');
});

test('custom token: exactly its permissions, action by action', async () => {
  const token = await s.token('custom', ['api::article.article.find', 'api::tag.tag.create']);
  await gqlData(s, '{ articles { data { id } } }', { token });
  forbidden(await gql(s, `{ article(id: "${article}") { data { id } } }`, { token }), 'article');
  forbidden(await gql(s, '{ tags { data { id } } }', { token }), 'tags');
  const d = await gqlData(s, 'mutation { createTag(data: { name: "made by custom" }) { data { attributes { name } } } }', { token });
  assert.is(d.createTag.data.attributes.name, 'made by custom');
  forbidden(await gql(s, 'mutation { updateTag(id: "1", data: { name: "y" }) { data { id } } }', { token }), 'updateTag');
});

test('related types the requester may not find are null / empty', async () => {
  const token = await s.token('custom', ['api::article.article.find']);
  const d = await gqlData(s, '{ articles { data { attributes { title author { data { id } } tags { data { id } } } } } }', { token });
  assert.equal(d.articles.data[0].attributes, { title: 'Guarded', author: { data: null }, tags: { data: [] } });
  const full = await gqlData(s, '{ articles { data { attributes { author { data { id } } tags { data { id } } } } } }', { token: admin });
  assert.ok(full.articles.data[0].attributes.author.data);
  const r = await gql(s, '{ articles(filters: { author: { name: { eq: "Ann" } } }) { data { id } } }', { token });
  assert.is(r.status, 200);
  assert.is(r.body.errors[0].extensions.code, 'BAD_USER_INPUT', 'no filtering through a type one may not find');
});

test('a malformed or unknown bearer is 401 in the REST error form, also for GET', async () => {
  for (const headers of [{ Authorization: 'Bearer nope' }, { Authorization: 'Basic abc' }]) {
    const r = await s.request('POST', '/graphql', { body: { query: '{ __typename }' }, headers });
    assert.is(r.status, 401);
    assert.equal(r.body, { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} } });
  }
  const g = await s.request('GET', `/graphql?query=${encodeURIComponent('{ __typename }')}`, { headers: { Authorization: 'Bearer nope' } });
  assert.is(g.status, 401);
});

test('root fields outside shadowCRUD need their plugin permission', async () => {
  const forgot = 'mutation { forgotPassword(email: "ann@example.com") { ok } }';
  // the public role holds auth.forgotPassword by default (Strapi 4.26.2's grants)
  assert.equal((await gql(s, forgot)).body.data, { forgotPassword: { ok: true } });
  const r = await gql(s, forgot, { token: admin });
  assert.equal(r.body.data, { forgotPassword: { ok: true } });
  // me needs user.me (not granted to the public role) and a JWT user: an API token is Unauthorized
  forbidden(await gql(s, '{ me { id } }'), 'me');
  const me = await gql(s, '{ me { id } }', { token: admin });
  assert.equal([me.body.data.me, me.body.errors[0].extensions.error.name], [null, 'UnauthorizedError']);
});

test.run();
