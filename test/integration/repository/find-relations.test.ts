/**
 * repository integration: filters through relations (two levels, both sides of a join table),
 * components and media as EXISTS subqueries; `exists` nodes; sort by columns and through a to-one
 * relation with NULLs placed as the database places them (Strapi's answer on it); page and offset pagination with counts;
 * fields; publicationState; findOne of drafts and single types. Links are inserted with knex.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ARTICLE, AUTHOR, cmp, create, DIALECT, findPlan, HOMEPAGE, ids, openFixture, PROFILE, TAG, type Fixture } from './fixture.js';

let f: Fixture;
const art: Record<string, number> = {};
const au: Record<string, number> = {};

test.before(async () => {
  f = await openFixture('find-relations');
  const profile = await create(f.repo, PROFILE, { headline: 'Editor in chief' });
  const profile2 = await create(f.repo, PROFILE, { headline: 'Intern' });
  au.ann = await create(f.repo, AUTHOR, { name: 'Ann', email: 'ann@example.com' });
  au.bob = await create(f.repo, AUTHOR, { name: 'bob', email: 'bob@example.com' });
  au.carl = await create(f.repo, AUTHOR, { name: 'Carl' });
  const news = await create(f.repo, TAG, { name: 'news' });
  const tech = await create(f.repo, TAG, { name: 'tech' });
  const pub = '2024-01-01T00:00:00.000Z';
  art.a = await create(f.repo, ARTICLE, { title: 'A', readingTime: 3 }, pub);
  art.b = await create(f.repo, ARTICLE, { title: 'B', readingTime: null }, pub);
  art.c = await create(f.repo, ARTICLE, { title: 'C', readingTime: 3 }, pub);
  art.d = await create(f.repo, ARTICLE, { title: 'D', readingTime: 1 }, null); // draft
  art.e = await create(f.repo, ARTICLE, { title: 'E', readingTime: 9 }, pub);
  const k = f.knex;
  await k('authors_profile_links').insert([
    { author_id: au.ann, author_profile_id: profile },
    { author_id: au.bob, author_profile_id: profile2 },
  ]);
  await k('articles_author_links').insert([
    { article_id: art.a, author_id: au.bob, article_order: 1 },
    { article_id: art.b, author_id: au.ann, article_order: 1 },
    { article_id: art.c, author_id: au.carl, article_order: 1 },
    { article_id: art.d, author_id: au.ann, article_order: 2 },
  ]);
  await k('articles_tags_links').insert([
    { article_id: art.a, tag_id: news, tag_order: 1, article_order: 1 },
    { article_id: art.a, tag_id: tech, tag_order: 2, article_order: 1 },
    { article_id: art.c, tag_id: tech, tag_order: 1, article_order: 2 },
  ]);
  // a single component (seo) on article c and a cover file on article e
  const [seo] = await k('components_shared_seos').insert({ meta_title: 'Find me', no_index: true }).returning('id');
  await k('articles_components').insert({ entity_id: art.c, component_id: seo.id ?? seo, component_type: 'shared.seo', field: 'seo', order: 1 });
  const [file] = await k('files').insert({ name: 'cover.png', mime: 'image/png', created_at: pub, updated_at: pub }).returning('id');
  await k('files_related_morphs').insert({ file_id: file.id ?? file, related_id: art.e, related_type: ARTICLE, field: 'cover', order: 1 });
});

test.after(() => f.close());

const names = (list: number[]) => list.map((id) => Object.keys(art).find((k) => art[k] === id));
const authors = (list: number[]) => list.map((id) => Object.keys(au).find((k) => au[k] === id));

test(`[${DIALECT}] a filter through two relations (article -> author -> profile)`, async () => {
  const where = { kind: 'relation', attribute: 'author', target: AUTHOR, where: { kind: 'relation', attribute: 'profile', target: PROFILE, where: cmp('headline', '$containsi', 'chief') } } as const;
  assert.equal(names(await ids(f.repo, ARTICLE, { where })), ['b', 'd']);
  const intern = { kind: 'relation', attribute: 'author', target: AUTHOR, where: { kind: 'relation', attribute: 'profile', target: PROFILE, where: cmp('headline', '$eq', 'Intern') } } as const;
  assert.equal(names(await ids(f.repo, ARTICLE, { where: intern })), ['a']);
});

test(`[${DIALECT}] filters through to-many and inverse sides, components, media`, async () => {
  assert.equal(names(await ids(f.repo, ARTICLE, { where: { kind: 'relation', attribute: 'tags', target: TAG, where: cmp('name', '$eq', 'tech') } })), ['a', 'c']);
  // inverse side: authors having an article titled D (draft links count too)
  assert.equal(authors(await ids(f.repo, AUTHOR, { where: { kind: 'relation', attribute: 'articles', target: ARTICLE, where: cmp('title', '$in', ['A', 'D']) } })), ['ann', 'bob']);
  assert.equal(names(await ids(f.repo, ARTICLE, { where: { kind: 'component', attribute: 'seo', component: 'shared.seo', where: cmp('metaTitle', '$eq', 'Find me') } })), ['c']);
  assert.equal(names(await ids(f.repo, ARTICLE, { where: { kind: 'component', attribute: 'seo', component: 'shared.seo', where: cmp('noIndex', '$eq', false) } })), []);
  assert.equal(names(await ids(f.repo, ARTICLE, { where: { kind: 'relation', attribute: 'cover', target: 'plugin::upload.file', where: cmp('mime', '$startsWith', 'image/') } })), ['e']);
  // not: articles without a 'tech' tag
  assert.equal(names(await ids(f.repo, ARTICLE, { where: { kind: 'not', node: { kind: 'relation', attribute: 'tags', target: TAG, where: cmp('name', '$eq', 'tech') } } })), ['b', 'd', 'e']);
});

test(`[${DIALECT}] a missing link counts as a NULL row when the filter accepts one (Strapi's LEFT JOIN)`, async () => {
  const noHeadline = { kind: 'relation', attribute: 'author', target: AUTHOR, where: { kind: 'relation', attribute: 'profile', target: PROFILE, where: cmp('headline', '$null', true) } } as const;
  assert.equal(names(await ids(f.repo, ARTICLE, { where: noHeadline })), ['c', 'e']);
  assert.equal(names(await ids(f.repo, ARTICLE, { where: { kind: 'relation', attribute: 'author', target: AUTHOR, where: cmp('name', '$ne', 'Ann') } })), ['a', 'c', 'e']);
  assert.equal(names(await ids(f.repo, ARTICLE, { where: { kind: 'relation', attribute: 'author', target: AUTHOR, where: cmp('name', '$notIn', ['Ann']) } })), ['a', 'c']);
  assert.equal(names(await ids(f.repo, ARTICLE, { where: { kind: 'component', attribute: 'seo', component: 'shared.seo', where: cmp('metaTitle', '$null', true) } })), ['a', 'b', 'd', 'e']);
  assert.equal(names(await ids(f.repo, ARTICLE, { where: { kind: 'relation', attribute: 'tags', target: TAG, where: cmp('name', '$notNull', false) } })), ['b', 'd', 'e']);
});

test(`[${DIALECT}] exists nodes on relations, components and media`, async () => {
  assert.equal(names(await ids(f.repo, ARTICLE, { where: { kind: 'exists', attribute: 'author', negate: false } })), ['a', 'b', 'c', 'd']);
  assert.equal(names(await ids(f.repo, ARTICLE, { where: { kind: 'exists', attribute: 'author', negate: true } })), ['e']);
  assert.equal(names(await ids(f.repo, ARTICLE, { where: { kind: 'exists', attribute: 'seo', negate: false } })), ['c']);
  assert.equal(names(await ids(f.repo, ARTICLE, { where: { kind: 'exists', attribute: 'cover', negate: true } })), ['a', 'b', 'c', 'd']);
  assert.equal(authors(await ids(f.repo, AUTHOR, { where: { kind: 'exists', attribute: 'profile', negate: true } })), ['carl']);
});

/** the order expected where the database sorts NULLs first ascending (SQLite, MySQL), else PostgreSQL's (NULLs last ascending): Strapi's answer on each */
const byDatabase = (nullsFirstAsc: string[], postgres: string[]) => (DIALECT === 'postgres' ? postgres : nullsFirstAsc);

