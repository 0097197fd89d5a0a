/**
 * integration: relations over REST on the dialect under test. Every relation kind of specs/example
 * (manyToOne/oneToMany, manyToMany, oneToOne both ways, unidirectional oneToOne/oneToMany, oneWay,
 * manyWay, self-referencing), written from either side and read from both at once, order kept on
 * each side; the body forms of the contract (id, ids, {id}, connect/disconnect/set, positions);
 * the errors; and deletes that leave no link rows behind (checked in the tables).
 */
import type { Knex } from 'knex';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { KnexRepository } from '../../../engine/repository/knex-repository.js';
import { createUser, postEntry } from '../../helpers/seed-content.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

let s: TestServer;
let admin: string;
let knex: Knex;
let seq = 0;

test.before(async () => {
  s = await startTestServer({ name: 'rest-relations' });
  admin = await s.token('full-access');
  knex = (s.running.app.repo as KnexRepository).knex;
});
test.after(async () => s.stop());

const post = (path: string, data: unknown) => postEntry(s, admin, path, data);
const put = (path: string, data: unknown) => s.request('PUT', path, { body: { data }, token: admin });
const article = (extra: Record<string, unknown> = {}) => post('/api/articles', { title: `Article ${++seq}`, ...extra });
const tag = () => post('/api/tags', { name: `tag-${++seq}` });
const author = () => post('/api/authors', { name: `Author ${++seq}`, email: `author${seq}@example.com` });

async function putOk(path: string, data: unknown): Promise<void> {
  const r = await put(path, data);
  assert.is(r.status, 200, `PUT ${path} ${JSON.stringify(data)}: ${r.text}`);
}

/** ids of a populated relation: number, null or number[] */
async function linked(path: string, attr: string): Promise<number | null | number[]> {
  const r = await s.get(`${path}?populate[${attr}]=true`, admin);
  assert.is(r.status, 200, r.text);
  const data = r.body.data.attributes[attr].data;
  return Array.isArray(data) ? data.map((e: { id: number }) => e.id) : data === null ? null : data.id;
}

async function expectValidation(r: Awaited<ReturnType<typeof put>>, message: RegExp | string, path: (string | number)[]): Promise<void> {
  assert.is(r.status, 400, r.text);
  assert.is(r.body.data, null);
  assert.is(r.body.error.name, 'ValidationError');
  const issue = r.body.error.details.errors.find((e: { path: unknown[] }) => JSON.stringify(e.path) === JSON.stringify(path));
  assert.ok(issue, `an issue at ${JSON.stringify(path)} in ${r.text}`);
  if (typeof message === 'string') assert.is(issue.message, message);
  else assert.match(issue.message, message);
}

test('manyToOne ⇄ oneToMany (article.author / author.articles): both sides at once, order kept, written from either side', async () => {
  const [ann, bob] = [await author(), await author()];
  const [a1, a2, a3] = [await article({ author: ann }), await article({ author: ann }), await article({ author: ann })];
  assert.equal(await linked(`/api/authors/${ann}`, 'articles'), [a1, a2, a3], 'the author lists its articles in link order');
  assert.is(await linked(`/api/articles/${a2}`, 'author'), ann);
  // from the oneToMany side: set reorders, and each article sees its author at once
  await putOk(`/api/authors/${ann}`, { articles: [a3, a1, a2] });
  assert.equal(await linked(`/api/authors/${ann}`, 'articles'), [a3, a1, a2]);
  // connecting an article to another author takes it from the first (its author is to-one)
  await putOk(`/api/authors/${bob}`, { articles: { connect: [a1] } });
  assert.is(await linked(`/api/articles/${a1}`, 'author'), bob);
  assert.equal(await linked(`/api/authors/${ann}`, 'articles'), [a3, a2], 'order of the rest kept');
  // from the manyToOne side
  await putOk(`/api/articles/${a3}`, { author: bob });
  assert.equal(await linked(`/api/authors/${bob}`, 'articles'), [a1, a3], 'a new link goes last on the other side');
  assert.equal(await linked(`/api/authors/${ann}`, 'articles'), [a2]);
  await putOk(`/api/articles/${a3}`, { author: null });
  assert.is(await linked(`/api/articles/${a3}`, 'author'), null);
  assert.equal(await linked(`/api/authors/${bob}`, 'articles'), [a1]);
});

