/**
 * security: one credential per request; relation writes only to entries the caller may read; populated
 * to-many relations capped at maxLimit at every depth, on both doors. Each class on the dialect under
 * test, over REST and GraphQL; the link tables are checked in the database (no row written when refused).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gql, gqlData } from '../helpers/graphql.js';
import { editJson } from '../helpers/spec-dir.js';
import type { TestServer } from '../helpers/server.js';
import { exampleArtifacts } from '../integration/users/users-fixture.js';
import { knexOf, raw, registerUser, startSecureServer } from './harness.js';

const MAX = 3;
let s: TestServer;
let admin: string;
let writer: string;
let userId: number;
let tagIds: number[];

test.before(async () => {
  // maxLimit 3 (REST and GraphQL) so that a relation can hold more entries than a page may answer
  const artifacts = await exampleArtifacts((spec) => {
    editJson(spec, 'config/api.json', (c) => {
      c.rest = { ...(c.rest ?? {}), defaultLimit: MAX, maxLimit: MAX };
    });
    editJson(spec, 'config/plugins.json', (c) => {
      c.graphql = { ...(c.graphql ?? {}), config: { ...(c.graphql?.config ?? {}), amountLimit: MAX } };
    });
  });
  s = await startSecureServer({ name: 'sec-credentials-links', artifactsDir: artifacts, env: { AUTH_RATE_LIMIT_MAX: '0' } });
  admin = await s.token('full-access');
  // may write articles and read tags, may not read users-permissions users
  writer = await s.token('custom', ['api::article.article.create', 'api::article.article.update', 'api::article.article.find', 'api::tag.tag.find']);
  userId = (await registerUser(s, 'target-user')).user.id;
  tagIds = [];
  for (let i = 0; i < 5; i++) tagIds.push((await s.request('POST', '/api/tags', { body: { data: { name: `capped-${i}` } }, token: admin })).body.data.id);
});
test.after(async () => s.stop());

test('two Authorization headers, or several credentials in one, are a 401 (never authenticated as either)', async () => {
  const lines = await raw(s, { path: '/api/articles', headers: { Authorization: [`Bearer ${admin}`, `Bearer ${admin}`] } });
  assert.is(lines.status, 401, lines.text);
  assert.equal(lines.body.error, { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} });
  const mixed = await raw(s, { path: '/api/articles', headers: { Authorization: ['Bearer not-a-token', `Bearer ${admin}`] } });
  assert.is(mixed.status, 401, 'the valid one second: still refused');
  for (const value of [`Bearer ${admin}, Bearer ${admin}`, `Bearer ${admin} ${admin}`, `Bearer ${admin},Basic eDp5`]) {
    assert.is((await raw(s, { path: '/api/articles', headers: { Authorization: value } })).status, 401, value.slice(0, 40));
  }
  const graphql = await raw(s, { method: 'POST', path: '/graphql', headers: { 'Content-Type': 'application/json', Authorization: [`Bearer ${admin}`, `Bearer ${admin}`] }, body: '{"query":"{ tags { data { id } } }"}' });
  assert.is(graphql.status, 401);
  assert.is((await raw(s, { path: '/api/articles', headers: { Authorization: `Bearer ${admin}` } })).status, 200, 'one credential works');
});

test('a relation to a type the caller cannot read is refused as if the entry did not exist, over REST and GraphQL; nothing is written', async () => {
  const links = async () => Number((await knexOf(s)('articles_reviewer_links').count({ n: '*' }))[0].n);
  const before = await links();
  const expected = { status: 400, name: 'ValidationError', message: '1 relation(s) of type plugin::users-permissions.user associated with this entity do not exist' };
  for (const id of [userId, 999999]) {
    const r = await s.request('POST', '/api/articles', { body: { data: { title: 'Linked to a user', reviewer: id } }, token: writer });
    assert.is(r.status, 400, r.text);
    assert.equal({ status: r.body.error.status, name: r.body.error.name, message: r.body.error.message }, expected, 'the same answer whether the user exists or not');
    assert.equal(r.body.error.details.errors[0].path, ['reviewer']);
  }
  const connect = await s.request('POST', '/api/articles', { body: { data: { title: 'Connect a user', reviewer: { connect: [userId] } } }, token: writer });
  assert.is(connect.status, 400);
  const g = await gql(s, `mutation { createArticle(data: { title: "Via GraphQL", reviewer: "${userId}" }) { data { id } } }`, { token: writer });
  assert.is(g.body.errors[0].extensions.error.message, expected.message);
  assert.is(await links(), before, 'no link row written');
  // the same writer may link what it may read, and the admin may link a user
  assert.is((await s.request('POST', '/api/articles', { body: { data: { title: 'Linked to tags', tags: tagIds.slice(0, 2) } }, token: writer })).status, 200);
  assert.is((await s.request('POST', '/api/articles', { body: { data: { title: 'Admin links a user', reviewer: userId } }, token: admin })).status, 200);
});

test('a signed-in user may link their own account (they read it at /users/me), never another user, over REST and GraphQL', async () => {
  const me = await registerUser(s, 'self-linker');
  const mine = await s.request('POST', '/api/articles?populate[reviewer][fields][0]=username', { body: { data: { title: 'Reviewed by me', reviewer: me.user.id } }, token: me.jwt });
  assert.is(mine.status, 200, mine.text);
  const stored = await knexOf(s)('articles_reviewer_links').where('article_id', mine.body.data.id).first();
  assert.is(stored?.user_id, me.user.id, 'the link row is written');
  const other = await s.request('POST', '/api/articles', { body: { data: { title: 'Reviewed by someone else', reviewer: { connect: [userId] } } }, token: me.jwt });
  assert.is(other.status, 400, other.text);
  assert.is(other.body.error.message, '1 relation(s) of type plugin::users-permissions.user associated with this entity do not exist');
  const g = await gql(s, `mutation { createArticle(data: { title: "Mine via GraphQL", reviewer: "${me.user.id}" }) { data { id } } }`, { token: me.jwt });
  assert.not.ok(g.body.errors, JSON.stringify(g.body.errors));
  const gOther = await gql(s, `mutation { createArticle(data: { title: "Theirs via GraphQL", reviewer: "${userId}" }) { data { id } } }`, { token: me.jwt });
  assert.is(gOther.body.errors[0].extensions.error.message, '1 relation(s) of type plugin::users-permissions.user associated with this entity do not exist');
});

test('populated to-many relations answer at most maxLimit entries at every depth, whatever the populate asks, on both doors', async () => {
  const article = (await s.request('POST', '/api/articles', { body: { data: { title: 'Many tags', tags: tagIds } }, token: admin })).body.data.id;
  const tags = async (q: string) => (await s.get(`/api/articles/${article}?${q}`, admin)).body.data.attributes.tags.data.length;
  assert.is(await tags('populate=tags'), MAX);
  assert.is(await tags('populate[tags][pagination][limit]=-1'), MAX, '-1 means up to maxLimit');
  assert.is(await tags('populate[tags][pagination][limit]=50'), MAX);
  assert.is(await tags('populate[tags][pagination][pageSize]=2'), 2, 'a smaller page is honoured');
  // one level down: every tag's articles list (here one article each) is capped too
  const nested = (await s.get(`/api/tags/${tagIds[0]}?populate[articles][populate][tags]=true`, admin)).body.data.attributes.articles.data;
  for (const a of nested) assert.ok(a.attributes.tags.data.length <= MAX);
  const d = await gqlData(s, `{ article(id: "${article}") { data { attributes { tags(pagination: { limit: 50 }) { data { id } } all: tags(pagination: { limit: -1 }) { data { id } } } } } }`, { token: admin });
  assert.is(d.article.data.attributes.tags.data.length, MAX);
  assert.is(d.article.data.attributes.all.data.length, MAX);
});

test.run();