test(`[${DIALECT}] sort: NULLs placed as the database places them; id breaks ties`, async () => {
  assert.equal(names(await ids(f.repo, ARTICLE, { sort: [{ path: ['readingTime'], direction: 'asc' }] })), byDatabase(['b', 'd', 'a', 'c', 'e'], ['d', 'a', 'c', 'e', 'b']));
  assert.equal(names(await ids(f.repo, ARTICLE, { sort: [{ path: ['readingTime'], direction: 'desc' }] })), byDatabase(['e', 'a', 'c', 'd', 'b'], ['b', 'e', 'a', 'c', 'd']));
  assert.equal(names(await ids(f.repo, ARTICLE, { sort: [{ path: ['readingTime'], direction: 'desc' }, { path: ['title'], direction: 'desc' }] })), byDatabase(['e', 'c', 'a', 'd', 'b'], ['b', 'e', 'c', 'a', 'd']));
  // strings in byte order on both databases: 'Ann' < 'Carl' < 'bob'
  assert.equal(authors(await ids(f.repo, AUTHOR, { sort: [{ path: ['name'], direction: 'asc' }] })), ['ann', 'carl', 'bob']);
});

test(`[${DIALECT}] sort through a to-one relation (NULLs placed the same way)`, async () => {
  const byAuthor = (direction: 'asc' | 'desc') => ids(f.repo, ARTICLE, { sort: [{ path: ['author', 'name'], direction }] });
  assert.equal(names(await byAuthor('asc')), byDatabase(['e', 'b', 'd', 'c', 'a'], ['b', 'd', 'c', 'a', 'e']));
  assert.equal(names(await byAuthor('desc')), byDatabase(['a', 'c', 'b', 'd', 'e'], ['e', 'a', 'c', 'b', 'd']));
  const byHeadline = await ids(f.repo, ARTICLE, { sort: [{ path: ['author', 'profile', 'headline'], direction: 'desc' }, { path: ['title'], direction: 'asc' }] });
  assert.equal(names(byHeadline), byDatabase(['a', 'b', 'd', 'c', 'e'], ['c', 'e', 'a', 'b', 'd']));
  assert.equal(names(await ids(f.repo, ARTICLE, { sort: [{ path: ['seo', 'metaTitle'], direction: 'desc' }] })), byDatabase(['c', 'a', 'b', 'd', 'e'], ['a', 'b', 'd', 'e', 'c']));
});