test('manyToMany (article.tags / tag.articles): each side keeps its own order', async () => {
  const [t1, t2, t3] = [await tag(), await tag(), await tag()];
  const a1 = await article({ tags: [t3, t1, t2] });
  const a2 = await article({ tags: [t1] });
  const a3 = await article({ tags: { connect: [t1, t3] } });
  assert.equal(await linked(`/api/articles/${a1}`, 'tags'), [t3, t1, t2]);
  assert.equal(await linked(`/api/tags/${t1}`, 'articles'), [a1, a2, a3], 'tag side: in the order the articles were linked');
  assert.equal(await linked(`/api/tags/${t3}`, 'articles'), [a1, a3]);
  // write the tag side: the article sees the tag at once, last among its tags
  await putOk(`/api/tags/${t2}`, { articles: { connect: [{ id: a2, position: { start: true } }] } });
  assert.equal(await linked(`/api/tags/${t2}`, 'articles'), [a2, a1]);
  assert.equal(await linked(`/api/articles/${a2}`, 'tags'), [t1, t2]);
  // reordering one side leaves the other side's order alone
  await putOk(`/api/articles/${a1}`, { tags: [t2, t3, t1] });
  assert.equal(await linked(`/api/tags/${t1}`, 'articles'), [a1, a2, a3]);
  // both order columns are stored
  const rows = await knex('articles_tags_links').where('article_id', a1).orderBy('tag_order').select('tag_id', 'tag_order', 'article_order');
  assert.equal(rows.map((r) => Number(r.tag_id)), [t2, t3, t1]);
  assert.ok(rows.every((r) => r.article_order !== null && r.tag_order !== null));
});

test('oneToOne bidirectional (author.profile / profile.author, edition.coverStory / article.coverOf): a target moves, both sides agree', async () => {
  const [ann, bob] = [await author(), await author()];
  const p1 = await post('/api/author-profiles', { headline: 'First' });
  await putOk(`/api/authors/${ann}`, { profile: p1 });
  assert.is(await linked(`/api/author-profiles/${p1}`, 'author'), ann);
  await putOk(`/api/authors/${bob}`, { profile: p1 });
  assert.is(await linked(`/api/authors/${ann}`, 'profile'), null, 'the profile left its previous author');
  assert.is(await linked(`/api/author-profiles/${p1}`, 'author'), bob);
  // from the mappedBy side
  await putOk(`/api/author-profiles/${p1}`, { author: ann });
  assert.is(await linked(`/api/authors/${ann}`, 'profile'), p1);
  assert.is(await linked(`/api/authors/${bob}`, 'profile'), null);
  const a = await article();
  const e1 = await post('/api/editions', { number: 101, title: 'E101', coverStory: a });
  assert.is(await linked(`/api/articles/${a}`, 'coverOf'), e1);
  const e2 = await post('/api/editions', { number: 102, title: 'E102' });
  await putOk(`/api/articles/${a}`, { coverOf: e2 });
  assert.is(await linked(`/api/editions/${e1}`, 'coverStory'), null);
  assert.is(await linked(`/api/editions/${e2}`, 'coverStory'), a);
  await putOk(`/api/articles/${a}`, { coverOf: null });
  assert.is(await linked(`/api/editions/${e2}`, 'coverStory'), null);
});

