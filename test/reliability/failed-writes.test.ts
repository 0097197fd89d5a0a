/**
 * reliability: a write that fails half way leaves no trace. The main row and its components are
 * written before the relation whose target is missing is found; every table is compared before and
 * after. Also a unique violation with components in the body. REST and GraphQL, create and update,
 * on both databases.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Knex } from 'knex';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { postEntry } from '../helpers/seed-content.js';
import { knexOf } from '../integration/users/users-fixture.js';

let s: TestServer;
let token: string;
let db: Knex;

const TABLES = [
  'articles', 'articles_tags_links', 'articles_author_links', 'articles_components', 'components_shared_seos',
  'authors', 'authors_components', 'components_shared_social_links', 'tags',
];

/** every row of the tables a write could touch, as JSON */
async function snapshot(): Promise<string> {
  const out: Record<string, unknown[]> = {};
  for (const t of TABLES) out[t] = await db(t).select('*').orderBy('id');
  return JSON.stringify(out);
}

test.before(async () => {
  s = await startTestServer({ name: 'rel-failed-writes' });
  token = await s.token('full-access');
  db = knexOf(s);
  for (const t of TABLES) assert.ok(await db.schema.hasTable(t), `table ${t} exists`);
});

test.after(async () => {
  await s?.stop();
});

test('a create whose relation target is missing leaves no row, no component, no link', async () => {
  const tag = await postEntry(s, token, '/api/tags', { name: 'exists' });
  const before = await snapshot();
  const r = await s.request('POST', '/api/articles', {
    body: { data: { title: 'Half written', format: 'news', seo: { metaTitle: 'Seo', metaDescription: 'written before the links' }, tags: [tag, 987654] } },
    token,
  });
  assert.is(r.status, 400, r.text);
  assert.is(r.body.error.name, 'ValidationError');
  assert.is(await snapshot(), before, 'nothing written');
});

test('an update whose relation target is missing keeps the old values, components and links', async () => {
  const tag = await postEntry(s, token, '/api/tags', { name: 'kept-link' });
  const id = await postEntry(s, token, '/api/articles', { title: 'Original', format: 'news', seo: { metaTitle: 'Old seo' }, tags: [tag] });
  const before = await snapshot();
  const r = await s.request('PUT', `/api/articles/${id}`, {
    body: { data: { title: 'Changed', seo: { metaTitle: 'New seo' }, tags: { set: [987654] } } },
    token,
  });
  assert.is(r.status, 400, r.text);
  assert.is(await snapshot(), before, 'nothing changed');
  const got = await s.get(`/api/articles/${id}?populate=*`, token);
  assert.is(got.body.data.attributes.title, 'Original');
  assert.is(got.body.data.attributes.seo.metaTitle, 'Old seo');
  assert.equal(got.body.data.attributes.tags.data.map((t: { id: number }) => t.id), [tag]);
});

test('a create refused by a unique index leaves no row and no component', async () => {
  await postEntry(s, token, '/api/authors', { name: 'Taken', email: 'taken@example.com' });
  const before = await snapshot();
  const r = await s.request('POST', '/api/authors', {
    body: { data: { name: 'Someone', email: 'taken@example.com', socialLinks: [{ platform: 'github', url: 'https://github.com/x' }] } },
    token,
  });
  assert.is(r.status, 400, r.text);
  assert.is(r.body.error.message, 'This attribute must be unique');
  assert.is(await snapshot(), before, 'nothing written');
});

test('a GraphQL create whose relation target is missing leaves nothing', async () => {
  const before = await snapshot();
  const query = 'mutation { createArticle(data: { title: "Graph half", format: news, tags: ["987654"], seo: { metaTitle: "Seo" } }) { data { id } } }';
  const r = await s.request('POST', '/graphql', { body: { query }, token });
  assert.ok(r.status < 500, r.text);
  assert.ok(r.body.errors?.length, r.text);
  assert.is(r.body.errors[0].extensions?.error?.name, 'ValidationError', r.text);
  assert.is(await snapshot(), before, 'nothing written');
});

test('a failed write in a burst of good ones leaves only the good ones', async () => {
  const before = Number((await db('articles').count({ n: '*' }))[0].n);
  const results = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      s.request('POST', '/api/articles', { body: { data: { title: `Burst ${i}`, format: 'news', seo: { metaTitle: `S${i}` }, ...(i % 3 === 0 ? { author: 987654 } : {}) } }, token }),
    ),
  );
  const ok = results.filter((r) => r.status === 200).length;
  assert.is(ok, 20, results.map((r) => r.status).join(','));
  for (const r of results.filter((x) => x.status !== 200)) assert.is(r.status, 400, r.text);
  assert.is(Number((await db('articles').count({ n: '*' }))[0].n), before + 20);
  // every seo component row belongs to an article
  const orphans = await db('components_shared_seos as c').leftJoin('articles_components as l', function () {
    this.on('l.component_id', '=', 'c.id').andOn('l.component_type', '=', db.raw('?', ['shared.seo']));
  }).whereNull('l.id').count({ n: '*' });
  assert.is(Number(orphans[0].n), 0, 'no orphaned component rows');
});

test.run();
