/**
 * unit, engine/plan: `pagination` -> PagePlan with Strapi's defaults and clamping (FACTS: page 0 -> 1,
 * pageSize 0 -> 1, start -1 -> 0, limit -1 -> maxLimit, sizes clamped to maxLimit) and the 400
 * PaginationErrors: mixed styles, non-integers, absurd values.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parsePagination } from '../../../../engine/plan/parse-pagination.js';
import type { PagePlan } from '../../../../engine/plan/types.js';
import { ARTICLE, graphqlReader, model, publicReader } from '../example-model.js';
import { expectError } from '../expect-error.js';
import { findPlan, graphqlReader as graphqlReaderOf } from '../plan-reads.js';

function page(query: string | Record<string, unknown>, options = publicReader): PagePlan {
  return findPlan(model, ARTICLE, query, options).page;
}

const byPage = (p: number, pageSize: number, withCount = true): PagePlan => ({ style: 'page', page: p, pageSize, withCount });
const byOffset = (start: number, limit: number, withCount = true): PagePlan => ({ style: 'offset', start, limit, withCount });

const CASES: [string, PagePlan][] = [
  ['', byPage(1, 25)],
  ['pagination=', byPage(1, 25)],
  ['pagination[page]=2', byPage(2, 25)],
  ['pagination[page]=2&pagination[pageSize]=10', byPage(2, 10)],
  ['pagination[pageSize]=100', byPage(1, 100)],
  ['pagination[pageSize]=101', byPage(1, 100)],
  ['pagination[pageSize]=1000000', byPage(1, 100)],
  ['pagination[pageSize]=2147483647', byPage(1, 100)],
  ['pagination[page]=0', byPage(1, 25)],
  ['pagination[page]=-5', byPage(1, 25)],
  ['pagination[pageSize]=0', byPage(1, 1)],
  ['pagination[pageSize]=-1', byPage(1, 1)],
  ['pagination[page]=2147483647', byPage(2147483647, 25)],
  ['pagination[page]=+3', byPage(3, 25)],
  ['pagination[page]=007', byPage(7, 25)],
  ['pagination[start]=10', byOffset(10, 25)],
  ['pagination[start]=-1', byOffset(0, 25)],
  ['pagination[limit]=5', byOffset(0, 5)],
  ['pagination[start]=0&pagination[limit]=1', byOffset(0, 1)],
  ['pagination[limit]=-1', byOffset(0, 100)],
  ['pagination[limit]=0', byOffset(0, 1)],
  ['pagination[limit]=-7', byOffset(0, 1)],
  ['pagination[limit]=500', byOffset(0, 100)],
  ['pagination[withCount]=false', byPage(1, 25, false)],
  ['pagination[withCount]=f', byPage(1, 25, false)],
  ['pagination[withCount]=0', byPage(1, 25, false)],
  ['pagination[withCount]=true', byPage(1, 25, true)],
  ['pagination[start]=5&pagination[withCount]=false', byOffset(5, 25, false)],
  ['pagination[foo]=1', byPage(1, 25)],
];

for (const [qs, expected] of CASES) {
  test(`pagination: ${qs || '(none)'}`, () => {
    assert.equal(page(qs), expected);
  });
}

const MIXED = 'Invalid pagination parameters. Expected either start/limit or page/pageSize';
for (const qs of ['pagination[page]=1&pagination[limit]=4', 'pagination[pageSize]=10&pagination[start]=0', 'pagination[page]=1&pagination[pageSize]=2&pagination[start]=3&pagination[limit]=4']) {
  test(`pagination refused (mixed, a ValidationError as Strapi's REST names it): ${qs.slice(0, 60)}`, () => {
    expectError(() => page(qs), { status: 400, name: 'ValidationError', message: MIXED, details: {} }, qs);
  });
}

const REFUSED: [string, string, Record<string, unknown>][] = [
  ['pagination[page]=two', 'Invalid pagination parameter page', { page: 'two' }],
  ['pagination[page]=1e300', 'Invalid pagination parameter page', { page: '1e300' }],
  ['pagination[page]=1.5', 'Invalid pagination parameter page', { page: '1.5' }],
  ['pagination[page]=2147483648', 'Invalid pagination parameter page', { page: '2147483648' }],
  ['pagination[page]=99999999999999999999999', 'Invalid pagination parameter page', { page: '99999999999999999999999' }],
  ['pagination[pageSize]=', 'Invalid pagination parameter pageSize', { pageSize: '' }],
  ['pagination[pageSize]=0x10', 'Invalid pagination parameter pageSize', { pageSize: '0x10' }],
  ['pagination[start]=NaN', 'Invalid pagination parameter start', { start: 'NaN' }],
  ['pagination[limit]=Infinity', 'Invalid pagination parameter limit', { limit: 'Infinity' }],
  ['pagination[limit]=-2147483649', 'Invalid pagination parameter limit', { limit: '-2147483649' }],
  ['pagination[page]=1&pagination[page]=2', 'Invalid pagination parameter page', { page: ['1', '2'] }],
  ['pagination[page][x]=1', 'Invalid pagination parameter page', { page: { x: '1' } }],
  ['pagination[withCount]=maybe', 'Invalid pagination parameter withCount', { withCount: 'maybe' }],
  ['pagination=5', 'Invalid pagination parameters', { pagination: '5' }],
];

for (const [qs, message, details] of REFUSED) {
  test(`pagination refused: ${qs.slice(0, 70)}`, () => {
    expectError(() => page(qs), { status: 400, name: 'PaginationError', message, details }, qs);
  });
}

test('pagination (graphql): typed values, nulls for arguments left out, the plugin\'s defaultLimit (10), capped at maxLimit', () => {
  assert.equal(page({ pagination: { page: 2, pageSize: 5 } }, graphqlReader), byPage(2, 5));
  assert.equal(page({ pagination: { page: null, pageSize: null, start: 5, limit: null } }, graphqlReader), byOffset(5, 10));
  assert.equal(page({ pagination: {} }, graphqlReader), byPage(1, 10));
  const configured = { ...model, config: { ...model.config, graphql: { ...model.config.graphql, defaultLimit: 30 } } };
  assert.equal(findPlan(configured, ARTICLE, {}, graphqlReaderOf(configured, publicReader.canFind)).page, byPage(1, 30));
  const capped = { ...model, config: { ...model.config, graphql: { ...model.config.graphql, maxLimit: 40 } } };
  assert.equal(findPlan(capped, ARTICLE, { pagination: { limit: 500 } }, graphqlReaderOf(capped, publicReader.canFind)).page, byOffset(0, 40));
  assert.equal(findPlan(capped, ARTICLE, { pagination: { limit: 500 } }, publicReader).page, byOffset(0, 100), 'REST still reads config.rest');
  expectError(() => page({ pagination: { page: 1.5 } }, graphqlReader), { status: 400, name: 'PaginationError', message: 'Invalid pagination parameter page' });
});

test('pagination: limits come from config.rest, or from the caller', () => {
  const limits = { defaultLimit: 10, maxLimit: 50, withCount: false };
  assert.equal(parsePagination(undefined, limits), byPage(1, 10, false));
  assert.equal(parsePagination({ pageSize: 80 }, limits), byPage(1, 50, false));
  assert.equal(parsePagination({ limit: -1 }, limits), byOffset(0, 50, false));
  assert.equal(parsePagination({ withCount: true }, limits), byPage(1, 10, true));
  assert.equal(parsePagination({}, { defaultLimit: 500, maxLimit: 50, withCount: true }), byPage(1, 50), 'a default above the cap is capped');
  assert.equal(findPlan(model, ARTICLE, {}, { ...publicReader, limits }).page, byPage(1, 10, false));
});

test.run();