test('unidirectional oneToOne and oneToMany (category.featuredArticle, edition.contents): ordered, nothing taken from other owners', async () => {
  const [a1, a2, a3] = [await article(), await article(), await article()];
  const c1 = await post('/api/categories', { name: `Cat ${++seq}`, slug: `cat-${seq}`, featuredArticle: a1 });
  const c2 = await post('/api/categories', { name: `Cat ${++seq}`, slug: `cat-${seq}`, featuredArticle: a1 });
  assert.is(await linked(`/api/categories/${c1}`, 'featuredArticle'), a1);
  assert.is(await linked(`/api/categories/${c2}`, 'featuredArticle'), a1);
  const e1 = await post('/api/editions', { number: 201, title: 'E201', contents: [a3, a1, a2] });
  const e2 = await post('/api/editions', { number: 202, title: 'E202', contents: [a1] });
  assert.equal(await linked(`/api/editions/${e1}`, 'contents'), [a3, a1, a2]);
  assert.equal(await linked(`/api/editions/${e2}`, 'contents'), [a1]);
  await putOk(`/api/editions/${e1}`, { contents: { connect: [{ id: a2, position: { before: a3 } }], disconnect: [a1] } });
  assert.equal(await linked(`/api/editions/${e1}`, 'contents'), [a2, a3]);
});

test('oneWay (article.reviewer -> users-permissions user) and manyWay (article.relatedArticles, self)', async () => {
  const [u1, u2] = [await createUser(s, `rel-user-${++seq}`), await createUser(s, `rel-user-${++seq}`)];
  const a = await article({ reviewer: u1 });
  assert.is(await linked(`/api/articles/${a}`, 'reviewer'), u1);
  await putOk(`/api/articles/${a}`, { reviewer: { connect: [u2] } });
  assert.is(await linked(`/api/articles/${a}`, 'reviewer'), u2);
  await putOk(`/api/articles/${a}`, { reviewer: { disconnect: [u2] } });
  assert.is(await linked(`/api/articles/${a}`, 'reviewer'), null);
  const [b, c] = [await article(), await article()];
  await putOk(`/api/articles/${a}`, { relatedArticles: [c, a, b] });
  assert.equal(await linked(`/api/articles/${a}`, 'relatedArticles'), [c, a, b], 'self link allowed, order kept');
  assert.equal(await linked(`/api/articles/${b}`, 'relatedArticles'), [], 'one way: nothing on the target');
  const rows = await knex('articles_related_articles_links').where('article_id', a).orderBy('id').select('inv_article_id');
  assert.equal(rows.map((r) => Number(r.inv_article_id)).sort(), [a, b, c].sort());
});

test('self-referencing manyToOne ⇄ oneToMany (category.parent / category.children) with positions', async () => {
  const root = await post('/api/categories', { name: `Root ${++seq}`, slug: `root-${seq}` });
  const k1 = await post('/api/categories', { name: `Kid ${++seq}`, slug: `kid-${seq}`, parent: root });
  const k2 = await post('/api/categories', { name: `Kid ${++seq}`, slug: `kid-${seq}`, parent: { connect: [root] } });
  const k3 = await post('/api/categories', { name: `Kid ${++seq}`, slug: `kid-${seq}`, parent: { set: [{ id: root }] } });
  assert.equal(await linked(`/api/categories/${root}`, 'children'), [k1, k2, k3]);
  await putOk(`/api/categories/${root}`, { children: { connect: [{ id: k3, position: { start: true } }, { id: k1, position: { after: k2 } }] } });
  assert.equal(await linked(`/api/categories/${root}`, 'children'), [k3, k2, k1]);
  assert.is(await linked(`/api/categories/${k1}`, 'parent'), root);
  assert.is(await linked(`/api/categories/${root}`, 'parent'), null);
});

