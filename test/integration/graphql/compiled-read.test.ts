/**
 * integration (GraphQL): query documents of content reads answered by the read action
 * (engine/graphql/document-answer.ts). On PostgreSQL each root read is ONE statement whatever its
 * nesting and page size, and the answer is byte for byte the rows executor's (a second server on the
 * same database with DATABASE_COMPILED_READS=false) and graphql-js's (QUIRE_CHECK_EXECUTORS, on in
 * tests) across many selections. Other documents are executed by graphql-js.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gql } from '../../helpers/graphql.js';
import { postEntry, requestStatements, seedFullArticles, seedShared } from '../../helpers/seed-content.js';
import { DIALECT, startTestServer, type TestServer } from '../../helpers/server.js';

let s: TestServer;
let usual: TestServer;
let admin: string;
let ids: number[] = [];

test.before(async () => {
  try {
    s = await startTestServer({ name: 'gql-compiled-read' });
    admin = await s.token('full-access');
    const shared = await seedShared(s, admin, 'gc');
    ids = await seedFullArticles(s, admin, 30, shared);
    ids.push(await postEntry(s, admin, '/api/articles', {
      title: 'Quotes " \\ and \u0001 control, emoji 😀 </script>', slug: 'odd', excerpt: 'line\nbreak', readingTime: 7, wordCount: '9007199254740993',
      rating: 0.0000123, popularity: 1.5e-7, featured: false, publishDate: '1999-12-31', publishTime: '23:59:59.5', lastReviewedAt: '2024-02-29T23:59:59.123Z',
      importedAt: '1700000000123', metadata: { b: 1, a: [1, 2.5, { c: null }] }, format: 'opinion', internalNotes: 'private',
    }));
    const draft = await s.request('POST', '/api/articles', { body: { data: { title: 'A draft', publishedAt: null } }, token: admin });
    ids.push(draft.body.data.id);
    const home = await s.request('PUT', '/api/homepage', { body: { data: { title: 'Home', featured: ids.slice(0, 3), seo: { metaTitle: 'Home meta' } } }, token: admin });
    if (home.status !== 200) throw new Error(home.text);
    usual = await startTestServer({ name: 'gql-compiled-read', databaseUrl: s.databaseUrl, env: { DATABASE_COMPILED_READS: 'false' } });
  } catch (err) {
    console.error(err);
    throw err;
  }
});
test.after(async () => {
  await usual?.stop();
  await s?.stop();
});

const ENTRY = 'id attributes { title slug excerpt readingTime wordCount rating popularity featured publishDate publishTime lastReviewedAt importedAt metadata format createdAt updatedAt publishedAt }';
const DEEP = `id attributes {
  title
  author { data { id attributes { name email profile { data { attributes { headline } } } socialLinks { id platform url } articles(pagination: { pageSize: 3 }, sort: "id") { data { id attributes { title } } } } } }
  category { data { id attributes { name slug articles(sort: "title:desc") { data { id } } } } }
  tags { data { id attributes { name } } }
  relatedArticles(publicationState: PREVIEW) { data { id attributes { title tags { data { attributes { name } } } } } }
  cover { data { id attributes { name url mime size width formats } } }
  gallery(sort: "name:desc") { data { id attributes { name } } }
  seo { id metaTitle metaImage { data { attributes { name } } } openGraph { title image { data { id } } } }
  sources(sort: "title:desc") { id title url }
  blocks { __typename ... on ComponentContentRichText { body } ... on ComponentContentQuote { id text attribution }
    ... on ComponentContentMediaBlock { caption file { data { attributes { name } } } }
    ... on ComponentContentLinkList { heading links { label url newTab } } }
}`;

const QUERIES: string[] = [
  `{ articles { data { id } } }`,
  `{ articles { data { ${ENTRY} } meta { pagination { total page pageSize pageCount } } } }`,
  `{ articles(pagination: { pageSize: 7, page: 2 }, sort: "id") { data { id attributes { title } } meta { pagination { total page pageSize pageCount } } } }`,
  `{ articles(pagination: { start: 3, limit: 5 }, sort: "id:desc") { data { id } meta { pagination { page pageSize pageCount total } } } }`,
  `{ articles(pagination: { pageSize: 100 }, publicationState: PREVIEW, sort: "id") { data { ${ENTRY} } } }`,
  `{ articles(sort: ["readingTime:desc", "id"]) { __typename data { __typename id attributes { __typename title } } meta { __typename pagination { __typename total } } } }`,
  `{ articles(filters: { title: { containsi: "full" }, tags: { name: { eq: "tag-a-gc" } } }, sort: "id") { data { id attributes { title tags { data { attributes { name } } } } } } }`,
  `{ articles(filters: { or: [{ readingTime: { lt: 5 } }, { title: { null: true } }] }) { data { id } meta { pagination { total } } } }`,
  `{ articles(pagination: { pageSize: 10 }, sort: "id") { data { ${DEEP} } meta { pagination { total pageCount } } } }`,
  `{ articles(pagination: { pageSize: 3 }, sort: "id:desc", publicationState: PREVIEW) { data { ${DEEP} } } }`,
  `{ a: articles(pagination: { pageSize: 2 }, sort: "id") { data { key: id attributes { t: title s: slug } } } b: articles(pagination: { pageSize: 2 }, sort: "id:desc") { data { id } } }`,
  `{ articles(sort: "id") { data { id attributes { title title t2: title author { data { id } } author { data { attributes { name } } } } } } }`,
  `query Q($n: Int, $t: Boolean!) { articles(pagination: { pageSize: $n }, sort: "id") { data { id attributes { title @include(if: $t) slug @skip(if: $t) tags @include(if: $t) { data { id } } } } } }`,
  `fragment F on Article { title author { data { ...A } } } fragment A on AuthorEntity { id attributes { name } } { articles(sort: "id") { data { id attributes { ...F } } } }`,
  `{ articles(sort: "id") { data { attributes { blocks { __typename } } } } }`,
  `{ articles(sort: "id") { data { attributes { blocks { ... on ComponentContentQuote { text } } } } } }`,
  `{ articles(sort: "id") { data { attributes { seo { metaTitle } sources { title } sources2: sources { url } } } } }`,
  `{ articles(sort: "id") { data { attributes { sources(pagination: { limit: 1 }) { title } } } } }`,
  `{ articles(sort: "id") { data { attributes { tags(filters: { name: { endsWith: "b-gc" } }) { data { id attributes { name } } } } } } }`,
  `{ articles(sort: "id") { data { attributes { relatedArticles { data { id } } } } } }`,
  `{ articles(sort: "id", filters: { id: { in: ["1", "99999"] } }) { data { id } } }`,
  `{ authors { data { id attributes { name profile { data { id attributes { headline } } } socialLinks { platform } articles { data { id } } } } } }`,
  `{ categories { data { attributes { name articles(pagination: { pageSize: 50 }) { data { id attributes { title } } } } } } }`,
  `{ tags { data { attributes { articles(filters: { readingTime: { gt: 10 } }) { data { id } } } } } }`,
  `{ homepage { data { id attributes { title featured(sort: "id:desc") { data { id attributes { title } } } seo { metaTitle } hero { id } } } } }`,
  `{ siteSetting { data { id } } }`,
  `{ __typename articles(pagination: { pageSize: 1 }) { data { id } } tags { data { id } } }`,
];

const one = (id: number) => [
  `{ article(id: "${id}") { data { ${ENTRY} } } }`,
  `{ article(id: ${id}) { __typename data { ${DEEP} } } }`,
];

test('every selection: the compiled answer is byte for byte the usual one', async () => {
  const queries = [...QUERIES, ...ids.slice(-3).flatMap(one), `{ article(id: "99999") { data { id } } }`, `{ article(id: "abc") { data { id } } }`];
  const before = s.running.app.repo.answeredInSql.count;
  for (const query of queries) {
    const variables = query.startsWith('query Q') ? { n: 5, t: true } : undefined;
    const [a, b] = [await gql(s, query, { token: admin, variables }), await gql(usual, query, { token: admin, variables })];
    assert.is(a.status, b.status, `${query}: ${a.text} / ${b.text}`);
    assert.is(a.text, b.text, query);
    assert.is(a.status, 200, a.text);
  }
  assert.is(usual.running.app.repo.answeredInSql.count, 0, 'the rows executor alone');
  const after = s.running.app.repo.answeredInSql.count;
  if (DIALECT === 'postgres') assert.ok(after - before >= queries.length - 2, JSON.stringify({ before, after, queries: queries.length }));
});

test('PostgreSQL: one statement per root field, whatever the nesting and page size', async () => {
  await gql(s, '{ tags { data { id } } }', { token: admin }); // the token's touch happens here
  for (const size of [1, 10, 100]) {
    for (const selection of ['id', `attributes { title }`, DEEP.replace(/^id attributes/, 'attributes')]) {
      s.queries.length = 0;
      const r = await gql(s, `{ articles(pagination: { pageSize: ${size} }, publicationState: PREVIEW) { data { ${selection.startsWith('id') ? selection : `id ${selection}`} } meta { pagination { total } } } }`, { token: admin });
      assert.is(r.status, 200, r.text);
      assert.not.ok(r.body.errors, r.text);
      if (DIALECT === 'postgres') assert.is(requestStatements(s.queries).length, 1, `page of ${size}: ${requestStatements(s.queries).join('\n')}`);
    }
  }
  s.queries.length = 0;
  const two = await gql(s, `{ articles(pagination: { pageSize: 25 }) { data { ${DEEP} } } article(id: "${ids[0]}") { data { ${DEEP} } } homepage { data { id } } }`, { token: admin });
  assert.is(two.status, 200, two.text);
  assert.is(two.body.data.articles.data.length, 25);
  assert.is(two.body.data.article.data.id, String(ids[0]));
  if (DIALECT === 'postgres') assert.is(requestStatements(s.queries).length, 3, requestStatements(s.queries).join('\n'));
});

test('graphql-js executes what the shapes do not say (mutations, an alias with other arguments, users-permissions types); a read the planner refuses is a field error', async () => {
  const before = s.running.app.repo.answeredInSql.count;
  const cases: string[] = [
    `mutation { updateTag(id: "1", data: { name: "tag-a-gc" }) { data { id attributes { name } } } }`,
    `{ articles(sort: "id") { data { attributes { tags { data { id } } first: tags(pagination: { limit: 1 }) { data { id } } } } } }`,
    `{ articles(sort: "id") { data { attributes { reviewer { data { id } } } } } }`,
    `{ articles(sort: "nope:asc") { data { id } } }`,
  ];
  for (const query of cases) {
    const [a, b] = [await gql(s, query, { token: admin }), await gql(usual, query, { token: admin })];
    assert.is(a.status, b.status, query);
    if (!query.startsWith('mutation')) assert.is(a.text, b.text, query);
  }
  assert.is(s.running.app.repo.answeredInSql.count, before, 'no answer written by the database');
});

test('a null the schema says is non-null: the error graphql-js gives, the null where it puts it', async () => {
  // a draft stored without its required title (REST skips required checks on drafts)
  const r = await s.request('POST', '/api/articles', { body: { data: { slug: 'untitled', publishedAt: null } }, token: admin });
  assert.is(r.status, 200, r.text);
  const query = `{ article(id: "${r.body.data.id}") { data { id attributes { title slug } } } }`;
  const before = s.running.app.repo.answeredInSql.count;
  const [a, b] = [await gql(s, query, { token: admin }), await gql(usual, query, { token: admin })];
  assert.is(a.text, b.text);
  assert.ok(a.body.errors?.length, a.text);
  assert.equal(a.body.data, { article: { data: { id: String(r.body.data.id), attributes: null } } });
  if (DIALECT === 'postgres') assert.is(s.running.app.repo.answeredInSql.count, before + 1);
});

test.run();
