/**
 * security: only what the model and the contract name reaches the planner. Unknown top-level
 * parameters, unknown attributes in filters/sort/fields and unknown operators are 400s naming the
 * parameter (Strapi ignores most of them), never a 500 showing SQL; unknown body keys are dropped
 * and never stored; GraphQL rejects unknown arguments and fields before running anything.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestServer } from '../helpers/server.js';
import { gql } from '../helpers/graphql.js';
import { knexOf, securityArtifacts, seedSecrets, startSecureServer, type Seeded } from './harness.js';

let s: TestServer;
let seed: Seeded;

test.before(async () => {
  s = await startSecureServer({ name: 'sec-unknown', artifactsDir: await securityArtifacts(), env: { AUTH_RATE_LIMIT_MAX: '0' } });
  seed = await seedSecrets(s);
});
test.after(async () => s.stop());

const UNKNOWN: [string, string, string][] = [
  ['/api/articles', 'foo=1', 'foo'], ['/api/articles', '_limit=1', '_limit'], ['/api/articles', '_where[title]=x', '_where'],
  ['/api/articles', 'filter[title][$eq]=x', 'filter'], ['/api/articles', 'select=*', 'select'], ['/api/articles', '$where=1', '$where'],
  ['/api/articles', 'where=1%3D1', 'where'], ['/api/articles', 'raw=1', 'raw'], ['/api/articles', 'published_at_null=true', 'published_at_null'],
];

test('unknown top-level parameters never reach the planner: ignored as Strapi v4 ignores them (the answer is the one without them)', async () => {
  for (const [path, extra] of [...UNKNOWN, [`/api/articles/${seed.alpha}`, 'debug=1', 'debug'], ['/api/users', 'foo=1', 'foo']] as const) {
    const plain = await s.get(`${path}?sort=id`, seed.admin);
    const r = await s.get(`${path}?sort=id&${extra}`, seed.admin);
    assert.is(r.status, plain.status, `${path}?${extra}: ${r.text}`);
    assert.equal(r.body, plain.body, `${path}?${extra}`);
  }
});

test('STRICT_QUERY_PARAMETERS=true: unknown top-level parameters are a 400 naming them', async () => {
  const strict = await startSecureServer({ name: 'sec-unknown-strict', artifactsDir: await securityArtifacts(), env: { AUTH_RATE_LIMIT_MAX: '0', STRICT_QUERY_PARAMETERS: 'true' } });
  try {
    for (const [path, extra, name] of [...UNKNOWN, ['/api/homepage', 'limit=1', 'limit']] as const) {
      const r = await strict.get(`${path}?${extra}`);
      assert.is(r.status, 400, `${path}?${extra}: ${r.text}`);
      assert.is(r.body.error.message, `Invalid parameter ${name}`, `${path}?${extra}`);
    }
  } finally {
    await strict.stop();
  }
});

test('unknown attribute keys and operators in filters, sort and fields: 400', async () => {
  for (const path of [
    '/api/articles?filters[nope][$eq]=1', '/api/articles?filters[author][nope][$eq]=1', '/api/articles?filters[$and][0][nope]=1',
    '/api/articles?sort=nope', '/api/articles?sort=title:sideways', '/api/articles?fields[0]=nope',
    '/api/articles?filters[title][$foo]=x', '/api/articles?filters[title][$raw]=1', '/api/articles?filters[$where]=1',
    '/api/articles?filters[id][$eq][$gt]=1',
  ]) {
    const r = await s.get(path);
    assert.is(r.status, 400, `${path}: ${r.text}`);
  }
});

test('unknown populate and pagination keys do not reach the query (ignored as in Strapi, or refused)', async () => {
  for (const path of ['/api/articles?populate[nope]=*', '/api/articles?populate[author][populate][nope]=*', '/api/articles?populate=nope', '/api/articles?pagination[foo]=1']) {
    const r = await s.get(path);
    assert.ok(r.status === 200 || r.status === 400, `${path}: ${r.status}`);
  }
});

test('unknown and system keys in write bodies are dropped, never stored', async () => {
  const r = await s.request('POST', '/api/articles', { token: seed.admin, body: { data: { title: 'Unknown keys', nope: 'x', id: 999999, created_at: '1999-01-01', createdBy: 1, internal_notes: 'via-column' } } });
  assert.ok(r.status === 200 || r.status === 400, r.text);
  if (r.status === 200) {
    assert.is.not(r.body.data.id, 999999);
    const row = await knexOf(s)('articles').where('id', r.body.data.id).first();
    assert.is(row.internal_notes, null, 'a column name is not an attribute');
    assert.is.not(String(row.created_at).slice(0, 4), '1999');
  }
});

test('GraphQL: unknown arguments, fields and filter keys are refused before execution', async () => {
  for (const q of [
    '{ articles(foo: 1) { data { id } } }',
    '{ articles { data { id nope } } }',
    '{ articles(filters: { nope: { eq: 1 } }) { data { id } } }',
    '{ articles(filters: { title: { foo: "x" } }) { data { id } } }',
  ]) {
    const r = await gql(s, q);
    assert.is(r.status, 400, `${q}: ${r.text}`);
    assert.not.ok(r.body.data, q);
  }
});

test.run();
