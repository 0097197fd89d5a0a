/**
 * integration, test/bench: the ceilings `make bench` measures quire against answer what quire
 * answers, on a small bench data set seeded through quire's API: the per-attribute ceiling
 * (ceiling-answers.ts) on every database, the one-statement ceiling (ceiling-one-statement.ts) on
 * PostgreSQL, byte for byte for the reads. Also (PostgreSQL) BENCH_SIZE=xl's copies
 * (clone-seed.ts) answer like the articles they copy, and every workload's statement EXPLAINs.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { articleById, articlesByAuthor, createArticle, graphqlArticles, listArticles } from '../../bench/ceiling-answers.js';
import { openCeilingDb, type CeilingDb } from '../../bench/ceiling-db.js';
import { byAuthorText, createText, graphqlText, listText, oneText } from '../../bench/ceiling-one-statement.js';
import { cloneArticles } from '../../bench/clone-seed.js';
import { firstDifference, withoutVolatile } from '../../bench/compare-bodies.js';
import { explainWorkloads } from '../../bench/explain-plans.js';
import { seedArticles, seedShared } from '../../bench/seed-bench.js';
import { createBody, GRAPHQL_QUERY, W3_AUTHOR, w3Path, type SharedIds } from '../../bench/workloads.js';
import { DIALECT, startTestServer, type TestServer } from '../../helpers/server.js';

let s: TestServer;
let token: string;
let db: CeilingDb;
let ids: SharedIds;
let articleIds: number[];

test.before(async () => {
  s = await startTestServer({ name: 'bench-ceilings' });
  token = await s.token('full-access');
  ids = await seedShared(s.url, token, 4);
  articleIds = await seedArticles(s.url, token, ids, 0, 45, 4);
  db = openCeilingDb(s.databaseUrl);
});
test.after(async () => {
  await db?.close();
  await s?.stop();
});

/** quire's answer, as the bench asks: reads as the public role, the create with the full-access token */
async function quire(method: 'GET' | 'POST', path: string, body?: unknown): Promise<string> {
  const r = await s.request(method, path, { body, token: method === 'POST' && path === '/api/articles' ? token : undefined });
  assert.is(r.status, 200, r.text);
  return r.text;
}

const same = (ours: unknown, theirs: string, what: string) => assert.is(firstDifference(ours, JSON.parse(theirs)), undefined, what);

test('the per-attribute ceiling answers what quire answers (W1-W6)', async () => {
  same(await listArticles(db, 25, false), await quire('GET', '/api/articles'), 'W1');
  same(await listArticles(db, 25, true), await quire('GET', '/api/articles?populate=*'), 'W2');
  same(await articlesByAuthor(db, W3_AUTHOR), await quire('GET', w3Path()), 'W3');
  same(await articleById(db, articleIds[7]), await quire('GET', `/api/articles/${articleIds[7]}`), 'W4');
  same(await graphqlArticles(db), await quire('POST', '/graphql', { query: GRAPHQL_QUERY }), 'W6');
  const body = createBody(3, ids);
  const created = await createArticle(db, body.data as Parameters<typeof createArticle>[1]);
  assert.equal(withoutVolatile(created), withoutVolatile(JSON.parse(await quire('POST', '/api/articles', body))), 'W5');
});

if (DIALECT === 'postgres') {
  test('the one-statement ceiling answers quire\'s bytes (reads) and its create (W5)', async () => {
    assert.is(await listText(db, 25, false), await quire('GET', '/api/articles'), 'W1');
    assert.is(await listText(db, 25, true), await quire('GET', '/api/articles?populate=*'), 'W2');
    assert.is(await listText(db, 10, true), await quire('GET', '/api/articles?populate=*&pagination[pageSize]=10'), 'W2 page 10');
    assert.is(await byAuthorText(db, W3_AUTHOR), await quire('GET', w3Path()), 'W3');
    assert.is(await oneText(db, articleIds[7]), await quire('GET', `/api/articles/${articleIds[7]}`), 'W4');
    assert.is(await oneText(db, 999_999), undefined, 'W4, no such entry');
    assert.is(await graphqlText(db), await quire('POST', '/graphql', { query: GRAPHQL_QUERY }), 'W6');
    const body = createBody(4, ids);
    const created = JSON.parse((await createText(db, body.data as Parameters<typeof createText>[1])) as string);
    assert.equal(withoutVolatile(created), withoutVolatile(JSON.parse(await quire('POST', '/api/articles', body))), 'W5');
    // the stored links and component read back as quire's own create does
    assert.is(await quire('GET', `/api/articles/${created.data.id}?populate=*`).then((t) => JSON.parse(t).data.attributes.tags.data.length), 2);
  });

  test('BENCH_SIZE=xl: the copies answer like the articles they copy; every workload EXPLAINs', async () => {
    const before = JSON.parse(await quire('GET', '/api/articles?pagination[pageSize]=1')).meta.pagination.total;
    const added = await cloneArticles(s.databaseUrl, articleIds, before + 60);
    assert.is(added.length, 60);
    assert.is(JSON.parse(await quire('GET', '/api/articles?pagination[pageSize]=1')).meta.pagination.total, before + 60);
    // the first copy is of the first template: the same attributes and links, its own slug and component rows
    const read = async (id: number) => JSON.parse(await quire('GET', `/api/articles/${id}?populate=*`)).data.attributes;
    const [original, copy] = [await read(articleIds[0]), await read(added[0])];
    assert.is(copy.slug, `${original.slug}-${added[0]}`);
    const strip = ({ slug: _s, blocks, seo, ...rest }: Record<string, any>) => ({ ...rest, blocks: blocks.map(({ id: _i, ...b }: Record<string, unknown>) => b), seo: { ...seo, id: undefined } });
    assert.equal(strip(copy), strip(original));
    assert.is.not(copy.seo.id, original.seo.id);
    assert.equal(copy.tags.data.length, 3);
    const plans = await explainWorkloads(s.databaseUrl, added[5], { author: ids.authors[0], category: ids.categories[0], tags: ids.tags.slice(0, 2) });
    assert.equal(plans.map((p) => p.workload), ['W1', 'W2', 'W3', 'W4', 'W5', 'W6']);
    assert.ok(plans.every((p) => p.ms >= 0 && p.indexes.length > 0), JSON.stringify(plans));
  });
}

test.run();
