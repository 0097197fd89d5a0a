/**
 * integration (GraphQL): every shadowCRUD operation of collection and single types through POST
 * /graphql: create/update/delete with relations, media, components and dynamic zones (`__typename`
 * both ways), the custom scalars and enums, missing entries as `data: null`, disabled mutations.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createFile, gql, gqlData } from '../../helpers/graphql.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

let s: TestServer;
let admin: string;
let file: number;
const ids: Record<string, string> = {};

const ARTICLE_FIELDS = `
  id
  attributes {
    title format wordCount rating readingTime featured publishDate publishTime lastReviewedAt importedAt metadata publishedAt
    author { data { id attributes { name socialLinks { platform url } } } }
    category { data { attributes { name } } }
    tags(sort: "name") { data { attributes { name } } }
    cover { data { id attributes { url mime } } }
    gallery { data { id } }
    seo { metaTitle openGraph { title } metaImage { data { attributes { name } } } }
    sources { title accessedOn }
    blocks {
      __typename
      ... on ComponentContentQuote { text attribution }
      ... on ComponentContentMediaBlock { caption file { data { id attributes { url } } } }
      ... on ComponentContentLinkList { heading links { label url } }
    }
  }`;

test.before(async () => {
  s = await startTestServer({ name: 'gql-operations' });
  admin = await s.token('full-access');
  file = await createFile(s, 'cover.png');
  const d = await gqlData(s, `mutation {
    a: createAuthor(data: { name: "Ann", email: "ann@example.com", socialLinks: [{ platform: mastodon, url: "https://m.example/@ann" }] }) { data { id } }
    c: createCategory(data: { name: "News", slug: "news" }) { data { id } }
    t1: createTag(data: { name: "beta" }) { data { id } }
    t2: createTag(data: { name: "alpha" }) { data { id } }
  }`, { token: admin });
  ids.author = d.a.data.id;
  ids.category = d.c.data.id;
  ids.tag1 = d.t1.data.id;
  ids.tag2 = d.t2.data.id;
});
test.after(async () => s.stop());

test('createArticle writes every kind of attribute and reads it back with the selection', async () => {
  const d = await gqlData(s, `mutation($data: ArticleInput!) { createArticle(data: $data) { data { ${ARTICLE_FIELDS} } } }`, {
    token: admin,
    variables: {
      data: {
        title: 'Hello GraphQL', publishedAt: '2024-05-04T00:00:00.000Z', format: 'feature', wordCount: '9007199254740993', rating: 4.5, readingTime: 7, featured: true,
        publishDate: '2024-05-01', publishTime: '10:15:30.000', lastReviewedAt: '2024-05-02T08:00:00.000Z', importedAt: '2024-05-03T09:30:00.000Z',
        metadata: { source: 'wire', tags: [1, 2] },
        author: ids.author, category: ids.category, tags: [ids.tag1, ids.tag2], cover: String(file), gallery: [String(file)],
        seo: { metaTitle: 'Meta', openGraph: { title: 'OG' }, metaImage: String(file) },
        sources: [{ title: 'Source A', accessedOn: '2024-04-30' }],
        blocks: [
          { __typename: 'ComponentContentQuote', text: 'To be', attribution: 'W.S.' },
          { __typename: 'ComponentContentMediaBlock', file: file, caption: 'A picture' },
          { __typename: 'ComponentContentLinkList', heading: 'Links', links: [{ label: 'Home', url: '/' }] },
        ],
      },
    },
  });
  const e = d.createArticle.data;
  ids.article = e.id;
  assert.type(e.id, 'string');
  const a = e.attributes;
  assert.equal(
    [a.title, a.format, a.wordCount, a.rating, a.readingTime, a.featured, a.publishDate, a.publishTime],
    ['Hello GraphQL', 'feature', 9007199254740992, 4.5, 7, true, '2024-05-01', '10:15:30.000'],
  );
  assert.is(a.lastReviewedAt, '2024-05-02T08:00:00.000Z');
  assert.is(a.importedAt, '2024-05-03T09:30:00.000Z', 'timestamp as DateTime');
  assert.equal(a.metadata, { source: 'wire', tags: [1, 2] });
  assert.is(a.publishedAt, '2024-05-04T00:00:00.000Z', 'published when sent with publishedAt');
  assert.equal(a.author.data, { id: ids.author, attributes: { name: 'Ann', socialLinks: [{ platform: 'mastodon', url: 'https://m.example/@ann' }] } });
  assert.equal(a.category.data.attributes, { name: 'News' });
  assert.equal(a.tags.data.map((t: any) => t.attributes.name), ['alpha', 'beta']);
  assert.equal(a.cover.data, { id: String(file), attributes: { url: '/uploads/cover.png', mime: 'image/png' } });
  assert.equal(a.gallery.data, [{ id: String(file) }]);
  assert.equal(a.seo, { metaTitle: 'Meta', openGraph: { title: 'OG' }, metaImage: { data: { attributes: { name: 'cover.png' } } } });
  assert.equal(a.sources, [{ title: 'Source A', accessedOn: '2024-04-30' }]);
  assert.equal(a.blocks, [
    { __typename: 'ComponentContentQuote', text: 'To be', attribution: 'W.S.' },
    { __typename: 'ComponentContentMediaBlock', caption: 'A picture', file: { data: { id: String(file), attributes: { url: '/uploads/cover.png' } } } },
    { __typename: 'ComponentContentLinkList', heading: 'Links', links: [{ label: 'Home', url: '/' }] },
  ]);
});

test('article(id) and articles return the same entry', async () => {
  const d = await gqlData(s, `query($id: ID) { article(id: $id) { data { ${ARTICLE_FIELDS} } } articles { data { ${ARTICLE_FIELDS} } meta { pagination { total page pageSize pageCount } } } }`, { variables: { id: ids.article } });
  assert.equal(d.articles.data, [d.article.data]);
  assert.equal(d.articles.meta.pagination, { total: 1, page: 1, pageSize: 10, pageCount: 1 }, 'the plugin\'s defaultLimit');
  assert.is(d.article.data.attributes.author.data.attributes.name, 'Ann');
});

test('the other collection types answer their queries (public role)', async () => {
  const d = await gqlData(s, `{
    authors { data { attributes { name articles { data { attributes { title } } } } } }
    author(id: ${ids.author}) { data { attributes { email } } }
    categories { data { attributes { slug articles { data { id } } } } }
    tags(sort: ["name:desc"]) { data { attributes { name } } meta { pagination { total } } }
    tag(id: "${ids.tag2}") { data { attributes { name } } }
    editions { data { id } }
    authorProfiles { data { id } }
  }`);
  assert.equal(d.authors.data, [{ attributes: { name: 'Ann', articles: { data: [{ attributes: { title: 'Hello GraphQL' } }] } } }]);
  assert.is(d.author.data.attributes.email, 'ann@example.com');
  assert.equal(d.categories.data[0].attributes, { slug: 'news', articles: { data: [{ id: ids.article }] } });
  assert.equal(d.tags.data.map((t: any) => t.attributes.name), ['beta', 'alpha']);
  assert.is(d.tags.meta.pagination.total, 2);
  assert.is(d.tag.data.attributes.name, 'alpha');
  assert.equal(d.editions.data, []);
  assert.equal(d.authorProfiles.data, []);
});

test('updateArticle changes only what it is sent; components and zones are replaced as sent', async () => {
  const d = await gqlData(s, `mutation { updateArticle(id: "${ids.article}", data: { title: "Hello again", format: opinion, tags: ["${ids.tag1}"] }) {
    data { id attributes { title format author { data { id } } tags { data { id } } blocks { __typename } } } } }`, { token: admin });
  const a = d.updateArticle.data.attributes;
  assert.equal([a.title, a.format], ['Hello again', 'opinion']);
  assert.is(a.author.data.id, ids.author, 'relations not sent are kept');
  assert.equal(a.tags.data, [{ id: ids.tag1 }]);
  assert.is(a.blocks.length, 3);
});

test('update and delete of an entry that does not exist are NotFound errors; reading one answers data: null', async () => {
  const r = await gql(s, `mutation { u: updateTag(id: "9999", data: { name: "x" }) { data { id } } d: deleteTag(id: "9999") { data { id } } bad: deleteTag(id: "abc") { data { id } } }`, { token: admin });
  assert.is(r.status, 200);
  assert.equal(r.body.data, { u: null, d: null, bad: null });
  assert.equal(r.body.errors.map((e: any) => [e.path[0], e.message, e.extensions.code, e.extensions.error]).sort(), [
    ['bad', 'Not Found', 'STRAPI_NOT_FOUND_ERROR', { name: 'NotFoundError', message: 'Not Found', details: {} }],
    ['d', 'Not Found', 'STRAPI_NOT_FOUND_ERROR', { name: 'NotFoundError', message: 'Not Found', details: {} }],
    ['u', 'Not Found', 'STRAPI_NOT_FOUND_ERROR', { name: 'NotFoundError', message: 'Not Found', details: {} }],
  ]);
  const tags = await gqlData(s, '{ tags { meta { pagination { total } } } }');
  assert.is(tags.tags.meta.pagination.total, 2, 'nothing was written');
  const q = await gqlData(s, `{ article(id: "9999") { data { id } } bad: article(id: "abc") { data { id } } }`);
  assert.equal(q, { article: { data: null }, bad: { data: null } });
});

test('deleteArticle returns the deleted entry; it is gone afterwards', async () => {
  const created = await gqlData(s, 'mutation { createArticle(data: { title: "Short lived" }) { data { id } } }', { token: admin });
  const id = created.createArticle.data.id;
  const d = await gqlData(s, `mutation { deleteArticle(id: "${id}") { data { id attributes { title format } } } }`, { token: admin });
  assert.equal(d.deleteArticle.data, { id, attributes: { title: 'Short lived', format: 'news' } });
  const after = await gqlData(s, `{ article(id: "${id}") { data { id } } }`);
  assert.is(after.article.data, null);
});

test('single type: query before creation, update creates then updates, delete', async () => {
  let d = await gqlData(s, '{ homepage { data { id } } }');
  assert.equal(d.homepage, { data: null });
  // a single type created through GraphQL without publishedAt is a draft, as Strapi's GraphQL makes it
  d = await gqlData(s, 'mutation { updateHomepage(data: { title: "Draft home" }) { data { id attributes { publishedAt } } } }', { token: admin });
  assert.is(d.updateHomepage.data.attributes.publishedAt, null);
  assert.equal((await gqlData(s, '{ homepage { data { id } } }')).homepage, { data: null }, 'not live');
  d = await gqlData(s, `mutation { updateHomepage(data: { title: "Home", publishedAt: "2024-05-05T00:00:00.000Z", hero: { heading: "Welcome", cta: { label: "Read", url: "/read" }, image: "${file}" }, featured: ["${ids.article}"] }) {
    data { id attributes { title hero { heading cta { label url newTab } image { data { id } } } featured { data { attributes { title } } } } } } }`, { token: admin });
  const first = d.updateHomepage.data;
  assert.equal(first.attributes, {
    title: 'Home',
    hero: { heading: 'Welcome', cta: { label: 'Read', url: '/read', newTab: false }, image: { data: { id: String(file) } } },
    featured: { data: [{ attributes: { title: 'Hello again' } }] },
  });
  d = await gqlData(s, 'mutation { updateHomepage(data: { title: "Home 2" }) { data { id attributes { title } } } }', { token: admin });
  assert.equal(d.updateHomepage.data, { id: first.id, attributes: { title: 'Home 2' } });
  d = await gqlData(s, '{ homepage { data { id attributes { title hero { heading } } } } }');
  assert.equal(d.homepage.data, { id: first.id, attributes: { title: 'Home 2', hero: { heading: 'Welcome' } } });
  d = await gqlData(s, 'mutation { deleteHomepage { data { attributes { title } } } }', { token: admin });
  assert.equal(d.deleteHomepage.data.attributes, { title: 'Home 2' });
  const gone = await gql(s, 'mutation { deleteHomepage { data { id } } }', { token: admin });
  assert.equal(gone.body.data, { deleteHomepage: null });
  assert.is(gone.body.errors[0].extensions.code, 'STRAPI_NOT_FOUND_ERROR');
});

test('single type without draft and publish: siteSetting with a repeatable component list', async () => {
  await gqlData(s, 'mutation { updateSiteSetting(data: { siteName: "Quire", footerLinks: [{ label: "A", url: "/a" }, { label: "B", url: "/b" }, { label: "C", url: "/c" }] }) { data { id } } }', { token: admin });
  const d = await gqlData(s, '{ siteSetting { data { attributes { siteName maintenanceMode footerLinks(pagination: { limit: 2 }) { label } all: footerLinks { label } } } } }');
  assert.equal(d.siteSetting.data.attributes, { siteName: 'Quire', maintenanceMode: false, footerLinks: [{ label: 'A' }, { label: 'B' }], all: [{ label: 'A' }, { label: 'B' }, { label: 'C' }] });
});

test('a planner validation error is a resolver error: 200, BAD_USER_INPUT, Strapi error in extensions', async () => {
  const r = await gql(s, 'mutation { createArticle(data: { title: "ab" }) { data { id } } }', { token: admin });
  assert.is(r.status, 200);
  assert.equal(r.body.data, { createArticle: null });
  const e = r.body.errors[0];
  assert.is(e.extensions.code, 'BAD_USER_INPUT');
  assert.is(e.extensions.error.name, 'ValidationError');
  assert.equal(e.path, ['createArticle']);
  assert.ok(Array.isArray(e.extensions.error.details.errors));
  assert.not.ok('stacktrace' in e.extensions);
});

test('dynamic-zone items must name a component of the zone', async () => {
  const r = await gql(s, 'mutation { createArticle(data: { title: "Zone", blocks: [{ __typename: "ComponentSharedLink", label: "x", url: "/" }] }) { data { id } } }', { token: admin });
  assert.is(r.status, 200);
  assert.is(r.body.errors[0].extensions.error.name, 'ValidationError');
});

test('shadowCRUD: author-profile mutations do not exist; the plugin\'s role mutations are its own (roles API)', async () => {
  const r = await gql(s, 'mutation { createAuthorProfile(data: { headline: "x" }) { data { id } } }', { token: admin });
  assert.is(r.status, 400);
  assert.match(r.body.errors[0].message, /Cannot query field "createAuthorProfile"/);
  assert.is(r.body.errors[0].extensions.code, 'GRAPHQL_VALIDATION_FAILED');
  const p = await gql(s, 'mutation { createUsersPermissionsRole(data: { name: "x" }) { ok } }', { token: admin });
  assert.is(p.status, 200);
  assert.equal([p.body.errors[0].extensions.code, p.body.errors[0].message], ['BAD_USER_INPUT', 'name must be at least 3 characters']);
});

test('scalars refuse malformed input before execution (400)', async () => {
  for (const [literal, type] of [['"2024-13-45"', 'Date'], ['"25:00"', 'Time'], ['"not a date"', 'DateTime'], ['"12x"', 'Long']]) {
    const field = { Date: 'publishDate', Time: 'publishTime', DateTime: 'lastReviewedAt', Long: 'wordCount' }[type]!;
    const r = await gql(s, `mutation { createArticle(data: { title: "Scalar", ${field}: ${literal} }) { data { id } } }`, { token: admin });
    assert.is(r.status, 400, `${type}: ${r.text}`);
    assert.is(r.body.errors[0].extensions.code, 'GRAPHQL_VALIDATION_FAILED');
  }
  const v = await gql(s, 'mutation($d: Date) { createArticle(data: { title: "Scalar", publishDate: $d }) { data { id } } }', { token: admin, variables: { d: 'yesterday' } });
  assert.is(v.status, 400, 'bad variable values too');
  assert.not.ok('data' in v.body);
});

test.run();
