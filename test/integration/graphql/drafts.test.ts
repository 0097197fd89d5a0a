/**
 * integration (GraphQL): drafts (`publishedAt: null`) are validated like published entries over
 * GraphQL, as REST's body schema does: the SDL declares required attributes non-null (`title: String!`),
 * so a draft without them could never be read back. Creates and updates of drafts that keep every
 * required attribute work and read back through `article(id)` and `articles(publicationState: PREVIEW)`.
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

test('a draft without a required attribute is refused over GraphQL, as on REST, and nothing is written', async () => {
  refused(await gql(s, CREATE, { token: admin, variables: { data: { publishedAt: null, readingTime: 2 } } }), [[['title'], 'title must be defined.']]);
  const rest = await s.request('POST', '/api/articles', { body: { data: { publishedAt: null, readingTime: 2 } }, token: admin });
  assert.is(rest.status, 400);
  assert.equal(rest.body.error.details.errors.map((e: any) => [e.path, e.message]), [[['title'], 'title must be defined.']]);

  // sent as null: Strapi's words for a required text attribute that is null
  refused(await gql(s, CREATE, { token: admin, variables: { data: { title: null, format: null, publishedAt: null } } }), [
    [['title'], 'title must be a `string` type, but the final value was: `null`.'],
    [['format'], 'format must be a `string` type, but the final value was: `null`.'],
  ]);
  refused(await gql(s, CREATE, { token: admin, variables: { data: { title: 'Dr', publishedAt: null } } }), [[['title'], 'title must be at least 3 characters']]);
  // required attributes of components too (ComponentSharedSeo.metaTitle: String!)
  refused(await gql(s, CREATE, { token: admin, variables: { data: { title: 'Draft with seo', publishedAt: null, seo: { metaDescription: 'd' } } } }), [
    [['seo', 'metaTitle'], 'seo.metaTitle must be defined.'],
  ]);
  assert.is(await draftCount(), 0);
});

test('a draft with its required attributes is created and reads back without errors', async () => {
  const d = await gqlData(s, CREATE, { token: admin, variables: { data: { title: 'Draft one', publishedAt: null } } });
  const { id, attributes } = d.createArticle.data;
  assert.equal(attributes, { title: 'Draft one', format: 'news', publishedAt: null });
  const one = await gqlData(s, `{ article(id: ${id}) { data { attributes { title format publishedAt } } } }`, { token: admin });
  assert.equal(one.article.data.attributes, attributes);
  const list = await gqlData(s, '{ articles(publicationState: PREVIEW) { data { id attributes { title format } } } }', { token: admin });
  assert.equal(list.articles.data, [{ id, attributes: { title: 'Draft one', format: 'news' } }]);
  const live = await gqlData(s, '{ articles { data { id } } }', { token: admin });
  assert.equal(live.articles.data, []);
});

test('an entry created without publishedAt is a draft, as Strapi v4 GraphQL makes it (REST publishes it)', async () => {
  const d = await gqlData(s, CREATE, { token: admin, variables: { data: { title: 'No publishedAt' } } });
  assert.equal(d.createArticle.data.attributes, { title: 'No publishedAt', format: 'news', publishedAt: null });
  const rest = await s.request('POST', '/api/articles', { body: { data: { title: 'No publishedAt either' } }, token: admin });
  assert.type(rest.body.data.attributes.publishedAt, 'string');
  const live = await gqlData(s, '{ articles(filters: { title: { eq: "No publishedAt" } }) { data { id } } }', { token: admin });
  assert.equal(live.articles.data, []);
});

test('unpublishing does not allow clearing a required attribute; publishing a draft works', async () => {
  const made = await gqlData(s, CREATE, { token: admin, variables: { data: { title: 'Published first', publishedAt: '2024-01-01T00:00:00.000Z' } } });
  const id = made.createArticle.data.id;
  const UPDATE = 'mutation($id: ID!, $data: ArticleInput!) { updateArticle(id: $id, data: $data) { data { attributes { title publishedAt } } } }';
  refused(await gql(s, UPDATE, { token: admin, variables: { id, data: { title: null, publishedAt: null } } }), [[['title'], 'title must be a `string` type, but the final value was: `null`.']]);
  const still = await gqlData(s, `{ article(id: ${id}) { data { attributes { title publishedAt } } } }`, { token: admin });
  assert.is(still.article.data.attributes.title, 'Published first');
  assert.type(still.article.data.attributes.publishedAt, 'string');

  const draft = await gqlData(s, UPDATE, { token: admin, variables: { id, data: { title: 'Back to draft', publishedAt: null } } });
  assert.equal(draft.updateArticle.data.attributes, { title: 'Back to draft', publishedAt: null });
  const again = await gqlData(s, UPDATE, { token: admin, variables: { id, data: { publishedAt: '2024-06-01T10:00:00.000Z' } } });
  assert.equal(again.updateArticle.data.attributes, { title: 'Back to draft', publishedAt: '2024-06-01T10:00:00.000Z' });
});

test.run();
