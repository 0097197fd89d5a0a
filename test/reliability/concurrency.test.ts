/**
 * reliability: concurrent writers. 50 parallel creates of one unique value (exactly one wins, the
 * others get Strapi's 400 "This attribute must be unique"), the same over GraphQL, parallel partial
 * updates of different fields of one entry, and parallel `connect`s to one entry: nothing is lost.
 * Runs on both databases.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestResponse, type TestServer } from '../helpers/server.js';
import { postEntry } from '../helpers/seed-content.js';
import { knexOf } from '../integration/users/users-fixture.js';

let s: TestServer;
let token: string;

test.before(async () => {
  s = await startTestServer({ name: 'rel-concurrency' });
  token = await s.token('full-access');
});

test.after(async () => {
  await s?.stop();
});

function assertUniqueLosers(results: TestResponse[], attribute: string): void {
  const statuses = results.map((r) => r.status);
  assert.is(statuses.filter((x) => x === 200).length, 1, `exactly one create succeeds: ${statuses.join(',')}`);
  for (const r of results.filter((x) => x.status !== 200)) {
    assert.is(r.status, 400, r.text);
    assert.is(r.body.error.name, 'ValidationError', r.text);
    assert.is(r.body.error.message, 'This attribute must be unique', r.text);
    assert.equal(r.body.error.details.errors[0].path, [attribute], r.text);
    assert.not.match(r.text, /constraint|duplicate key|violates|sqlite|insert into|select /i, 'no SQL in the answer');
  }
}

test('50 parallel REST creates of the same unique value: one 200, 49 ValidationErrors, one row', async () => {
  const results = await Promise.all(Array.from({ length: 50 }, () => s.request('POST', '/api/tags', { body: { data: { name: 'race' } }, token })));
  assertUniqueLosers(results, 'name');
  const rows = await knexOf(s)('tags').where('name', 'race').count({ n: '*' });
  assert.is(Number(rows[0].n), 1);
});

test('parallel creates racing on two unique attributes at once name the attribute that collided', async () => {
  await postEntry(s, token, '/api/authors', { name: 'Ann', email: 'ann@example.com' });
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) => s.request('POST', '/api/authors', { body: { data: { name: `Writer ${i}`, email: 'same@example.com' } }, token })),
  );
  assertUniqueLosers(results, 'email');
  const clash = await s.request('POST', '/api/authors', { body: { data: { name: 'Ann', email: 'other@example.com' } }, token });
  assert.is(clash.status, 400, clash.text);
  assert.equal(clash.body.error.details.errors[0].path, ['name']);
});

test('50 parallel GraphQL creates of the same unique value: one succeeds, the others a ValidationError', async () => {
  const query = 'mutation { createTag(data: { name: "gql-race" }) { data { id } } }';
  const results = await Promise.all(
    Array.from({ length: 50 }, () => s.request('POST', '/graphql', { body: { query }, token })),
  );
  const ok = results.filter((r) => r.status === 200 && !r.body.errors && r.body.data?.createTag?.data?.id);
  assert.is(ok.length, 1, results.map((r) => r.text).slice(0, 3).join('\n'));
  for (const r of results.filter((x) => !ok.includes(x))) {
    assert.ok(r.status < 500, r.text);
    assert.is(r.body.errors?.[0]?.extensions?.error?.name ?? r.body.errors?.[0]?.extensions?.code, 'ValidationError', r.text);
    assert.match(r.body.errors[0].message, /must be unique/, r.text);
  }
  const rows = await knexOf(s)('tags').where('name', 'gql-race').count({ n: '*' });
  assert.is(Number(rows[0].n), 1);
});

test('uid attributes are unique as Strapi v4 checks them: parallel creates of one slug, one wins', async () => {
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) => s.request('POST', '/api/articles', { body: { data: { title: `Slugged ${i}`, format: 'news', slug: 'same-slug' } }, token })),
  );
  assertUniqueLosers(results, 'slug');
  // null slugs never collide
  for (let i = 0; i < 3; i++) assert.is((await s.request('POST', '/api/articles', { body: { data: { title: `No slug ${i}`, format: 'news' } }, token })).status, 200);
});

test('parallel updates of the same unique value on different entries: one wins', async () => {
  const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => postEntry(s, token, '/api/tags', { name: `rename-${i}` })));
  const results = await Promise.all(ids.map((id) => s.request('PUT', `/api/tags/${id}`, { body: { data: { name: 'renamed' } }, token })));
  assertUniqueLosers(results, 'name');
  const rows = await knexOf(s)('tags').where('name', 'renamed').count({ n: '*' });
  assert.is(Number(rows[0].n), 1);
});

test('concurrent partial updates of different fields of one entry lose nothing', async () => {
  const id = await postEntry(s, token, '/api/articles', { title: 'Concurrent', format: 'news' });
  for (let round = 0; round < 5; round++) {
    const writes = [
      s.request('PUT', `/api/articles/${id}`, { body: { data: { excerpt: `excerpt ${round}` } }, token }),
      s.request('PUT', `/api/articles/${id}`, { body: { data: { readingTime: 10 + round } }, token }),
      s.request('PUT', `/api/articles/${id}`, { body: { data: { popularity: round + 0.5 } }, token }),
      s.request('PUT', `/api/articles/${id}`, { body: { data: { featured: round % 2 === 0 } }, token }),
      s.request('PUT', `/api/articles/${id}`, { body: { data: { metadata: { round } } }, token }),
      s.request('PUT', `/api/articles/${id}`, { body: { data: { seo: { metaTitle: `Meta ${round}`, metaDescription: `Description ${round} long enough` } } }, token }),
    ];
    for (const r of await Promise.all(writes)) assert.is(r.status, 200, r.text);
    const got = await s.get(`/api/articles/${id}?populate=seo`, token);
    const a = got.body.data.attributes;
    assert.is(a.title, 'Concurrent');
    assert.is(a.excerpt, `excerpt ${round}`);
    assert.is(a.readingTime, 10 + round);
    assert.is(a.popularity, round + 0.5);
    assert.is(a.featured, round % 2 === 0);
    assert.equal(a.metadata, { round });
    assert.is(a.seo?.metaTitle, `Meta ${round}`, got.text);
  }
});

test('parallel connects to one entry keep every link, each once', async () => {
  const article = await postEntry(s, token, '/api/articles', { title: 'Linked', format: 'news' });
  const tags = await Promise.all(Array.from({ length: 20 }, (_, i) => postEntry(s, token, '/api/tags', { name: `link-${i}` })));
  const results = await Promise.all(tags.map((t) => s.request('PUT', `/api/articles/${article}`, { body: { data: { tags: { connect: [t] } } }, token })));
  for (const r of results) assert.is(r.status, 200, r.text);
  // the same links again, in parallel: still one each
  const again = await Promise.all(tags.map((t) => s.request('PUT', `/api/articles/${article}`, { body: { data: { tags: { connect: [t] } } }, token })));
  for (const r of again) assert.is(r.status, 200, r.text);
  const got = await s.get(`/api/articles/${article}?populate[tags][fields][0]=name&populate[tags][pagination][pageSize]=100`, token);
  const linked = (got.body.data.attributes.tags.data as { id: number }[]).map((t) => t.id).sort((x, y) => x - y);
  assert.equal(linked, [...tags].sort((x, y) => x - y));
});

test.run();
