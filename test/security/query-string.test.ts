/**
 * security: query-string parsing and prototype keys. Deep or huge bracket structures, parameter
 * floods, array-index tricks, duplicate keys and comma lists are 400s (never a 500, never silently
 * truncated); `__proto__` / `constructor` / `prototype` keys in the query, in JSON bodies (REST and
 * GraphQL) and in JSON attributes are refused, and Object.prototype stays clean.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestServer } from '../helpers/server.js';
import { gql } from '../helpers/graphql.js';
import { idsOf, raw, securityArtifacts, seedSecrets, startSecureServer, type Seeded } from './harness.js';

let s: TestServer;
let seed: Seeded;

test.before(async () => {
  s = await startSecureServer({ name: 'sec-query-string', artifactsDir: await securityArtifacts(), env: { AUTH_RATE_LIMIT_MAX: '0' } });
  seed = await seedSecrets(s);
});
test.after(async () => s.stop());

const polluted = () => ['polluted', 'isAdmin', 'x'].some((k) => k in ({} as Record<string, unknown>));

async function expect400(path: string, label = path): Promise<void> {
  const r = await s.get(path);
  assert.is(r.status, 400, `${label}: ${r.text.slice(0, 300)}`);
  assert.is(r.body?.data, null, label);
  assert.ok(['ValidationError', 'PaginationError'].includes(r.body?.error?.name), `${label}: ${r.text.slice(0, 200)}`);
}

test('deep and huge bracket structures: 400 instead of a flattened or truncated query', async () => {
  await expect400(`/api/articles?filters${'[a]'.repeat(40)}=1`, '40 levels');
  await expect400(`/api/articles?filters${'[$and][0]'.repeat(7)}[title][$eq]=x`, '14 levels');
  await expect400(`/api/articles?${'populate[author]'}${'[populate][articles]'.repeat(8)}=*`, 'populate 16 levels');
  await expect400(`/api/articles?filters${'['.repeat(5000)}=1`, '5000 open brackets');
  const wide = Array.from({ length: 100 }, (_, i) => `filters[$or][${i}][id]=${i + 1000}`).join('&');
  const r = await s.get(`/api/articles?${wide}`);
  assert.is(r.status, 200, `100-way $or within the limits: ${r.text.slice(0, 200)}`);
  assert.equal(idsOf(r), []);
});

test('parameter floods and array-limit tricks', async () => {
  await expect400(`/api/articles?${Array.from({ length: 1500 }, (_, i) => `s${i}`).join('&')}`, '1500 parameters');
  await expect400(`/api/articles?${Array.from({ length: 1001 }, () => 'a=1').join('&')}`, '1001 duplicate parameters');
  await expect400('/api/articles?sort[500]=title', 'array index 500');
  await expect400('/api/articles?filters[id][$in][1000]=1', '$in index 1000');
  await expect400('/api/articles?filters[id][$in][99999999999999999999]=1', 'huge index');
  await expect400('/api/articles?fields[-1]=title', 'negative index');
  const sparse = await s.get('/api/articles?sort[7]=title');
  assert.is(sparse.status, 200, 'a sparse index within the limit is compacted');
});

test('duplicate keys combine into arrays and are checked as such', async () => {
  await expect400('/api/articles?pagination[pageSize]=1&pagination[pageSize]=100', 'duplicate pageSize');
  await expect400('/api/articles?pagination[page]=1&pagination[page]=2', 'duplicate page');
  await expect400('/api/articles?publicationState=live&publicationState=preview', 'duplicate publicationState');
  const eq = await s.get('/api/articles?filters[title][$eq]=Alpha&filters[title][$eq]=Beta');
  assert.is(eq.status, 200, eq.text);
  assert.equal(idsOf(eq), [seed.alpha, seed.beta].sort((a, b) => a - b), 'two $eq values mean either');
  const sort = await s.get('/api/articles?sort=title:desc&sort=id');
  assert.is(sort.status, 200);
  assert.equal(sort.body.data.map((e: { id: number }) => e.id), [seed.beta, seed.alpha]);
});

test('comma tricks: a list in one value is one (unknown) name, not a way around the allow-list', async () => {
  await expect400('/api/articles?fields=title,internalNotes', 'fields comma');
  await expect400('/api/articles?fields[0]=title,previewPassword', 'fields[0] comma');
  await expect400('/api/articles?sort=title,internalNotes', 'sort comma');
  await expect400('/api/articles?sort=title:asc,internalNotes:desc', 'sort comma with directions');
  const inList = await s.get(`/api/articles?filters[id][$in]=${seed.alpha},${seed.beta}`);
  assert.is(inList.status, 400, `$in with a comma string: ${inList.text}`);
  const populate = await s.get('/api/articles?populate=author,reviewer');
  assert.is(populate.status, 200, populate.text);
  assert.not.ok(populate.body.data.some((e: { attributes: Record<string, unknown> }) => e.attributes.reviewer), 'no users for the public role');
});

test('prototype keys in the query string, plain or percent-encoded, anywhere', async () => {
  for (const q of [
    '__proto__[polluted]=1', 'filters[__proto__][polluted]=1', 'filters[title][__proto__]=x', 'constructor[prototype][polluted]=1',
    'filters[constructor][prototype][isAdmin]=1', 'sort[__proto__]=title', 'populate[__proto__][x]=1', 'populate[author][constructor]=1',
    '%5F%5Fproto%5F%5F[polluted]=1', 'filters[%5F_proto__][x]=1', 'filters%5B__proto__%5D%5Bx%5D=1', 'pagination[prototype]=1',
    '__proto__.polluted=1', 'filters[title][$eq][__proto__]=1',
  ]) {
    const r = await s.get(`/api/articles?${q}`);
    assert.is(r.status, 400, `${q}: ${r.text}`);
  }
  assert.not.ok(polluted(), 'Object.prototype is untouched');
});

test('prototype keys in JSON bodies: REST writes, JSON attributes, auth bodies and GraphQL variables', async () => {
  const bodies = [
    '{"__proto__":{"polluted":1},"data":{"title":"p1"}}',
    '{"data":{"__proto__":{"isAdmin":true},"title":"p2"}}',
    '{"data":{"title":"p3","constructor":{"prototype":{"polluted":1}}}}',
    '{"data":{"title":"p4","metadata":{"a":{"__proto__":{"polluted":1}}}}}',
    '{"data":{"title":"p5","seo":{"metaTitle":"x","__proto__":{"x":1}}}}',
    '{"data":{"title":"p6","tags":{"connect":[{"id":1,"__proto__":{"x":1}}]}}}',
  ];
  for (const body of bodies) {
    const r = await s.request('POST', '/api/articles', { rawBody: body, token: seed.admin, headers: { 'Content-Type': 'application/json' } });
    assert.is(r.status, 400, `${body}: ${r.text}`);
  }
  const login = await s.request('POST', '/api/auth/local', { rawBody: '{"identifier":"x","password":"y","__proto__":{"isAdmin":true}}', headers: { 'Content-Type': 'application/json' } });
  assert.is(login.status, 400, login.text);
  const gqlBody = '{"query":"mutation($d: ArticleInput!) { createArticle(data: $d) { data { id } } }","variables":{"d":{"title":"proto in variables","metadata":{"__proto__":{"polluted":1}}}}}';
  const g = await raw(s, { method: 'POST', path: '/graphql', body: gqlBody, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${seed.admin}` } });
  assert.is(g.status, 400, `GraphQL variables: ${g.text}`);
  const gTop = await raw(s, { method: 'POST', path: '/graphql', body: '{"query":"{ articles { data { id } } }","__proto__":{"polluted":1}}', headers: { 'Content-Type': 'application/json' } });
  assert.is(gTop.status, 400, `GraphQL body: ${gTop.text}`);
  const getVars = encodeURIComponent('{"f":{"title":{"eq":"x"},"__proto__":{"polluted":1}}}');
  const gGet = await s.get(`/graphql?query=${encodeURIComponent('query($f: ArticleFiltersInput) { articles(filters: $f) { data { id } } }')}&variables=${getVars}`);
  assert.is(gGet.status, 400, `GraphQL GET variables: ${gGet.text}`);
  const count = await s.get('/api/articles?publicationState=preview&filters[title][$startsWith]=p&filters[title][$ne]=Beta', seed.admin);
  assert.equal(idsOf(count), [], 'nothing was written');
  assert.not.ok(polluted(), 'Object.prototype is untouched');
});

test.run();
