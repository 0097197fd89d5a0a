/**
 * integration: a filter through a relation is `id IN (owners of matching links)`, found once per
 * statement (repository/query/link-steps.ts), not a subquery run for every entry: SQLite walks the
 * owners by primary key, PostgreSQL joins them as a semi-join. A link row without an owner never
 * counts, so `$not` of a relation filter keeps the entries that have no matching link.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Knex } from 'knex';
import { postEntry, requestStatements } from '../../helpers/seed-content.js';
import { DIALECT, startTestServer, type TestServer } from '../../helpers/server.js';

let s: TestServer;
let admin: string;
let knex: Knex;
const authors: Record<string, number> = {};
const articles: Record<string, number> = {};

test.before(async () => {
  s = await startTestServer({ name: 'relation-filter-plan' });
  admin = await s.token('full-access');
  knex = (s.running.app.repo as unknown as { knex: Knex }).knex;
  for (const name of ['Ann', 'Bob']) authors[name] = await postEntry(s, admin, '/api/authors', { name, email: `${name.toLowerCase()}@example.com` });
  for (let n = 0; n < 40; n++) articles[`a${n}`] = await postEntry(s, admin, '/api/articles', { title: `Article ${n}`, author: n % 4 === 0 ? authors.Ann : authors.Bob });
  articles.none = await postEntry(s, admin, '/api/articles', { title: 'No author' });
});
test.after(async () => s?.stop());

const titles = async (query: string): Promise<string[]> => {
  const r = await s.get(`/api/articles?${query}&pagination[pageSize]=100&fields[0]=title`, admin);
  assert.is(r.status, 200, r.text);
  return r.body.data.map((e: { attributes: { title: string } }) => e.attributes.title).sort();
};

/** the page statement of a list read, and its plan on this database */
async function planOf(query: string): Promise<string> {
  s.queries.length = 0;
  assert.is((await s.get(`/api/articles?${query}`, admin)).status, 200);
  const page = requestStatements(s.queries).find((q) => /LIMIT/.test(q) && !/COUNT\(\*\)/.test(q.slice(0, 40)));
  assert.ok(page, requestStatements(s.queries).join('\n'));
  const bindings = new Array((page.match(/\?/g) ?? []).length).fill('Ann');
  if (DIALECT === 'sqlite') return (await knex.raw(`EXPLAIN QUERY PLAN ${page}`, bindings)).map((r: { detail: string }) => r.detail).join('\n');
  if (DIALECT === 'postgres') return (await knex.raw(`EXPLAIN ${page}`, bindings)).rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
  return '';
}

test('a relation filter finds the owners once: no subquery per entry', async () => {
  assert.equal(await titles('filters[author][name][$eq]=Ann'), Array.from({ length: 10 }, (_, i) => `Article ${i * 4}`).sort());
  const plan = await planOf('filters[author][name][$eq]=Ann&populate[author]=true');
  if (DIALECT === 'sqlite') {
    assert.match(plan, /LIST SUBQUERY/, plan);
    assert.not.match(plan, /CORRELATED/, plan);
  } else if (DIALECT === 'postgres') {
    assert.match(plan, /Semi Join|Hashed SubPlan|hashed SubPlan|Hash Join/, plan);
  } else {
    console.log(`  ${DIALECT}: the plan is not checked here (the answers are)`);
  }
});

test('a link row without an owner never counts: $not keeps the entries without a matching link', async () => {
  const before = await titles('filters[$not][author][name][$eq]=Ann');
  // a stray link row (no owner) to Ann, as an interrupted write elsewhere could leave it
  await knex('articles_author_links').insert({ article_id: null, author_id: authors.Ann });
  try {
    const after = await titles('filters[$not][author][name][$eq]=Ann');
    assert.equal(after, before);
    assert.ok(after.includes('No author') && after.includes('Article 1') && !after.includes('Article 0'), after.join(', '));
  } finally {
    await knex('articles_author_links').whereNull('article_id').delete();
  }
});

test.run();
