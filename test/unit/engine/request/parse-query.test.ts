/**
 * unit, engine/request: the typed query. Query strings in (through the hardened qs parser) ->
 * ParsedQuery out, for every parameter and its syntax errors; and the GraphQL door's arguments for
 * the same read give the same ParsedQuery, so the planner cannot tell the doors apart.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { graphqlFilters, graphqlPopulateNode, graphqlQuery } from '../../../../engine/graphql/graphql-query.js';
import { parseQuery } from '../../../../engine/request/parse-query.js';
import { parseQueryString } from '../../../../engine/request/parse-query-string.js';
import type { FilterExpr, ParsedQuery } from '../../../../engine/request/parsed-query.js';
import { expectError, invalidParameter, type ExpectedError } from '../expect-error.js';

const q = (text: string): ParsedQuery => parseQuery(parseQueryString(text));
const field = (name: string, filter: FilterExpr): FilterExpr => ({ kind: 'field', name, filter });
const cmp = (op: string, value: unknown): FilterExpr => ({ kind: 'cmp', op, value }) as FilterExpr;
const and = (...items: FilterExpr[]): FilterExpr => ({ kind: 'and', items });
const or = (...items: FilterExpr[]): FilterExpr => ({ kind: 'or', items });

const CASES: [string, ParsedQuery][] = [
  ['', {}],
  ['filters[title]=Hello', { filters: field('title', cmp('$eq', 'Hello')) }],
  ['filters[title][$containsi]=x&filters[rating][$gt]=3', { filters: and(field('title', cmp('$containsi', 'x')), field('rating', cmp('$gt', '3'))) }],
  ['filters[id][0]=1&filters[id][1]=2', { filters: field('id', cmp('$eq', ['1', '2'])) }],
  ['filters[$or][0][title][$eq]=a&filters[$or][1][title][$eq]=b', { filters: or(field('title', cmp('$eq', 'a')), field('title', cmp('$eq', 'b'))) }],
  ['filters[$not][title][$null]=true', { filters: { kind: 'not', item: field('title', cmp('$null', 'true')) } }],
  ['filters[author][name][$eq]=Ann', { filters: field('author', field('name', cmp('$eq', 'Ann'))) }],
  ['filters[title][$or][0]=a&filters[title][$or][1]=b', { filters: field('title', or(cmp('$eq', 'a'), cmp('$eq', 'b'))) }],
  ['sort=title:DESC,author.name', { sort: [{ path: ['title'], direction: 'desc' }, { path: ['author', 'name'], direction: 'asc' }] }],
  ['sort[0][author][name]=desc', { sort: [{ path: ['author', 'name'], direction: 'desc' }] }],
  ['pagination[page]=2&pagination[pageSize]=10&pagination[withCount]=f', { pagination: { page: 2, pageSize: 10, withCount: false } }],
  ['fields[0]=title&fields[1]=slug', { fields: ['title', 'slug'] }],
  ['fields=*', {}],
  ['populate=*', { populate: { '*': {} } }],
  ['populate=author,seo.metaImage', { populate: { author: {}, seo: { populate: { metaImage: {} } } } }],
  ['populate[0]=seo&populate[1]=seo.metaImage', { populate: { seo: { populate: { metaImage: {} } } } }],
  ['populate[tags]=f&populate[author][fields][0]=name', { populate: { author: { fields: ['name'] } } }],
  ['populate[author]=whatever&populate[tags]=0&populate[category]=false', { populate: { author: {} } }],
  ['populate[fields][0]=title&populate[author]=true', { populate: { fields: { populate: { title: {} } }, author: {} } }],
  ['populate[seo][0]=metaImage', { populate: { seo: { populate: { metaImage: {} } } } }],
  ['populate[blocks][populate]=a,b&populate=localizations&populate[seo][populate]=metaSocial.image', {
    populate: { blocks: { populate: { a: {}, b: {} } }, localizations: {}, seo: { populate: { metaSocial: { populate: { image: {} } } } } },
  }],
  ['populate[author][filters][name][$eq]=Ann&populate[author][sort]=name:desc', {
    populate: { author: { filters: field('name', cmp('$eq', 'Ann')), sort: [{ path: ['name'], direction: 'desc' }] } },
  }],
  ['populate[blocks][on][content.quote][fields][0]=text&populate[blocks][populate]=*', {
    populate: { blocks: { populate: { '*': {} }, on: { 'content.quote': { fields: ['text'] } } } },
  }],
  ['publicationState=preview&locale=fr', { publicationState: 'preview', locale: 'fr' }],
];

for (const [text, expected] of CASES) {
  test(`parseQuery: ${text || '(empty)'}`, () => {
    assert.equal(q(text), expected);
  });
}

test('parseQuery: unknown top-level parameters are ignored and reported; strict, the first is a 400', () => {
  const seen: string[][] = [];
  assert.equal(parseQuery(parseQueryString('published_at_null=true&sort=title&utm_source=x'), { ignored: (names) => seen.push(names) }), { sort: [{ path: ['title'], direction: 'asc' }] });
  assert.equal(seen, [['published_at_null', 'utm_source']]);
  parseQuery(parseQueryString('sort=title'), { ignored: (names) => seen.push(names) });
  assert.is(seen.length, 1, 'nothing to report');
  expectError(() => parseQuery(parseQueryString('filter[title]=x'), { strict: true }), invalidParameter('filter'));
  expectError(() => parseQuery(parseQueryString('sort=title&_limit=5'), { strict: true }), invalidParameter('_limit'));
});

const REFUSED: [string, ExpectedError][] = [
  ['filters=x', invalidParameter('filters')],
  ['filters[title][$foo]=x', invalidParameter('$foo')],
  ['filters[$eq]=x', invalidParameter('$eq')],
  ['filters[$and]=x', invalidParameter('$and')],
  ['filters[title][$eq][a]=1', invalidParameter('title')],
  ['sort=title:sideways', { status: 400, name: 'ValidationError', message: 'Invalid sort direction "sideways" (expected asc or desc)' }],
  ['sort=a:b:c', invalidParameter('sort')],
  ['pagination[page]=two', { status: 400, name: 'PaginationError', message: 'Invalid pagination parameter page' }],
  ['pagination[withCount]=maybe', { status: 400, name: 'PaginationError', message: 'Invalid pagination parameter withCount' }],
  ['pagination=3', { status: 400, name: 'PaginationError', message: 'Invalid pagination parameters' }],
  ['fields[0][a]=b', invalidParameter('fields')],
  ['publicationState=draft', invalidParameter('publicationState')],
  ['locale[0]=fr', invalidParameter('locale')],
];

for (const [text, error] of REFUSED) {
  test(`parseQuery refuses: ${text}`, () => {
    expectError(() => q(text), error);
  });
}

test('the GraphQL door builds the same query as REST for the same read', () => {
  const rest = q('filters[title][$containsi]=x&filters[$or][0][rating][$gt]=3&filters[$or][1][author][name][$eq]=Ann&sort=title:desc&pagination[page]=2&pagination[pageSize]=5&publicationState=preview&locale=fr');
  const graphql = graphqlQuery({
    filters: { title: { containsi: 'x' }, or: [{ rating: { gt: '3' } }, { author: { name: { eq: 'Ann' } } }], publishedAt: null },
    sort: ['title:desc'],
    pagination: { page: 2, pageSize: 5, start: null, limit: null },
    publicationState: 'PREVIEW',
    locale: 'fr',
  }, {});
  assert.equal(graphql, rest);
});

test('GraphQL filters: nulls are absent, nested not / and, relation fields', () => {
  assert.equal(graphqlFilters({ title: { eq: null, ne: 'x' }, not: { featured: { eq: true } } }), and(field('title', cmp('$ne', 'x')), { kind: 'not', item: field('featured', cmp('$eq', true)) }));
  assert.equal(graphqlFilters({ tags: { id: { in: ['1', '2'] } } }), field('tags', field('id', cmp('$in', ['1', '2']))));
  assert.equal(graphqlFilters(null), undefined);
});

test('GraphQL relation arguments become a populate node', () => {
  assert.equal(graphqlPopulateNode({ filters: { name: { eq: 'x' } }, sort: ['name:desc'], pagination: { limit: 3 }, publicationState: 'LIVE' }), {
    filters: field('name', cmp('$eq', 'x')),
    sort: [{ path: ['name'], direction: 'desc' }],
    pagination: { limit: 3 },
    publicationState: 'live',
  });
});

test.run();
