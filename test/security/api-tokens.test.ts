/**
 * security: API tokens stay within their scope over REST and GraphQL (read-only tokens read, custom
 * tokens only their listed actions, populate only of types they may find), expired tokens are 401
 * everywhere, and no token, whatever its type, reads private attributes.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestServer } from '../helpers/server.js';
import { gql } from '../helpers/graphql.js';
import { idsOf, securityArtifacts, seedSecrets, startSecureServer, type Seeded } from './harness.js';

let s: TestServer;
let seed: Seeded;

test.before(async () => {
  s = await startSecureServer({ name: 'sec-api-tokens', artifactsDir: await securityArtifacts(), env: { AUTH_RATE_LIMIT_MAX: '0' } });
  seed = await seedSecrets(s);
});
test.after(async () => s.stop());

test('read-only tokens read and never write, over REST and GraphQL', async () => {
  const ro = await s.token('read-only');
  assert.is((await s.get('/api/articles', ro)).status, 200);
  for (const [method, path] of [['POST', '/api/articles'], ['PUT', `/api/articles/${seed.alpha}`], ['DELETE', `/api/articles/${seed.alpha}`], ['PUT', '/api/homepage']] as const) {
    const r = await s.request(method, path, { token: ro, body: method === 'DELETE' ? undefined : { data: { title: 'ro-write' } } });
    assert.is(r.status, 403, `${method} ${path}: ${r.text}`);
  }
  const m = await gql(s, 'mutation { createArticle(data: { title: "ro-write" }) { data { id } } }', { token: ro });
  assert.is(m.body.errors[0].extensions.code, 'FORBIDDEN', m.text);
  const d = await gql(s, `mutation { deleteArticle(id: ${seed.alpha}) { data { id } } }`, { token: ro });
  assert.is(d.body.errors[0].extensions.code, 'FORBIDDEN', d.text);
  assert.is((await s.get(`/api/articles/${seed.alpha}`)).status, 200, 'still there');
});

test('custom tokens: only their listed permissions, populate only of findable types', async () => {
  const custom = await s.token('custom', ['api::article.article.find']);
  assert.is((await s.get('/api/articles', custom)).status, 200);
  assert.is((await s.get(`/api/articles/${seed.alpha}`, custom)).status, 403, 'findOne is not listed');
  assert.is((await s.get('/api/authors', custom)).status, 403);
  assert.is((await s.request('POST', '/api/articles', { token: custom, body: { data: { title: 'custom-write' } } })).status, 403);
  const pop = await s.get('/api/articles?populate=author', custom);
  assert.is(pop.status, 200, pop.text);
  assert.ok(pop.body.data.every((e: { attributes: Record<string, unknown> }) => !e.attributes.author), 'authors are not populated');
  const filter = await s.get('/api/articles?filters[author][name][$eq]=Ada', custom);
  assert.is(filter.status, 400, 'no filtering through a type the token may not find');
  const g = await gql(s, '{ authors { data { id } } }', { token: custom });
  assert.is(g.body.errors[0].extensions.code, 'FORBIDDEN', g.text);
  const gPop = await gql(s, '{ articles { data { id attributes { author { data { id } } } } } }', { token: custom });
  assert.is(gPop.status, 200, gPop.text);
  assert.ok(gPop.body.data.articles.data.every((e: any) => e.attributes.author.data === null));
  const users = await s.get('/api/users', custom);
  assert.is(users.status, 403, 'users need their own permission');
});

test('expired tokens are 401 on REST and GraphQL; a revoked (unknown) key too', async () => {
  const expired = await s.token('full-access', [], { expiresAt: new Date(Date.now() - 1000).toISOString() });
  assert.is((await s.get('/api/articles', expired)).status, 401);
  assert.is((await gql(s, '{ articles { data { id } } }', { token: expired })).status, 401);
  assert.is((await s.request('POST', '/api/articles', { token: expired, body: { data: { title: 'expired-write' } } })).status, 401);
  const live = await s.token('full-access');
  assert.is((await s.get('/api/articles', live.slice(0, -1) + (live.endsWith('a') ? 'b' : 'a'))).status, 401, 'a near-miss key');
  assert.is((await s.get('/api/articles', live.toUpperCase())).status, 401, 'keys are case-sensitive');
});

test('a full-access token still cannot read private attributes', async () => {
  for (const path of ['/api/articles?fields[0]=internalNotes', '/api/articles?filters[internalNotes][$notNull]=true', '/api/authors?sort=payoutAccount']) {
    const r = await s.get(path, seed.admin);
    assert.is(r.status, 400, path);
  }
  const all = await s.get('/api/articles?populate=*&publicationState=preview', seed.admin);
  assert.is(all.status, 200);
  assert.equal(idsOf(all).includes(seed.alpha), true);
  const g = await gql(s, '{ articles { data { attributes { title author { data { attributes { name } } } } } } }', { token: seed.admin });
  assert.is(g.status, 200, g.text);
});

test.run();
