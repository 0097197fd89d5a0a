/**
 * integration (GraphQL): drafts as Strapi v4's GraphQL makes them. A create with `publishedAt: null`
 * skips the required and minLength checks (selecting a required attribute it lacks is graphql-js's
 * non-null error, as in Strapi); a create without `publishedAt` is a draft checked in full; publishing
 * a draft checks it in full, stored values included (quire: Strapi publishes it as it is).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gql, gqlData } from '../../helpers/graphql.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

let s: TestServer;
let admin: string;

test.before(async () => {
  s = await startTestServer({ name: 'gql-drafts' });
  admin = await s.token('full-access');
});
test.after(async () => s.stop());

const CREATE = 'mutation($data: ArticleInput!) { createArticle(data: $data) { data { id attributes { title format publishedAt } } } }';

/** the resolver error's Strapi form: ValidationError with details.errors [{ path, message }] */
function refused(r: { status: number; body: any }, expected: [string[], string][]) {
  assert.is(r.status, 200, JSON.stringify(r.body));
  const [error] = r.body.errors ?? [];
  assert.is(error?.extensions?.code, 'BAD_USER_INPUT', JSON.stringify(r.body));
  assert.is(error.extensions.error.name, 'ValidationError');
  assert.equal(error.extensions.error.details.errors.map((e: any) => [e.path, e.message]), expected);
}

async function draftCount(): Promise<number> {
  const d = await gqlData(s, '{ articles(publicationState: PREVIEW, filters: { publishedAt: { null: true } }) { meta { pagination { total } } } }', { token: admin });
  return d.articles.meta.pagination.total;
}

test('a draft (publishedAt: null) is saved without its required attributes; the other checks apply', async () => {
  const d = await gqlData(s, 'mutation($data: ArticleInput!) { createArticle(data: $data) { data { id attributes { readingTime publishedAt } } } }', { token: admin, variables: { data: { publishedAt: null, readingTime: 2, title: 'Dr' } } });
  assert.equal(d.createArticle.data.attributes, { readingTime: 2, publishedAt: null });
  // the required attributes of components too; selecting `title` would be graphql-js's non-null error (as in Strapi)
  const bare = await gqlData(s, 'mutation { createArticle(data: { publishedAt: null, seo: { metaDescription: "d" } }) { data { id } } }', { token: admin });
  assert.ok(bare.createArticle.data.id, 'the draft was saved');
  refused(await gql(s, CREATE, { token: admin, variables: { data: { publishedAt: null, readingTime: 0 } } }), [[['readingTime'], 'readingTime must be greater than or equal to 1']]);
  assert.is(await draftCount(), 2);
});

test('a create without publishedAt becomes a draft but is checked in full, as Strapi v4 GraphQL does (REST publishes it)', async () => {
  refused(await gql(s, CREATE, { token: admin, variables: { data: { readingTime: 2 } } }), [[['title'], 'title must be defined.']]);
  refused(await gql(s, CREATE, { token: admin, variables: { data: { title: 'Dr' } } }), [[['title'], 'title must be at least 3 characters']]);
  const d = await gqlData(s, CREATE, { token: admin, variables: { data: { title: 'No publishedAt' } } });
  assert.equal(d.createArticle.data.attributes, { title: 'No publishedAt', format: 'news', publishedAt: null });
  const rest = await s.request('POST', '/api/articles', { body: { data: { title: 'No publishedAt either' } }, token: admin });
  assert.type(rest.body.data.attributes.publishedAt, 'string');
  const live = await gqlData(s, '{ articles(filters: { title: { eq: "No publishedAt" } }) { data { id } } }', { token: admin });
  assert.equal(live.articles.data, []);
});

test('publishing a draft is checked in full, stored values included; a published entry stays checked in full', async () => {
  const UPDATE = 'mutation($id: ID!, $data: ArticleInput!) { updateArticle(id: $id, data: $data) { data { attributes { title publishedAt } } } }';
  const made = await gqlData(s, 'mutation { createArticle(data: { publishedAt: null, readingTime: 3 }) { data { id } } }', { token: admin });
  const id = made.createArticle.data.id;
  refused(await gql(s, UPDATE, { token: admin, variables: { id, data: { publishedAt: '2024-06-01T10:00:00.000Z' } } }), [[['title'], 'title must be defined.']]);
  refused(await gql(s, UPDATE, { token: admin, variables: { id, data: { title: 'ab', publishedAt: '2024-06-01T10:00:00.000Z' } } }), [[['title'], 'title must be at least 3 characters']]);
  const kept = await gqlData(s, UPDATE, { token: admin, variables: { id, data: { title: 'ab' } } });
  assert.equal(kept.updateArticle.data.attributes, { title: 'ab', publishedAt: null }, 'a draft that stays one is lenient');
  const published = await gqlData(s, UPDATE, { token: admin, variables: { id, data: { title: 'Ready now', publishedAt: '2024-06-01T10:00:00.000Z' } } });
  assert.equal(published.updateArticle.data.attributes, { title: 'Ready now', publishedAt: '2024-06-01T10:00:00.000Z' });
  // published: strict, even when the same update unpublishes (Strapi decides by the state before the write)
  refused(await gql(s, UPDATE, { token: admin, variables: { id, data: { title: null, publishedAt: null } } }), [[['title'], 'title must be a `string` type, but the final value was: `null`.']]);
  const back = await gqlData(s, UPDATE, { token: admin, variables: { id, data: { publishedAt: null } } });
  assert.equal(back.updateArticle.data.attributes, { title: 'Ready now', publishedAt: null });
});

test.run();