test('connect and disconnect: shorthand and longhand, positions applied in array order, a connected id moves (default end)', async () => {
  const t = [await tag(), await tag(), await tag(), await tag(), await tag(), await tag()];
  const a = await article({ tags: [t[2], t[0]] });
  await putOk(`/api/articles/${a}`, {
    tags: { connect: [t[1], { id: t[3], position: { before: t[2] } }, { id: t[4], position: { start: true } }, { id: t[5], position: { after: t[3] } }] },
  });
  assert.equal(await linked(`/api/articles/${a}`, 'tags'), [t[4], t[3], t[5], t[2], t[0], t[1]]);
  await putOk(`/api/articles/${a}`, { tags: { connect: [t[2]] } });
  assert.equal(await linked(`/api/articles/${a}`, 'tags'), [t[4], t[3], t[5], t[0], t[1], t[2]], 'default position {end: true}');
  await putOk(`/api/articles/${a}`, { tags: { connect: [{ id: t[1], position: { end: true } }, { id: t[0], position: { before: t[1] } }] } });
  assert.equal(await linked(`/api/articles/${a}`, 'tags'), [t[4], t[3], t[5], t[2], t[0], t[1]]);
  // disconnect (short and long hand, and an id that is not linked: ignored) combined with connect
  await putOk(`/api/articles/${a}`, { tags: { disconnect: [t[4], { id: t[5] }], connect: [{ id: t[4], position: { after: t[3] } }] } });
  assert.equal(await linked(`/api/articles/${a}`, 'tags'), [t[3], t[4], t[2], t[0], t[1]]);
  await putOk(`/api/articles/${a}`, { tags: { disconnect: [t[3], t[5]] } });
  assert.equal(await linked(`/api/articles/${a}`, 'tags'), [t[4], t[2], t[0], t[1]]);
  await putOk(`/api/articles/${a}`, { tags: { set: [t[1], { id: t[0] }] } });
  assert.equal(await linked(`/api/articles/${a}`, 'tags'), [t[1], t[0]]);
  await putOk(`/api/articles/${a}`, { tags: [] });
  assert.equal(await linked(`/api/articles/${a}`, 'tags'), []);
  await putOk(`/api/articles/${a}`, { tags: [t[3]] });
  await putOk(`/api/articles/${a}`, { tags: null });
  assert.equal(await linked(`/api/articles/${a}`, 'tags'), []);
  await putOk(`/api/articles/${a}`, { tags: { set: [] } });
});

test('to-one relations: every form accepted, the last one wins', async () => {
  const [x, y, z] = [await author(), await author(), await author()];
  const a = await article({ author: { connect: [x, y] } });
  assert.is(await linked(`/api/articles/${a}`, 'author'), y);
  await putOk(`/api/articles/${a}`, { author: [z, x] });
  assert.is(await linked(`/api/articles/${a}`, 'author'), x);
  await putOk(`/api/articles/${a}`, { author: { set: [{ id: y }, { id: z }] } });
  assert.is(await linked(`/api/articles/${a}`, 'author'), z);
  await putOk(`/api/articles/${a}`, { author: { id: x } });
  assert.is(await linked(`/api/articles/${a}`, 'author'), x);
  await putOk(`/api/articles/${a}`, { author: { id: y, type: 'api::author.author' } });
  assert.is(await linked(`/api/articles/${a}`, 'author'), y);
  await putOk(`/api/articles/${a}`, { author: { connect: [{ id: z, position: { start: true } }] } });
  assert.is(await linked(`/api/articles/${a}`, 'author'), z);
  await putOk(`/api/articles/${a}`, { author: { disconnect: [x] } });
  assert.is(await linked(`/api/articles/${a}`, 'author'), z, 'disconnecting another id changes nothing');
  await putOk(`/api/articles/${a}`, { author: { disconnect: [{ id: z }] } });
  assert.is(await linked(`/api/articles/${a}`, 'author'), null);
  assert.equal(await linked(`/api/authors/${x}`, 'articles'), []);
  assert.equal(await linked(`/api/authors/${y}`, 'articles'), []);
});

