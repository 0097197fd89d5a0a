/**
 * integration: answers written by the database (repository answer/). On PostgreSQL a REST find or
 * findOne is ONE statement whatever its populate depth and page size, and its body is byte for byte
 * what the rows executor prints (a second server on the same database with
 * DATABASE_COMPILED_READS=false, and QUIRE_CHECK_EXECUTORS on every read) across many query shapes.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { postEntry, requestStatements, seedFullArticles, seedShared } from '../../helpers/seed-content.js';
import { jsNumber } from '../../../engine/repository/dialect/postgres-json.js';
import { DIALECT, startTestServer, type TestServer } from '../../helpers/server.js';

/** the databases that write answers */
const COMPILED = DIALECT === 'postgres';

let s: TestServer;
let usual: TestServer;
let admin: string;
let ids: number[] = [];

const ODD = {
  title: 'Quotes " \\ and \u0001 control, emoji 😀, ünïcödé </script>',
  slug: 'odd-values',
  excerpt: 'line\nbreak\ttab',
  readingTime: 7,
  wordCount: '9007199254740993',
  rating: 0.0000123,
  popularity: 1.5e-7,
  featured: false,
  publishDate: '1999-12-31',
  publishTime: '23:59:59.5',
  lastReviewedAt: '2024-02-29T23:59:59.123Z',
  importedAt: '1700000000123',
  metadata: { b: 1, a: [1, 2.5, { c: null, '10': true, '2': 'x' }], 'ü': 'ç', big: 1e21, small: 1e-7, neg: -0.000001 },
  contactEmail: 'odd@example.com',
  internalNotes: 'private note',
};

test.before(async () => {
  try {
    await seed();
  } catch (err) {
    console.error(err);
    throw err;
  }
});

async function seed(): Promise<void> {
  s = await startTestServer({ name: 'rest-compiled-read' });
  admin = await s.token('full-access');
  const shared = await seedShared(s, admin, 'cr');
  ids = await seedFullArticles(s, admin, 30, shared);
  ids.push(await postEntry(s, admin, '/api/articles', ODD));
  ids.push(await postEntry(s, admin, '/api/articles', { title: 'Thirds', rating: 1 / 3, popularity: 0.1 + 0.2, featured: true, publishTime: '08:05', lastReviewedAt: '2024-01-01T10:00:00Z' }));
  ids.push(await postEntry(s, admin, '/api/articles', { title: 'Big numbers', popularity: 123456789012345680000, rating: 4.999999, metadata: [[1, [2, [3]]]] }));
  const draft = await s.request('POST', '/api/articles', { body: { data: { title: 'A draft', publishedAt: null } }, token: admin });
  ids.push(draft.body.data.id);
  usual = await startTestServer({ name: 'rest-compiled-read', databaseUrl: s.databaseUrl, env: { DATABASE_COMPILED_READS: 'false' } });
}
test.after(async () => {
  await usual?.stop();
  await s?.stop();
});

const SHAPES = [
  '/api/articles',
  '/api/articles?populate=*',
  '/api/articles?populate=*&pagination[pageSize]=7&pagination[page]=2',
  '/api/articles?pagination[start]=3&pagination[limit]=5&pagination[withCount]=false',
  '/api/articles?pagination[withCount]=false',
  '/api/articles?fields[0]=title&fields[1]=wordCount&sort=readingTime:desc',
  '/api/articles?sort[0]=author.name:asc&sort[1]=title:desc&populate[author][fields][0]=name',
  '/api/articles?filters[title][$containsi]=full&filters[tags][name][$eq]=tag-a-cr&populate[tags]=true',
  '/api/articles?filters[$or][0][readingTime][$lt]=5&filters[$or][1][title][$null]=true',
  '/api/articles?publicationState=preview&pagination[pageSize]=100',
  '/api/articles?publicationState=preview&populate[blocks][populate]=*&populate[seo][populate]=*',
  '/api/articles?populate[blocks][on][content.quote][fields][0]=text&populate[blocks][on][content.link-list][populate]=*',
  '/api/articles?populate[author][populate][articles][fields][0]=title&populate[author][populate][profile]=true&populate[author][populate][socialLinks]=true',
  '/api/articles?populate[tags][populate][articles][fields][0]=title&populate[tags][populate][articles][sort]=title:desc',
  '/api/articles?populate[sources][filters][title][$endsWith]=a&populate[sources][sort]=title:desc',
  '/api/articles?populate[relatedArticles][populate][category][populate]=*&populate[reviewer]=true',
  '/api/articles?populate[gallery][fields][0]=name&populate[cover]=true&populate[seo][populate][metaImage]=true',
  '/api/articles?populate=deep',
  '/api/articles?filters[id][$in][0]=1&filters[id][$in][1]=999',
  '/api/authors?populate=*',
  '/api/categories?populate[articles][populate]=*',
  '/api/tags?populate[articles][filters][readingTime][$gt]=10',
  '/api/homepage?populate=*',
  '/api/site-setting?populate=*',
];

