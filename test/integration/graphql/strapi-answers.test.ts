/**
 * integration (GraphQL): details answered as the Strapi v4 GraphQL plugin answers them, each settled
 * against real Strapi 4.26.2: `Long` values are JSON numbers (REST keeps the biginteger string); a
 * denied query or mutation says `Forbidden access`; page and offset pagination mixed is a
 * PaginationError `Cannot use both page & offset pagination in the same query` (REST: a
 * ValidationError in REST's words); an unknown locale literal is refused by the `I18NLocaleCode`
 * scalar with `Unknown locale supplied`.
 */
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gql, gqlData } from '../../helpers/graphql.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { MULTILINGUAL_SPEC } from '../../helpers/spec-dir.js';

let s: TestServer;
let admin: string;

test.before(async () => {
  s = await startTestServer({ name: 'gql-strapi-answers' });
  admin = await s.token('full-access');
});
test.after(async () => s.stop());

test('Long is a JSON number over GraphQL, a string over REST', async () => {
  const d = await gqlData(s, 'mutation { createArticle(data: { title: "Counted", wordCount: "12345", publishedAt: "2024-01-01T00:00:00.000Z" }) { data { id attributes { wordCount } } } }', { token: admin });
  assert.is(d.createArticle.data.attributes.wordCount, 12345);
  const rest = await s.get(`/api/articles/${d.createArticle.data.id}?fields[0]=wordCount`, admin);
  assert.is(rest.body.data.attributes.wordCount, '12345');
});

test('a denied mutation: Forbidden access (Strapi v4 GraphQL)', async () => {
  const r = await gql(s, 'mutation { createTag(data: { name: "x" }) { data { id } } }');
  assert.is(r.status, 200);
  assert.equal(r.body.data, { createTag: null });
  assert.equal(r.body.errors[0].message, 'Forbidden access');
  assert.equal(r.body.errors[0].extensions, { error: { name: 'ForbiddenError', message: 'Forbidden access', details: {} }, code: 'FORBIDDEN' });
});

test('mixed pagination: a PaginationError in the GraphQL plugin\'s words; REST answers a ValidationError', async () => {
  const r = await gql(s, '{ articles(pagination: { page: 1, start: 0 }) { data { id } } }');
  assert.is(r.status, 200);
  assert.equal(r.body.data, { articles: null });
  assert.is(r.body.errors[0].message, 'Cannot use both page & offset pagination in the same query');
  assert.equal(r.body.errors[0].extensions, {
    error: { name: 'PaginationError', message: 'Cannot use both page & offset pagination in the same query', details: {} },
    code: 'STRAPI_PAGINATION_ERROR',
  });
  const rest = await s.get('/api/articles?pagination[page]=1&pagination[start]=0');
  assert.equal(rest.body.error, { status: 400, name: 'ValidationError', message: 'Invalid pagination parameters. Expected either start/limit or page/pageSize', details: {} });
});

test('an unknown locale literal: refused by I18NLocaleCode with Strapi\'s words', async () => {
  const m = await startTestServer({ name: 'gql-strapi-answers-i18n', artifactsDir: join(MULTILINGUAL_SPEC, 'artifacts') });
  try {
    const r = await gql(m, '{ products(locale: "xx") { data { id } } }');
    assert.is(r.status, 400);
    assert.is(r.body.errors[0].message, 'Expected value of type "I18NLocaleCode", found "xx"; Unknown locale supplied');
    assert.is(r.body.errors[0].extensions.code, 'GRAPHQL_VALIDATION_FAILED');
  } finally {
    await m.stop();
  }
});

test.run();
