/**
 * integration: every filter operator over HTTP, with the same answers on SQLite and PostgreSQL
 * (case rules, NULL handling, $between, $in, nested $and/$or/$not, filters through relations).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../../helpers/server.js';

let s: TestServer;
let admin: string;
const ids: Record<string, number> = {};

const post = async (path: string, data: unknown) => {
  const r = await s.request('POST', path, { body: { data }, token: admin });
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${r.text}`);
  return r.body.data.id as number;
};

test.before(async () => {
  s = await startTestServer({ name: 'rest-filters' });
  admin = await s.token('full-access');
  ids.alpha = await post('/api/articles', { title: 'Alpha Centauri', readingTime: 5, rating: 4.5, featured: true, publishDate: '2024-01-10', excerpt: 'first' });
  ids.beta = await post('/api/articles', { title: 'beta blocker', readingTime: 10, rating: 2.25, featured: false, publishDate: '2024-02-20' });
  ids.gamma = await post('/api/articles', { title: 'Gamma 100% pure_', readingTime: 15, featured: false, publishDate: '2024-03-30', excerpt: 'third' });
  ids.delta = await post('/api/articles', { title: 'DELTA force', rating: 3, publishDate: '2023-12-31' });
});
test.after(async () => s.stop());

async function titles(query: string): Promise<string[]> {
  const r = await s.get(`/api/articles?${query}&pagination[pageSize]=100`, admin);
  assert.is(r.status, 200, `${query}: ${r.text}`);
  return r.body.data.map((e: any) => e.attributes.title).sort();
}

const A = 'Alpha Centauri';
const B = 'beta blocker';
const G = 'Gamma 100% pure_';
const D = 'DELTA force';

const cases: [string, string[]][] = [
  ['filters[title][$eq]=Alpha Centauri', [A]],
  ['filters[title]=Alpha Centauri', [A]],
  ['filters[title][$eq]=alpha centauri', []],
  ['filters[title][$eqi]=alpha centauri', [A]],
  ['filters[title][$ne]=Alpha Centauri', [B, D, G]],
  ['filters[title][$nei]=ALPHA CENTAURI', [B, D, G]],
  ['filters[readingTime][$lt]=10', [A]],
  ['filters[readingTime][$lte]=10', [A, B]],
  ['filters[readingTime][$gt]=5', [B, G]],
  ['filters[readingTime][$gte]=5', [A, B, G]],
  ['filters[readingTime][$in][0]=5&filters[readingTime][$in][1]=15', [A, G]],
  ['filters[readingTime][$notIn][0]=5', [B, G]],
  ['filters[title][$contains]=eta', [B]],
  ['filters[title][$contains]=ETA', []],
  ['filters[title][$containsi]=ETA', [B]],
  ['filters[title][$notContains]=a', [D]],
  ['filters[title][$notContainsi]=A', []],
  ['filters[title][$contains]=100%25', [G]],
  ['filters[title][$contains]=%25', [G]],
  ['filters[title][$endsWith]=_', [G]],
  ['filters[title][$contains]=a_', []],
  ['filters[title][$startsWith]=Gamma', [G]],
  ['filters[title][$startsWith]=gamma', []],
  ['filters[title][$startsWithi]=gamma', [G]],
  ['filters[title][$endsWith]=FORCE', []],
  ['filters[title][$endsWithi]=FORCE', [D]],
  ['filters[excerpt][$null]=true', [B, D]],
  ['filters[excerpt][$notNull]=true', [A, G]],
  ['filters[excerpt][$null]=false', [A, G]],
  ['filters[rating][$between][0]=2.25&filters[rating][$between][1]=3', [B, D]],
  ['filters[publishDate][$between][0]=2024-01-01&filters[publishDate][$between][1]=2024-02-20', [A, B]],
  ['filters[publishDate][$lt]=2024-01-01', [D]],
  ['filters[featured][$eq]=true', [A]],
  ['filters[featured][$eq]=false', [B, D, G]],
  ['filters[$or][0][readingTime][$eq]=5&filters[$or][1][title][$eq]=DELTA force', [A, D]],
  ['filters[$and][0][readingTime][$gte]=5&filters[$and][1][featured]=false', [B, G]],
  ['filters[$not][readingTime][$eq]=5', [B, G]],
  ['filters[$or][0][$and][0][rating][$gt]=4&filters[$or][1][$not][title][$containsi]=a', [A]],
  ['filters[$or][0][$and][0][rating][$gt]=4&filters[$or][1][title][$eqi]=delta force', [A, D]],
  ['filters[id][$in][0]=__ALPHA__&filters[id][$in][1]=__DELTA__', [A, D]],
];

for (const [query, expected] of cases) {
  test(`filter ${query}`, async () => {
    const q = query.replace('__ALPHA__', String(ids.alpha)).replace('__DELTA__', String(ids.delta));
    assert.equal(await titles(q), expected.sort());
  });
}

test('filters through relations, two levels deep', async () => {
  const ann = await post('/api/authors', { name: 'Ann Ames', email: 'ann@example.com' });
  const bob = await post('/api/authors', { name: 'Bob Bell', email: 'bob@example.com' });
  const parent = await post('/api/categories', { name: 'Science', slug: 'science' });
  const child = await post('/api/categories', { name: 'Astronomy', slug: 'astronomy', parent });
  await s.request('PUT', `/api/articles/${ids.alpha}`, { body: { data: { author: ann, category: child } }, token: admin });
  await s.request('PUT', `/api/articles/${ids.beta}`, { body: { data: { author: bob, category: parent } }, token: admin });
  assert.equal(await titles('filters[author][name][$eq]=Ann Ames'), [A]);
  assert.equal(await titles('filters[author][name][$startsWith]=B'), [B]);
  assert.equal(await titles('filters[category][parent][name][$eq]=Science'), [A]);
  assert.equal(await titles('filters[category][parent][slug][$null]=true'), [B, D, G].sort(), 'LEFT JOIN semantics, as Strapi');
  assert.equal(await titles('filters[author][id][$eq]=' + bob), [B]);
  assert.equal(await titles('filters[$or][0][author][name][$eq]=Ann Ames&filters[$or][1][title][$eq]=DELTA force'), [A, D]);
});

test('unknown, private and malformed filters are 400 ValidationError, never 500', async () => {
  for (const q of [
    'filters[nope][$eq]=1',
    'filters[internalNotes][$eq]=x',
    'filters[previewPassword][$null]=true',
    'filters[$or][0][internalNotes][$eq]=x',
    'filters[author][payoutAccount][$eq]=x',
    'filters[title][$foo]=x',
    'filters[readingTime][$eq]=abc',
    'filters[readingTime][$between][0]=1',
    'filters[title][$eq][$eq]=x',
    "filters[title][$eq]=x'; drop table articles;--",
  ]) {
    const r = await s.get(`/api/articles?${q}`, admin);
    if (q.includes('drop table')) {
      assert.is(r.status, 200, q);
      assert.equal(r.body.data, []);
      continue;
    }
    assert.is(r.status, 400, `${q}: ${r.text}`);
    assert.is(r.body.error.name, 'ValidationError', q);
    assert.not.match(r.text, /select|SQLITE|postgres|stack/i, q);
  }
});

test.run();