test('every query shape: the one-statement body is byte for byte the usual one', async () => {
  const shapes = [...SHAPES, ...ids.slice(-4).map((id) => `/api/articles/${id}?populate=*`), `/api/articles/${ids[0]}?fields[0]=title&populate[blocks]=*`, '/api/articles/99999', '/api/articles/abc'];
  for (const path of shapes) {
    const [a, b] = [await s.get(path, admin), await usual.get(path, admin)];
    assert.is(a.status, b.status, `${path}: ${a.text} / ${b.text}`);
    assert.is(a.text, b.text, path);
    assert.is(a.headers.get('content-type'), b.headers.get('content-type'), path);
  }
  assert.is(usual.running.app.repo.answeredInSql.count, 0, 'the rows executor alone');
  if (COMPILED) assert.ok(s.running.app.repo.answeredInSql.count >= shapes.length - 4, String(s.running.app.repo.answeredInSql.count));
});

test('PostgreSQL: one statement per read, whatever the populate depth and page size', async () => {
  await s.get('/api/articles?pagination[pageSize]=1', admin); // the token's touch happens here
  for (const query of ['populate=*', 'populate=deep', 'populate[author][populate][articles][populate][tags][populate]=*']) {
    for (const size of [1, 25, 100]) {
      s.queries.length = 0;
      const r = await s.get(`/api/articles?pagination[pageSize]=${size}&filters[title][$startsWith]=Full&${query}`, admin);
      assert.is(r.status, 200, r.text);
      if (COMPILED) assert.is(requestStatements(s.queries).length, 1, `${query}, page of ${size}: ${requestStatements(s.queries).join('\n')}`);
    }
    s.queries.length = 0;
    assert.is((await s.get(`/api/articles/${ids[1]}?${query}`, admin)).status, 200);
    if (COMPILED) assert.is(requestStatements(s.queries).length, 1, `findOne ${query}`);
  }
});

test('creator fields (populateCreatorFields) come out of the statement: an admin, one without a last name, one deleted, none', async () => {
  const knex = (s.running.app.repo as unknown as { ctx: { knex: import('knex').Knex } }).ctx.knex;
  const admins = [{ firstname: 'Ada', lastname: 'Lovelace' }, { firstname: 'Grace "G"', lastname: null }, { firstname: 'Gone', lastname: 'Away' }];
  const adminIds: number[] = [];
  for (const [i, a] of admins.entries()) {
    await knex('quire_admin_users').insert({ ...a, email: `cr-admin-${i}@example.com`, password: 'x', created_at: new Date().toISOString() });
    adminIds.push((await knex('quire_admin_users').where('email', `cr-admin-${i}@example.com`).first()).id);
  }
  const editions: number[] = [];
  for (let n = 1; n <= 4; n++) editions.push(await postEntry(s, admin, '/api/editions', { number: 900 + n, title: `Edition ${n}`, price: 9.99 }));
  await knex('editions').where('id', editions[0]).update({ created_by_id: adminIds[0], updated_by_id: adminIds[1] });
  await knex('editions').where('id', editions[1]).update({ created_by_id: adminIds[2], updated_by_id: adminIds[0] });
  await knex('quire_admin_users').where('id', adminIds[2]).delete();
  const before = s.running.app.repo.answeredInSql.count;
  for (const path of ['/api/editions', '/api/editions?fields[0]=title&sort=number:desc', `/api/editions/${editions[0]}`, `/api/editions/${editions[1]}?populate=*`, `/api/editions/${editions[3]}`]) {
    s.queries.length = 0;
    const [a, b] = [await s.get(path, admin), await usual.get(path, admin)];
    assert.is(a.status, 200, a.text);
    assert.is(a.text, b.text, path);
    if (COMPILED) assert.is(requestStatements(s.queries).length, 1, `${path}: ${requestStatements(s.queries).join('\n')}`);
  }
  const first = (await s.get(`/api/editions/${editions[0]}`, admin)).body.data.attributes;
  assert.equal([first.createdBy, first.updatedBy], [{ id: adminIds[0], firstname: 'Ada', lastname: 'Lovelace' }, { id: adminIds[1], firstname: 'Grace "G"', lastname: null }]);
  if (COMPILED) assert.is(s.running.app.repo.answeredInSql.count, before + 6);
});