test(`[${DIALECT}] page and offset pagination, with and without count`, async () => {
  const sort = [{ path: ['title'], direction: 'asc' as const }];
  const p2 = await f.repo.find(findPlan(ARTICLE, { sort, page: { style: 'page', page: 2, pageSize: 2, withCount: true } }));
  assert.equal(p2.entries.map((e) => e.title), ['C', 'D']);
  assert.is(p2.total, 5);
  const last = await f.repo.find(findPlan(ARTICLE, { sort, page: { style: 'page', page: 3, pageSize: 2, withCount: false } }));
  assert.equal(last.entries.map((e) => e.title), ['E']);
  assert.is(last.total, undefined);
  const off = await f.repo.find(findPlan(ARTICLE, { sort, page: { style: 'offset', start: 1, limit: 3, withCount: true }, where: cmp('readingTime', '$notNull', true) }));
  assert.equal(off.entries.map((e) => e.title), ['C', 'D', 'E']);
  assert.is(off.total, 4);
  const beyond = await f.repo.find(findPlan(ARTICLE, { page: { style: 'page', page: 9, pageSize: 25, withCount: true } }));
  assert.equal(beyond, { entries: [], total: 5 });
});

test(`[${DIALECT}] fields select id plus the named fields; default leaves private ones out`, async () => {
  const r = await f.repo.find(findPlan(ARTICLE, { fields: ['title', 'publishedAt'], where: cmp('title', '$eq', 'A') }));
  assert.equal(r.entries, [{ id: art.a, title: 'A', publishedAt: '2024-01-01T00:00:00.000Z' }]);
  const full = await f.repo.find(findPlan(AUTHOR, { where: cmp('name', '$eq', 'Ann') }));
  const keys = Object.keys(full.entries[0]);
  assert.equal(keys, ['id', 'name', 'email', 'bio', 'createdAt', 'updatedAt']);
});

test(`[${DIALECT}] publicationState live hides drafts; findOne by id returns a draft anyway`, async () => {
  assert.equal(names(await ids(f.repo, ARTICLE, { publicationState: 'live' })), ['a', 'b', 'c', 'e']);
  assert.equal(names(await ids(f.repo, ARTICLE, { publicationState: 'preview' })), ['a', 'b', 'c', 'd', 'e']);
  const live = await f.repo.find(findPlan(ARTICLE, { publicationState: 'live', page: { style: 'page', page: 1, pageSize: 1, withCount: true } }));
  assert.is(live.total, 4);
  const draft = await f.repo.findOne({ kind: 'findOne', uid: ARTICLE, id: art.d, fields: ['title', 'publishedAt'], populate: {}, publicationState: 'live' });
  assert.equal(draft, { id: art.d, title: 'D', publishedAt: null });
  assert.is(await f.repo.findOne({ kind: 'findOne', uid: ARTICLE, id: 99999, populate: {}, publicationState: 'preview' }), undefined);
});

test(`[${DIALECT}] a single type: no entry, a draft (hidden when live), then published`, async () => {
  const one = (publicationState: 'live' | 'preview') => f.repo.findOne({ kind: 'findOne', uid: HOMEPAGE, fields: ['title'], populate: {}, publicationState });
  assert.is(await one('preview'), undefined);
  const id = await create(f.repo, HOMEPAGE, { title: 'Home' }, null);
  assert.is(await one('live'), undefined);
  assert.equal(await one('preview'), { id, title: 'Home' });
  await f.repo.update({ kind: 'update', uid: HOMEPAGE, data: { scalars: {}, relations: {}, media: {}, components: {}, dynamicZones: {} }, publishedAt: '2024-05-01T10:00:00Z' });
  assert.equal(await one('live'), { id, title: 'Home' });
});

test.run();
