/**
 * integration: no N+1. The SQL statements of a list request depend on the populate tree only, never
 * on the number of entries: pages of 1, 25 and 100 fully linked articles cost the same count, for
 * `populate=*` and for a two-level tree (one statement per populated attribute per level, plus the
 * page and its count). A create sends one INSERT per row or link set in one transaction and answers
 * the row its INSERT returned (no SELECT of its own). The api-token lookup is left out of the counts.
 * On PostgreSQL a read is one statement whatever its tree (repository compiled-read/).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { requestStatements, seedFullArticles, seedShared } from '../../helpers/seed-content.js';
import { DIALECT, startTestServer, type TestServer } from '../../helpers/server.js';

/** PostgreSQL: one statement per read (compiled-read/); SQLite: the page, its count, one per populated node */
const perRead = (usual: number) => (DIALECT === 'postgres' ? 1 : usual);

let s: TestServer;
let admin: string;

test.before(async () => {
  s = await startTestServer({ name: 'rest-n-plus-one' });
  admin = await s.token('full-access');
  const shared = await seedShared(s, admin, 'n1');
  await seedFullArticles(s, admin, 100, shared);
});
test.after(async () => s.stop());

async function statementsFor(query: string, pageSize: number): Promise<{ count: number; body: any }> {
  await s.get('/api/articles?pagination[pageSize]=1', admin); // warm: the token's touch happens here, not below
  s.queries.length = 0;
  const r = await s.get(`/api/articles?pagination[pageSize]=${pageSize}&${query}`, admin);
  assert.is(r.status, 200, r.text);
  assert.is(r.body.data.length, pageSize);
  return { count: requestStatements(s.queries).length, body: r.body };
}

async function sameForEveryPage(query: string, expected: number, check: (entry: any) => void): Promise<void> {
  const counts: number[] = [];
  for (const size of [1, 25, 100]) {
    const { count, body } = await statementsFor(query, size);
    body.data.forEach(check);
    counts.push(count);
  }
  assert.equal(counts, [expected, expected, expected], `statements for pages of 1, 25, 100: ${counts.join(', ')}`);
}

test('populate=*: page + count + one statement per populated attribute, whatever the page size', async () => {
  // article has 11 populatable attributes: 2 media, 6 relations, 2 components, 1 dynamic zone
  await sameForEveryPage('populate=*', perRead(2 + 11), (e) => {
    const a = e.attributes;
    assert.is(a.tags.data.length, 2);
    assert.is(a.gallery.data.length, 2);
    assert.is(a.blocks.length, 4);
    assert.is(a.sources.length, 2);
    assert.type(a.author.data.id, 'number');
    assert.type(a.reviewer.data.id, 'number');
    assert.type(a.seo.id, 'number');
    assert.is(a.relatedArticles.data.length, 1);
  });
});

test('a two-level populate tree: one statement per node of the tree', async () => {
  const query = [
    'populate[author][populate][articles][fields][0]=title', // author, author.articles
    'populate[author][populate][profile]=true', // author.profile
    'populate[tags][populate][articles][fields][0]=title', // tags, tags.articles
    'populate[seo][populate]=*', // seo, seo.metaImage, seo.openGraph
    'populate[blocks][populate]=*', // blocks (one statement for the zone), media-block.file, link-list.links
    'populate[relatedArticles][populate][category]=true', // relatedArticles, relatedArticles.category
    'populate[sources]=true', // sources
  ].join('&');
  await sameForEveryPage(query, perRead(2 + 14), (e) => {
    const a = e.attributes;
    assert.is(a.author.data.attributes.articles.data.length, 100);
    assert.type(a.author.data.attributes.profile.data.id, 'number');
    assert.is(a.tags.data[1].attributes.articles.data.length, 100);
    assert.type(a.seo.metaImage.data.id, 'number');
    assert.type(a.seo.openGraph.id, 'number');
    assert.type(a.blocks[2].file.data.id, 'number');
    assert.is(a.blocks[3].links.length, 2);
    assert.type(a.relatedArticles.data[0].attributes.category.data.id, 'number');
  });
});

test('findOne costs the same statements as a page of one (no count)', async () => {
  const { count } = await statementsFor('populate=*', 1);
  s.queries.length = 0;
  const r = await s.get('/api/articles/50?populate=*', admin);
  assert.is(r.status, 200);
  assert.is(requestStatements(s.queries).length, perRead(count - 1));
});

test('a create: one INSERT per row or link set, one transaction, the answer read back by the INSERT itself', async () => {
  const shared = await seedShared(s, admin, 'n1-create');
  await s.get('/api/articles?pagination[pageSize]=1', admin);
  s.queries.length = 0;
  const data = { title: 'Created in one go', readingTime: 4, author: shared.author, category: shared.category, tags: shared.tags, seo: { metaTitle: 'Meta' } };
  const r = await s.request('POST', '/api/articles', { body: { data }, token: admin });
  assert.is(r.status, 200, r.text);
  const sent = requestStatements(s.queries);
  // PostgreSQL: BEGIN, one statement (data-modifying CTEs), COMMIT;
  // else BEGIN, article, author link, category link, tag links, seo, seo link, COMMIT
  assert.is(sent.length, DIALECT === 'postgres' ? 3 : 8, sent.join('\n'));
  assert.ok(!sent.some((q) => /^SELECT/i.test(q)), 'no SELECT: the INSERT returned the row');
  const stored = await s.get(`/api/articles/${r.body.data.id}`, admin);
  assert.equal(r.body, stored.body, 'the answer is what a read of the entry answers');
  // with populate, the relations are read (one statement each), the row is not
  s.queries.length = 0;
  const populated = await s.request('POST', '/api/articles?populate[author]=true', { body: { data: { ...data, title: 'Created and populated' } }, token: admin });
  assert.is(populated.status, 200, populated.text);
  assert.is(populated.body.data.attributes.author.data.id, shared.author);
  assert.is(requestStatements(s.queries).length, (DIALECT === 'postgres' ? 3 : 8) + 1);
});

test.run();