test('json values of any depth and form come out of the statement as the usual path prints them', async () => {
  const before = s.running.app.repo.answeredInSql.count;
  const values: unknown[] = [
    { a: { b: { c: { d: { e: { f: [1, [2, [3, { g: 'deep' }]]] } } } } } },
    { z: 1, '10': 'ten', '2': 'two', '-1': 'minus', '01': 'lead', a: [1.5, 100, 1e21, 1e-7, -0, 123456789.123456789, 2 ** 60] },
    'a string holding {"json": true}', '{"a": 1, "b": [true, null]}', 42, 0.1, true, null, [], {}, { 'quote"key': 'tab\there \u0001 \u2028', emoji: '😀' },
  ];
  const made: number[] = [];
  for (const metadata of values) made.push(await postEntry(s, admin, '/api/articles', { title: 'Json value', metadata }));
  for (const id of made) {
    const [a, b] = [await s.get(`/api/articles/${id}`, admin), await usual.get(`/api/articles/${id}`, admin)];
    assert.is(a.status, 200, a.text);
    assert.is(a.text, b.text, String(id));
  }
  const list = '/api/articles?filters[title][$eq]=Json value&pagination[pageSize]=50&populate[relatedArticles]=true';
  assert.is((await s.get(list, admin)).text, (await usual.get(list, admin)).text);
  assert.equal((await s.get(`/api/articles/${made[0]}`, admin)).body.data.attributes.metadata, values[0]);
  if (COMPILED) assert.is(s.running.app.repo.answeredInSql.count, before + made.length + 2);
});

test('PostgreSQL prints a float8 as JSON.stringify does', async () => {
  if (DIALECT !== 'postgres') return;
  const values = [0, -0, 1, -1, 0.1, 0.3, 1 / 3, 4.5, 1e-4, 9.99e-5, 1.5e-5, -1.5e-6, 1e-6, 1e-7, 1.2e-300, 123456789012345, 1e15, 1234567890123456.8,
    123456789012345680000, 1e21, -1.5e22, 2 ** 53 + 2, Number.MAX_VALUE, Number.MIN_VALUE];
  const knex = (s.running.app.repo as unknown as { knex: import('knex').Knex }).knex;
  for (const v of values) {
    const { rows } = await knex.raw(`SELECT ${jsNumber('CAST(? AS float8)')} AS "t"`.replace(/CAST\(\? AS float8\)/g, `CAST('${v}' AS float8)`));
    assert.is(rows[0].t, JSON.stringify(v), String(v));
  }
});

test('the same query string for many ids: each answer is its own entry, one statement each (planned and compiled once)', async () => {
  const some = ids.slice(0, 6);
  const texts = new Set<string>();
  for (const id of [...some, ...some.reverse()]) {
    s.queries.length = 0;
    const [a, b] = [await s.get(`/api/articles/${id}?populate[author]=true&populate[tags][fields][0]=name`, admin), await usual.get(`/api/articles/${id}?populate[author]=true&populate[tags][fields][0]=name`, admin)];
    assert.is(a.status, 200, a.text);
    assert.is(a.body.data.id, id);
    assert.is(a.text, b.text, String(id));
    const sent = requestStatements(s.queries);
    if (COMPILED) assert.is(sent.length, 1, sent.join('\n'));
    sent.forEach((t) => texts.add(t));
  }
  if (COMPILED) assert.is(texts.size, 1, 'one statement text for every id');
  assert.is((await s.get('/api/articles/99999?populate[author]=true&populate[tags][fields][0]=name', admin)).status, 404, 'an id with no entry, same query');
});

test.run();
