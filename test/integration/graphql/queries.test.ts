/**
 * integration (GraphQL): list arguments on root queries and on relation fields: filters (eq, containsi,
 * between, and/or/not, relation filters, null), pagination by page and offset with meta, amountLimit
 * caps and the relation default of 10 rows, sort (several keys, through a relation), publicationState.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gql, gqlData } from '../../helpers/graphql.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

let s: TestServer;
let admin: string;
const tagIds: string[] = [];
let ann: string;
let bob: string;

async function create(type: string, data: string): Promise<string> {
  const d = await gqlData(s, `mutation { create${type}(data: ${data}) { data { id } } }`, { token: admin });
  return d[`create${type}`].data.id;
}

test.before(async () => {
  s = await startTestServer({ name: 'gql-queries' });
  admin = await s.token('full-access');
  for (let batch = 0; batch < 6; batch++) {
    const fields = Array.from({ length: 20 }, (_, i) => {
      const n = String(batch * 20 + i).padStart(3, '0');
      return `t${n}: createTag(data: { name: "tag-${n}" }) { data { id } }`;
    });
    const d = await gqlData(s, `mutation { ${fields.join('\n')} }`, { token: admin });
    tagIds.push(...Object.keys(d).sort().map((k) => d[k].data.id));
  }
  ann = await create('Author', '{ name: "Ann Archer", email: "ann@example.com" }');
  bob = await create('Author', '{ name: "Bob Baker", email: "bob@example.com" }');
  await create('Article', `{ title: "Alpha story", publishedAt: "2024-01-01T00:00:00.000Z", readingTime: 3, rating: 1.5, author: "${ann}", tags: ${JSON.stringify(tagIds.slice(0, 12))}, publishDate: "2024-01-10" }`);
  await create('Article', `{ title: "Bravo STORY", publishedAt: "2024-01-01T00:00:00.000Z", readingTime: 5, rating: 3, author: "${bob}", tags: ${JSON.stringify(tagIds)}, publishDate: "2024-02-10" }`);
  await create('Article', `{ title: "Charlie note", publishedAt: "2024-01-01T00:00:00.000Z", readingTime: 8, author: "${ann}", publishDate: "2024-03-10" }`);
  await create('Article', `{ title: "Delta draft", readingTime: 2, author: "${bob}", publishedAt: null }`);
});
test.after(async () => s.stop());

const titles = async (args: string, token?: string) => {
  const d = await gqlData(s, `{ articles${args ? `(${args})` : ''} { data { attributes { title } } } }`, { token });
  return d.articles.data.map((e: any) => e.attributes.title);
};

test('filters: eq, containsi, between, null, in', async () => {
  assert.equal(await titles('filters: { title: { eq: "Alpha story" } }'), ['Alpha story']);
  assert.equal(await titles('filters: { title: { containsi: "story" } }, sort: "title"'), ['Alpha story', 'Bravo STORY']);
  assert.equal(await titles('filters: { title: { contains: "story" } }'), ['Alpha story'], 'contains is case-sensitive');
  assert.equal(await titles('filters: { readingTime: { between: [4, 8] } }, sort: "readingTime"'), ['Bravo STORY', 'Charlie note']);
  assert.equal(await titles('filters: { publishDate: { between: ["2024-01-01", "2024-02-28"] } }, sort: "publishDate"'), ['Alpha story', 'Bravo STORY']);
  assert.equal(await titles('filters: { rating: { null: true } }'), ['Charlie note']);
  assert.equal(await titles('filters: { id: { in: ["1", "3"] } }, sort: "id"').then((t) => t.length), 2);
});

test('filters: and, or, not', async () => {
  assert.equal(await titles('filters: { and: [{ title: { containsi: "story" } }, { readingTime: { gt: 4 } }] }'), ['Bravo STORY']);
  assert.equal(await titles('filters: { or: [{ readingTime: { lt: 4 } }, { readingTime: { gte: 8 } }] }, sort: "title"'), ['Alpha story', 'Charlie note']);
  assert.equal(await titles('filters: { not: { title: { containsi: "story" } } }'), ['Charlie note']);
  assert.equal(await titles('filters: { title: { not: { containsi: "alpha" } } }, sort: "title"'), ['Bravo STORY', 'Charlie note']);
});

test('filters through relations, and on relation fields', async () => {
  assert.equal(await titles('filters: { author: { name: { eq: "Ann Archer" } } }, sort: "title"'), ['Alpha story', 'Charlie note']);
  assert.equal(await titles('filters: { tags: { name: { eq: "tag-100" } } }'), ['Bravo STORY']);
  const d = await gqlData(s, `{ authors(sort: "name") { data { attributes { name articles(filters: { readingTime: { gt: 4 } }) { data { attributes { title } } } } } } }`);
  assert.equal(d.authors.data.map((a: any) => [a.attributes.name, a.attributes.articles.data.map((x: any) => x.attributes.title)]), [
    ['Ann Archer', ['Charlie note']],
    ['Bob Baker', ['Bravo STORY']],
  ]);
});

test('bad filters are resolver errors (200, BAD_USER_INPUT) or validation errors (400)', async () => {
  let r = await gql(s, '{ articles(filters: { title: { between: ["a"] } }) { data { id } } }');
  assert.is(r.status, 200);
  assert.is(r.body.errors[0].extensions.error.name, 'ValidationError');
  r = await gql(s, '{ articles(filters: { popularity: { eq: 1 } }) { data { id } } }');
  assert.is(r.status, 400, 'popularity has disableFilters');
  r = await gql(s, '{ articles(filters: { nope: { eq: 1 } }) { data { id } } }');
  assert.is(r.status, 400);
});

test('sort: several keys, directions, through a to-one relation', async () => {
  assert.equal(await titles('sort: ["readingTime:desc"]'), ['Charlie note', 'Bravo STORY', 'Alpha story']);
  assert.equal(await titles('sort: ["author.name:desc", "title:asc"]'), ['Bravo STORY', 'Alpha story', 'Charlie note']);
  const r = await gql(s, '{ articles(sort: "title:sideways") { data { id } } }');
  assert.is(r.body.errors[0].extensions.code, 'BAD_USER_INPUT');
});

test('pagination by page and by offset, with meta', async () => {
  let d = await gqlData(s, '{ tags(pagination: { page: 2, pageSize: 50 }, sort: "name") { data { attributes { name } } meta { pagination { total page pageSize pageCount } } } }');
  assert.equal(d.tags.meta.pagination, { total: 120, page: 2, pageSize: 50, pageCount: 3 });
  assert.is(d.tags.data[0].attributes.name, 'tag-050');
  d = await gqlData(s, '{ tags(pagination: { start: 110, limit: 5 }, sort: "name") { data { attributes { name } } meta { pagination { total page pageSize pageCount } } } }');
  assert.equal(d.tags.data.map((t: any) => t.attributes.name), ['tag-110', 'tag-111', 'tag-112', 'tag-113', 'tag-114']);
  assert.equal(d.tags.meta.pagination, { total: 120, page: 23, pageSize: 5, pageCount: 24 });
  d = await gqlData(s, '{ tags { data { id } meta { pagination { pageSize } } } }');
  assert.is(d.tags.data.length, 10, 'default page size: the plugin\'s defaultLimit, as Strapi v4');
  assert.is(d.tags.meta.pagination.pageSize, 10);
  const r = await gql(s, '{ tags(pagination: { page: 1, limit: 3 }) { data { id } } }');
  assert.is(r.status, 200);
  assert.equal(r.body.data, { tags: null });
  assert.is(r.body.errors[0].extensions.code, 'STRAPI_PAGINATION_ERROR');
  assert.is(r.body.errors[0].extensions.error.name, 'PaginationError');
});

test('amountLimit caps lists and relation lists; relation lists default to 10 rows', async () => {
  let d = await gqlData(s, '{ tags(pagination: { pageSize: 1000 }) { data { id } meta { pagination { pageSize pageCount } } } }');
  assert.is(d.tags.data.length, 100);
  assert.equal(d.tags.meta.pagination, { pageSize: 100, pageCount: 2 });
  d = await gqlData(s, '{ tags(pagination: { limit: -1 }) { data { id } } }');
  assert.is(d.tags.data.length, 100, 'limit -1 means the cap');
  d = await gqlData(s, `{ articles(filters: { title: { eq: "Bravo STORY" } }) { data { attributes {
    dflt: tags { data { id } } big: tags(pagination: { pageSize: 500 }) { data { id } } p2: tags(pagination: { page: 2, pageSize: 7 }, sort: "name") { data { attributes { name } } }
  } } } }`);
  const a = d.articles.data[0].attributes;
  assert.is(a.dflt.data.length, 10);
  assert.is(a.big.data.length, 100);
  assert.equal(a.p2.data.map((t: any) => t.attributes.name), ['tag-007', 'tag-008', 'tag-009', 'tag-010', 'tag-011', 'tag-012', 'tag-013']);
});

test('relation field sort and filters', async () => {
  const d = await gqlData(s, `{ articles(filters: { title: { eq: "Alpha story" } }) { data { attributes {
    tags(sort: "name:desc", filters: { name: { in: ["tag-001", "tag-003", "tag-050"] } }) { data { attributes { name } } }
  } } } }`);
  assert.equal(d.articles.data[0].attributes.tags.data.map((t: any) => t.attributes.name), ['tag-003', 'tag-001']);
});

test('publicationState on the root query and on relation fields', async () => {
  assert.equal(await titles('sort: "title"'), ['Alpha story', 'Bravo STORY', 'Charlie note']);
  assert.equal(await titles('publicationState: PREVIEW, sort: "title"'), ['Alpha story', 'Bravo STORY', 'Charlie note', 'Delta draft']);
  const d = await gqlData(s, `{ author(id: "${bob}") { data { attributes {
    live: articles(sort: "title") { data { attributes { title } } }
    all: articles(sort: "title", publicationState: PREVIEW) { data { attributes { title } } }
  } } } }`);
  const a = d.author.data.attributes;
  assert.equal(a.live.data.map((x: any) => x.attributes.title), ['Bravo STORY']);
  assert.equal(a.all.data.map((x: any) => x.attributes.title), ['Bravo STORY', 'Delta draft']);
  const r = await gql(s, '{ articles(publicationState: DRAFT) { data { id } } }');
  assert.is(r.status, 400);
});

test('variables, fragments and operationName', async () => {
  const query = `
    fragment T on Article { title author { data { attributes { name } } } }
    query One($f: ArticleFiltersInput) { articles(filters: $f) { data { attributes { ...T } } } }
    query Two { tags(pagination: { pageSize: 1 }) { data { id } } }`;
  const r = await gql(s, query, { operationName: 'One', variables: { f: { title: { eq: 'Charlie note' } } } });
  assert.is(r.status, 200);
  assert.equal(r.body.data.articles.data, [{ attributes: { title: 'Charlie note', author: { data: { attributes: { name: 'Ann Archer' } } } } }]);
  const g = await s.get(`/graphql?query=${encodeURIComponent(query)}&operationName=Two`);
  assert.is(g.status, 200);
  assert.is(g.body.data.tags.data.length, 1);
});

test.run();
