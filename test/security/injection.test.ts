/**
 * security: SQL injection through the keys and values of sort, fields, filters, populate and bodies,
 * over REST and GraphQL, on SQLite and PostgreSQL. Keys are checked against the model (400), values
 * are bound parameters (stored and compared verbatim); LIKE wildcards in $contains match themselves.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestServer } from '../helpers/server.js';
import { gql } from '../helpers/graphql.js';
import { idsOf, knexOf, securityArtifacts, seedSecrets, startSecureServer, type Seeded } from './harness.js';

let s: TestServer;
let seed: Seeded;

test.before(async () => {
  s = await startSecureServer({ name: 'sec-injection', artifactsDir: await securityArtifacts(), env: { AUTH_RATE_LIMIT_MAX: '0' } });
  seed = await seedSecrets(s);
});
test.after(async () => s.stop());

const enc = encodeURIComponent;
const PAYLOADS = [
  "title; DROP TABLE articles; --", "title' OR '1'='1", 'title" OR "1"="1', 'title) UNION SELECT password FROM up_users --',
  'title:desc; DELETE FROM articles', 'id::text', 'title COLLATE "C"', '(SELECT 1)', 'title/**/desc', 'title\u0000', '1=1',
];

async function tablesIntact(): Promise<void> {
  const k = knexOf(s);
  assert.ok(Number((await k('articles').count({ n: '*' }))[0].n) >= 2, 'articles still there');
  assert.ok(Number((await k('up_users').count({ n: '*' }))[0].n) >= 1, 'users still there');
}

test('keys: sort, fields, filters and populate names carrying SQL are 400s', async () => {
  for (const p of PAYLOADS) {
    for (const path of [
      `/api/articles?sort=${enc(p)}`, `/api/articles?sort[0]=${enc(p)}`, `/api/articles?sort[${enc(p)}]=asc`,
      `/api/articles?fields[0]=${enc(p)}`, `/api/articles?filters[${enc(p)}][$eq]=x`, `/api/articles?filters[$or][0][${enc(p)}]=1`,
      `/api/articles?filters[author][${enc(p)}][$eq]=x`, `/api/articles?populate[author][sort]=${enc(p)}`, `/api/articles?populate[author][fields][0]=${enc(p)}`,
    ]) {
      const r = await s.get(path);
      assert.is(r.status, 400, `${path}: ${r.text}`);
    }
    const populate = await s.get(`/api/articles?populate[${enc(p)}]=*`);
    assert.ok(populate.status === 200 || populate.status === 400, `populate key ${p}: ${populate.status}`);
  }
  await tablesIntact();
});

test('values: compared as data, never as SQL', async () => {
  for (const p of PAYLOADS.filter((x) => !x.includes('\u0000'))) {
    for (const op of ['$eq', '$ne', '$contains', '$startsWith', '$endsWith', '$containsi', '$in', '$gt', '$lt']) {
      const path = op === '$in' ? `/api/articles?filters[title][$in][0]=${enc(p)}` : `/api/articles?filters[title][${op}]=${enc(p)}`;
      const r = await s.get(path);
      assert.is(r.status, 200, `${path}: ${r.text}`);
      const expected = op === '$ne' ? [seed.alpha, seed.beta].sort((a, b) => a - b) : op === '$lt' || op === '$gt' ? undefined : [];
      if (expected) assert.equal(idsOf(r), expected, `${op} ${p}`);
    }
    const id = await s.get(`/api/articles?filters[id][$eq]=${enc(`1 OR 1=1`)}`);
    assert.is(id.status, 400, 'an integer filter takes integers');
  }
  const bool = await s.get(`/api/articles?filters[featured][$eq]=${enc("true' OR '1'='1")}`);
  assert.is(bool.status, 400);
  const date = await s.get(`/api/articles?filters[publishDate][$gt]=${enc("2020-01-01' OR '1'='1")}`);
  assert.is(date.status, 400);
  await tablesIntact();
});

test('LIKE wildcards and escapes match themselves', async () => {
  for (const v of ['%', '_', '%%', '\\', '\\%', '[a-z]%', '%\'%']) {
    for (const op of ['$contains', '$containsi', '$startsWith', '$endsWith', '$notContains']) {
      const r = await s.get(`/api/articles?filters[title][${op}]=${enc(v)}`);
      assert.is(r.status, 200, `${op} ${v}: ${r.text}`);
      assert.equal(idsOf(r), op === '$notContains' ? [seed.alpha, seed.beta].sort((a, b) => a - b) : [], `${op} ${JSON.stringify(v)}`);
    }
  }
});

test('bodies: SQL in values is stored and read back verbatim; SQL in keys is not a column', async () => {
  const title = "Robert'); DROP TABLE articles; --";
  const metadata = { "'; DELETE FROM up_users; --": 'x', nested: { $where: '1=1', sql: 'SELECT * FROM up_users' } };
  const r = await s.request('POST', '/api/articles', { token: seed.admin, body: { data: { title, metadata, excerpt: '" OR ""="' } } });
  assert.is(r.status, 200, r.text);
  const back = await s.get(`/api/articles/${r.body.data.id}?publicationState=preview`, seed.admin);
  assert.is(back.body.data.attributes.title, title);
  assert.equal(back.body.data.attributes.metadata, metadata);
  const found = await s.get(`/api/articles?publicationState=preview&filters[title][$eq]=${enc(title)}`, seed.admin);
  assert.equal(idsOf(found), [r.body.data.id]);
  const badKey = await s.request('POST', '/api/articles', { token: seed.admin, body: { data: { title: 'k', 'title"; DROP TABLE articles; --': 'x' } } });
  assert.ok(badKey.status === 200 || badKey.status === 400, badKey.text);
  const put = await s.request('PUT', `/api/articles/${r.body.data.id}`, { token: seed.admin, body: { data: { readingTime: '1; DROP TABLE articles' } } });
  assert.is(put.status, 400, put.text);
  const conn = await s.request('PUT', `/api/articles/${r.body.data.id}`, { token: seed.admin, body: { data: { tags: { connect: ['1 OR 1=1'] } } } });
  assert.is(conn.status, 400, conn.text);
  await tablesIntact();
});

test('GraphQL: injection in sort, filters and variables', async () => {
  const sort = await gql(s, '{ articles(sort: ["title; DROP TABLE articles"]) { data { id } } }');
  assert.ok(sort.body.errors, sort.text);
  const vals = await gql(s, 'query($t: String) { articles(filters: { title: { eq: $t } }) { data { id } } }', { variables: { t: "x' OR '1'='1" } });
  assert.is(vals.status, 200, vals.text);
  assert.equal(vals.body.data.articles.data, []);
  const like = await gql(s, '{ articles(filters: { title: { contains: "%" } }) { data { id } } }');
  assert.equal(like.body.data.articles.data, []);
  const id = await gql(s, '{ article(id: "1 OR 1=1") { data { id } } }');
  assert.ok(id.status === 200 || id.status === 400, id.text);
  assert.not.ok(id.body.data?.article?.data, 'no entry for a bad id');
  await tablesIntact();
});

test.run();