test('bad relation writes are ValidationErrors and change nothing', async () => {
  const [t1, t2] = [await tag(), await tag()];
  const a = await article({ tags: [t1] });
  await expectValidation(await put(`/api/articles/${a}`, { tags: { connect: [t2, t2] } }), /more than once/, ['tags']);
  await expectValidation(await put(`/api/articles/${a}`, { tags: { connect: [t2, { id: t2, position: { start: true } }] } }), /more than once/, ['tags']);
  await expectValidation(await put(`/api/articles/${a}`, { tags: [t2, t2] }), /more than once/, ['tags']);
  await expectValidation(await put(`/api/articles/${a}`, { tags: { connect: [t2, 999999] } }), '1 relation(s) of type api::tag.tag associated with this entity do not exist', ['tags']);
  await expectValidation(await put(`/api/articles/${a}`, { author: 999999 }), '1 relation(s) of type api::author.author associated with this entity do not exist', ['author']);
  const mixed = await put(`/api/articles/${a}`, { tags: { set: [t2], connect: [t1] } });
  assert.is(mixed.status, 400, mixed.text);
  assert.is(mixed.body.error.name, 'ValidationError');
  await expectValidation(await put(`/api/articles/${a}`, { tags: { connect: [{ id: t2, position: { before: 999999 } }] } }), /999999/, ['tags']);
  const twoKeys = await put(`/api/articles/${a}`, { tags: { connect: [{ id: t2, position: { start: true, end: true } }] } });
  assert.is(twoKeys.status, 400, twoKeys.text);
  for (const bad of [{ connect: 'x' }, { connect: [0] }, { connect: [-1] }, { connect: [1.5] }, { wrong: [] }, 'abc', true]) {
    const r = await put(`/api/articles/${a}`, { tags: bad });
    assert.is(r.status, 400, `${JSON.stringify(bad)}: ${r.text}`);
    assert.is(r.body.error.name, 'ValidationError');
  }
  assert.equal(await linked(`/api/articles/${a}`, 'tags'), [t1], 'nothing changed');
  // a refused create leaves no entry and no link
  const before = Number((await knex('articles').count({ c: '*' }))[0].c);
  const links = Number((await knex('articles_tags_links').count({ c: '*' }))[0].c);
  const r = await s.request('POST', '/api/articles', { body: { data: { title: 'Refused', tags: [t1, 999999] } }, token: admin });
  assert.is(r.status, 400);
  assert.is(Number((await knex('articles').count({ c: '*' }))[0].c), before);
  assert.is(Number((await knex('articles_tags_links').count({ c: '*' }))[0].c), links);
});

test('deleting an entry removes its links on every side; the related entries stay', async () => {
  const [t1, t2] = [await tag(), await tag()];
  const ann = await author();
  const other = await article({ tags: [t1] });
  const a = await article({ tags: [t1, t2], author: ann, relatedArticles: [other] });
  await putOk(`/api/articles/${other}`, { relatedArticles: [a] });
  const e = await post('/api/editions', { number: 301, title: 'E301', coverStory: a, contents: [a, other] });
  assert.is((await s.request('DELETE', `/api/articles/${a}`, { token: admin })).status, 200);
  const count = async (table: string, where: Record<string, number>) => Number((await knex(table).where(where).count({ c: '*' }))[0].c);
  assert.is(await count('articles_tags_links', { article_id: a }), 0);
  assert.is(await count('articles_author_links', { article_id: a }), 0);
  assert.is(await count('articles_related_articles_links', { article_id: a }), 0);
  assert.is(await count('articles_related_articles_links', { inv_article_id: a }), 0);
  assert.is(await count('editions_cover_story_links', { article_id: a }), 0);
  assert.is(await count('editions_contents_links', { article_id: a }), 0);
  assert.equal(await linked(`/api/tags/${t1}`, 'articles'), [other]);
  assert.equal(await linked(`/api/authors/${ann}`, 'articles'), []);
  assert.equal(await linked(`/api/articles/${other}`, 'relatedArticles'), []);
  assert.is(await linked(`/api/editions/${e}`, 'coverStory'), null);
  assert.equal(await linked(`/api/editions/${e}`, 'contents'), [other]);
  // deleting the other side (a tag) unlinks it from its articles
  assert.is((await s.request('DELETE', `/api/tags/${t1}`, { token: admin })).status, 200);
  assert.equal(await linked(`/api/articles/${other}`, 'tags'), []);
  assert.is(await count('articles_tags_links', { tag_id: t1 }), 0);
});

test.run();
