/**
 * unit, engine/plan: `filters` of planFind, query string in -> WhereNode out: implicit and explicit
 * operators, coercion per attribute type, logical nodes, relations / media / components to any depth,
 * link existence, the GraphQL dialect, and every 400 ("Invalid parameter <name>", same for private).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ReadOptions } from '../../../../engine/plan/plan-options.js';
import { OPERATORS, type WhereNode } from '../../../../engine/plan/types.js';
import { ARTICLE, AUTHOR, graphqlReader, model, publicReader } from '../example-model.js';
import { expectError, invalidParameter } from '../expect-error.js';
import { findPlan } from '../plan-reads.js';

function where(query: string | Record<string, unknown>, uid = ARTICLE, options: ReadOptions = publicReader): WhereNode | undefined {
  return findPlan(model, uid, query, options).where;
}

const cmp = (field: string, op: string, value: unknown): WhereNode => ({ kind: 'cmp', field, op, value }) as WhereNode;
const rel = (attribute: string, target: string, w: WhereNode): WhereNode => ({ kind: 'relation', attribute, target, where: w });
const comp = (attribute: string, component: string, w: WhereNode): WhereNode => ({ kind: 'component', attribute, component, where: w });
const and = (...nodes: WhereNode[]): WhereNode => ({ kind: 'and', nodes });
const or = (...nodes: WhereNode[]): WhereNode => ({ kind: 'or', nodes });
const not = (node: WhereNode): WhereNode => ({ kind: 'not', node });
const exists = (attribute: string, negate: boolean): WhereNode => ({ kind: 'exists', attribute, negate });
const AUTHOR_T = 'api::author.author';
const FILE = 'plugin::upload.file';

const CASES: [string, WhereNode | undefined, string?][] = [
  ['', undefined],
  ['filters=', undefined],
  ['filters[title]=Hello', cmp('title', '$eq', 'Hello')],
  ['filters[title][$eq]=Hello', cmp('title', '$eq', 'Hello')],
  ['filters[title][$eq]=', cmp('title', '$eq', '')],
  ['filters[title][$null]=true', cmp('title', '$null', true)],
  ['filters[title][$null]=1', cmp('title', '$null', true)],
  ['filters[title][$null]=f', cmp('title', '$null', false)],
  ['filters[title][$notNull]=false', cmp('title', '$notNull', false)],
  ['filters[title][$in][0]=a&filters[title][$in][1]=b', cmp('title', '$in', ['a', 'b'])],
  ['filters[title][$notIn][0]=a', cmp('title', '$notIn', ['a'])],
  ['filters[title][$in]=a', cmp('title', '$in', ['a'])],
  ['filters[id][0]=1&filters[id][1]=2', cmp('id', '$in', [1, 2]), 'an array is an implicit $in'],
  ['filters[id]=1&filters[id]=2', cmp('id', '$in', [1, 2]), 'a repeated key too'],
  ['filters[id][$eq][0]=1&filters[id][$eq][1]=2', cmp('id', '$in', [1, 2])],
  ['filters[title][$contains][0]=a&filters[title][$contains][1]=b', or(cmp('title', '$contains', 'a'), cmp('title', '$contains', 'b')), 'other operators OR per element'],
  ['filters[readingTime][$between][0]=1&filters[readingTime][$between][1]=10', cmp('readingTime', '$between', [1, 10])],
  ['filters[readingTime][$gte]=5', cmp('readingTime', '$gte', 5)],
  ['filters[readingTime]=-3', cmp('readingTime', '$eq', -3)],
  ['filters[readingTime][$contains]=5', cmp('readingTime', '$contains', '5'), 'pattern operators keep the text'],
  ['filters[popularity][$gt]=1.5', cmp('popularity', '$gt', 1.5)],
  ['filters[rating][$lte]=4', cmp('rating', '$lte', 4)],
  ['filters[rating][$lt]=1e1', cmp('rating', '$lt', 10)],
  ['filters[wordCount][$gt]=12345678901234567', cmp('wordCount', '$gt', '12345678901234567'), 'biginteger stays a string'],
  ['filters[featured]=true', cmp('featured', '$eq', true)],
  ['filters[featured]=f', cmp('featured', '$eq', false)],
  ['filters[featured]=0', cmp('featured', '$eq', false)],
  ['filters[featured][$ne]=T', cmp('featured', '$ne', true)],
  ['filters[format]=news', cmp('format', '$eq', 'news')],
  ['filters[publishDate][$gte]=2024-05-01', cmp('publishDate', '$gte', '2024-05-01')],
  ['filters[publishTime][$lt]=10:30', cmp('publishTime', '$lt', '10:30:00.000')],
  ['filters[publishTime]=10:30:05.5', cmp('publishTime', '$eq', '10:30:05.500')],
  ['filters[createdAt][$gt]=2024-05-01', cmp('createdAt', '$gt', '2024-05-01T00:00:00.000Z')],
  ['filters[updatedAt][$lt]=2024-05-01T10:30:00%2B02:00', cmp('updatedAt', '$lt', '2024-05-01T08:30:00.000Z')],
  ['filters[lastReviewedAt]=2024-05-01T10:30:00', cmp('lastReviewedAt', '$eq', '2024-05-01T10:30:00.000Z')],
  ['filters[publishedAt][$null]=true', cmp('publishedAt', '$null', true)],
  ['filters[importedAt][$gte]=1714559400000', cmp('importedAt', '$gte', '2024-05-01T10:30:00.000Z'), 'timestamp: epoch ms'],
  ['filters[id]=7', cmp('id', '$eq', 7)],
  ['filters[metadata][$null]=true', cmp('metadata', '$null', true)],
  ['filters[metadata][$containsi]=draft', cmp('metadata', '$containsi', 'draft')],
  ['filters[title]=a&filters[featured]=true', and(cmp('title', '$eq', 'a'), cmp('featured', '$eq', true))],
  ['filters[title][$startsWith]=a&filters[title][$endsWith]=z', and(cmp('title', '$startsWith', 'a'), cmp('title', '$endsWith', 'z'))],
  ['filters[$and][0][title]=a&filters[$and][1][featured]=true', and(cmp('title', '$eq', 'a'), cmp('featured', '$eq', true))],
  ['filters[$or][0][title]=a&filters[$or][1][readingTime][$gte]=5', or(cmp('title', '$eq', 'a'), cmp('readingTime', '$gte', 5))],
  ['filters[$or][0][title]=a', cmp('title', '$eq', 'a'), 'a one-element $or is its element'],
  ['filters[$not][title]=a', not(cmp('title', '$eq', 'a'))],
  ['filters[$not][$or][0][title]=a&filters[$not][$or][1][title]=b', not(or(cmp('title', '$eq', 'a'), cmp('title', '$eq', 'b')))],
  ['filters[title][$not][$eq]=a', not(cmp('title', '$eq', 'a'))],
  ['filters[title][$not]=a', not(cmp('title', '$eq', 'a'))],
  ['filters[title][$or][0]=a&filters[title][$or][1][$startsWith]=b', or(cmp('title', '$eq', 'a'), cmp('title', '$startsWith', 'b'))],
  ['filters[author][name][$eq]=Ann', rel('author', AUTHOR_T, cmp('name', '$eq', 'Ann'))],
  ['filters[author]=1', rel('author', AUTHOR_T, cmp('id', '$eq', 1)), 'a bare value on a relation is its id'],
  ['filters[author][$eq]=1', rel('author', AUTHOR_T, cmp('id', '$eq', 1))],
  ['filters[author][id][$in][0]=1&filters[author][id][$in][1]=2', rel('author', AUTHOR_T, cmp('id', '$in', [1, 2]))],
  ['filters[tags][$in][0]=3&filters[tags][$in][1]=4', rel('tags', 'api::tag.tag', cmp('id', '$in', [3, 4]))],
  ['filters[author][$null]=true', exists('author', true)],
  ['filters[author][$null]=false', exists('author', false)],
  ['filters[tags][$notNull]=true', exists('tags', false)],
  ['filters[tags][$notNull]=0', exists('tags', true)],
  ['filters[author][$notNull]=true&filters[author][name]=Ann', and(exists('author', false), rel('author', AUTHOR_T, cmp('name', '$eq', 'Ann')))],
  ['filters[author][id]=1&filters[author][name]=Ann', rel('author', AUTHOR_T, and(cmp('id', '$eq', 1), cmp('name', '$eq', 'Ann'))), 'one linked row satisfies both'],
  [
    'filters[author][articles][tags][name][$containsi]=x',
    rel('author', AUTHOR_T, rel('articles', ARTICLE, rel('tags', 'api::tag.tag', cmp('name', '$containsi', 'x')))),
  ],
  ['filters[author][$or][0][name]=a&filters[author][$or][1][email]=b', rel('author', AUTHOR_T, or(cmp('name', '$eq', 'a'), cmp('email', '$eq', 'b')))],
  ['filters[author][$not][name]=a', rel('author', AUTHOR_T, not(cmp('name', '$eq', 'a')))],
  ['filters[category][parent][parent][name]=root', rel('category', 'api::category.category', rel('parent', 'api::category.category', rel('parent', 'api::category.category', cmp('name', '$eq', 'root'))))],
  ['filters[cover][name][$eq]=x.png', rel('cover', FILE, cmp('name', '$eq', 'x.png')), 'media are relations to the upload file type'],
  ['filters[gallery][mime][$startsWith]=image/', rel('gallery', FILE, cmp('mime', '$startsWith', 'image/'))],
  ['filters[gallery][$null]=true', exists('gallery', true)],
  ['filters[seo][metaTitle][$eq]=x', comp('seo', 'shared.seo', cmp('metaTitle', '$eq', 'x'))],
  ['filters[seo][openGraph][title]=y', comp('seo', 'shared.seo', comp('openGraph', 'shared.open-graph', cmp('title', '$eq', 'y')))],
  ['filters[seo][metaImage][url][$contains]=cdn', comp('seo', 'shared.seo', rel('metaImage', FILE, cmp('url', '$contains', 'cdn')))],
  ['filters[seo][openGraph][image][$null]=true', comp('seo', 'shared.seo', comp('openGraph', 'shared.open-graph', exists('image', true)))],
  ['filters[sources][title][$contains]=wiki', comp('sources', 'content.source', cmp('title', '$contains', 'wiki'))],
  ['filters[sources][accessedOn][$lt]=2024-01-01', comp('sources', 'content.source', cmp('accessedOn', '$lt', '2024-01-01'))],
  ['filters[seo][$null]=true', exists('seo', true)],
  ['filters[seo][id]=3', comp('seo', 'shared.seo', cmp('id', '$eq', 3))],
  [
    'filters[$or][0][author][name]=a&filters[$or][1][category][name]=b',
    or(rel('author', AUTHOR_T, cmp('name', '$eq', 'a')), rel('category', 'api::category.category', cmp('name', '$eq', 'b'))),
  ],
  [
    'filters[$and][0][$or][0][title]=a&filters[$and][0][$or][1][title]=b&filters[$and][1][$not][featured]=true',
    and(or(cmp('title', '$eq', 'a'), cmp('title', '$eq', 'b')), not(cmp('featured', '$eq', true))),
  ],
];

for (const [qs, expected, note] of CASES) {
  test(`filters: ${qs || '(none)'}${note ? ` (${note})` : ''}`, () => {
    assert.equal(where(qs), expected);
  });
}

test('filters: every comparison operator of the v4 set is accepted on a string', () => {
  const listLike = new Set(['$in', '$notIn', '$between', '$null', '$notNull']);
  for (const op of OPERATORS.filter((o) => !listLike.has(o))) {
    assert.equal(where(`filters[title][${op}]=x`), cmp('title', op, 'x'), op);
  }
});

test('filters: $and / $or given as index-keyed objects (qs past its array limit)', () => {
  const raw = { filters: { $or: { 1: { title: 'b' }, 0: { title: 'a' } } } };
  assert.equal(where(raw), or(cmp('title', '$eq', 'a'), cmp('title', '$eq', 'b')));
});

test('filters: through relations on another type (author -> profile, socialLinks)', () => {
  assert.equal(
    where('filters[profile][headline]=x&filters[socialLinks][platform]=github', AUTHOR),
    and(
      rel('profile', 'api::author-profile.author-profile', cmp('headline', '$eq', 'x')),
      comp('socialLinks', 'shared.social-link', cmp('platform', '$eq', 'github')),
    ),
  );
});

const REFUSED: [string, string, string?][] = [
  ['filters[nope]=1', 'nope'],
  ['filters[internalNotes][$eq]=x', 'internalNotes', 'private: same message as unknown'],
  ['filters[previewPassword]=x', 'previewPassword'],
  ['filters[blocks][text]=x', 'blocks', 'dynamic zones cannot be filtered'],
  ['filters[createdBy][id]=1', 'createdBy'],
  ['filters[locale]=en', 'locale', 'the example types are not localized'],
  ['filters[title][$foo]=x', '$foo', 'unknown operators: quire is stricter than Strapi'],
  ['filters[$foo][title]=x', '$foo'],
  ['filters[$eq]=x', '$eq', 'comparison operators need a field'],
  ['filters[title][nested]=x', 'nested'],
  ['filters[readingTime]=abc', 'readingTime'],
  ['filters[readingTime]=1.5', 'readingTime'],
  ['filters[readingTime]=1e3', 'readingTime'],
  ['filters[readingTime]=99999999999', 'readingTime', 'beyond int32'],
  ['filters[popularity]=abc', 'popularity'],
  ['filters[popularity]=Infinity', 'popularity'],
  ['filters[wordCount]=12.5', 'wordCount'],
  ['filters[wordCount]=99999999999999999999', 'wordCount', 'beyond int64'],
  ['filters[featured]=yes', 'featured'],
  ['filters[publishDate]=2024-02-30', 'publishDate'],
  ['filters[publishDate]=2024-13-01', 'publishDate'],
  ['filters[createdAt][$gt]=yesterday', 'createdAt'],
  ['filters[publishTime]=25:00', 'publishTime'],
  ['filters[title][$null]=maybe', 'title'],
  ['filters[author][$null]=maybe', 'author'],
  ['filters[readingTime][$between]=1', 'readingTime', '$between needs two values'],
  ['filters[readingTime][$between][0]=1&filters[readingTime][$between][1]=2&filters[readingTime][$between][2]=3', 'readingTime'],
  ['filters[title][$in][0][x]=1', 'title'],
  ['filters[metadata][$eq]=x', 'metadata', 'json compares only by pattern or null'],
  ['filters[id]=abc', 'id'],
  ['filters[id]=0.5', 'id'],
  ['filters[author]=abc', 'id'],
  ['filters[author][payoutAccount]=x', 'payoutAccount', 'private on the related type'],
  ['filters[author][nope]=x', 'nope'],
  ['filters[reviewer][username]=x', 'reviewer', 'the requester may not find users'],
  ['filters[seo][nope]=x', 'nope'],
  ['filters[tags][publishedAt][$null]=true', 'publishedAt', 'tags have no draft and publish'],
  ['filters[$or][title]=x', '$or'],
  ['filters[$or][0]=x', '$or'],
  ['filters[$not]=x', '$not'],
  ['filters=foo', 'filters'],
  ['filters[0]=title', 'filters'],
];

for (const [qs, name, note] of REFUSED) {
  test(`filters refused: ${qs}${note ? ` (${note})` : ''}`, () => {
    expectError(() => where(qs), invalidParameter(name), qs);
  });
}

test('filters: the same query on a type the requester may find is fine', () => {
  const everything: ReadOptions = { canFind: () => true };
  assert.equal(where('filters[reviewer][username]=x', ARTICLE, everything), rel('reviewer', 'plugin::users-permissions.user', cmp('username', '$eq', 'x')));
  expectError(() => where('filters[reviewer][password]=x', ARTICLE, everything), invalidParameter('password'));
});

const GRAPHQL: [Record<string, unknown>, WhereNode | undefined][] = [
  [{ title: { eq: 'x' } }, cmp('title', '$eq', 'x')],
  [{ title: { containsi: 'a' }, readingTime: { gt: 5 } }, and(cmp('title', '$containsi', 'a'), cmp('readingTime', '$gt', 5))],
  [{ and: [{ featured: { eq: true } }, { rating: { between: [1, 2.5] } }] }, and(cmp('featured', '$eq', true), cmp('rating', '$between', [1, 2.5]))],
  [{ or: [{ title: { eq: 'a' } }, { title: { eq: 'b' } }] }, or(cmp('title', '$eq', 'a'), cmp('title', '$eq', 'b'))],
  [{ not: { featured: { eq: true } } }, not(cmp('featured', '$eq', true))],
  [{ title: { not: { eq: 'x' }, or: ['a', 'b'] } }, and(not(cmp('title', '$eq', 'x')), or(cmp('title', '$eq', 'a'), cmp('title', '$eq', 'b')))],
  [{ id: { in: ['1', '2'] } }, cmp('id', '$in', [1, 2])],
  [{ id: { in: [] } }, cmp('id', '$in', [])],
  [{ title: { null: true } }, cmp('title', '$null', true)],
  [{ author: { name: { eq: 'Ann' } } }, rel('author', AUTHOR_T, cmp('name', '$eq', 'Ann'))],
  [{ author: { id: { eq: '3' } } }, rel('author', AUTHOR_T, cmp('id', '$eq', 3))],
  [{ seo: { metaTitle: { startsWith: 'x' } } }, comp('seo', 'shared.seo', cmp('metaTitle', '$startsWith', 'x'))],
  [{ createdAt: { gte: '2024-05-01T00:00:00Z' } }, cmp('createdAt', '$gte', '2024-05-01T00:00:00.000Z')],
  [{ title: { eq: null }, format: undefined, featured: null }, undefined],
];

for (const [filters, expected] of GRAPHQL) {
  test(`filters (graphql): ${JSON.stringify(filters)}`, () => {
    assert.equal(where({ filters }, ARTICLE, graphqlReader), expected);
  });
}

const GRAPHQL_REFUSED: [Record<string, unknown>, string][] = [
  [{ title: { $eq: 'x' } }, '$eq'],
  [{ title: { foo: 'x' } }, 'foo'],
  [{ $or: [{ title: { eq: 'x' } }] }, '$or'],
  [{ internalNotes: { eq: 'x' } }, 'internalNotes'],
  [{ readingTime: { eq: 1.5 } }, 'readingTime'],
  [{ readingTime: { eq: 'five' } }, 'readingTime'],
];

for (const [filters, name] of GRAPHQL_REFUSED) {
  test(`filters refused (graphql): ${JSON.stringify(filters)}`, () => {
    expectError(() => where({ filters }, ARTICLE, graphqlReader), invalidParameter(name));
  });
}

test('filters: hostile nesting ends in a 400, not a stack overflow', () => {
  let filters: Record<string, unknown> = { title: { eq: 'x' } };
  for (let i = 0; i < 5000; i++) filters = { and: [filters] };
  expectError(() => where({ filters }, ARTICLE, graphqlReader), invalidParameter('filters'));
  let field: Record<string, unknown> = { eq: 'x' };
  for (let i = 0; i < 5000; i++) field = { not: field };
  expectError(() => where({ filters: { title: field } }, ARTICLE, graphqlReader), invalidParameter('title'));
});

test.run();
