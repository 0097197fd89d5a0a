/**
 * unit, engine/plan: planFind as a whole: the exact plan for typical queries, the top-level allow-list
 * (anything else is 400 naming it), publicationState, locale, frozen output, unknown uids. The
 * per-parameter tables live in plan-find-{filters,sort,fields,populate}.test.ts and parse-pagination.test.ts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FindPlan } from '../../../../engine/plan/types.js';
import { ARTICLE, graphqlReader, model, publicReader } from '../example-model.js';
import { expectError, invalidParameter } from '../expect-error.js';
import { parseQuery } from '../../../../engine/request/parse-query.js';
import { findPlan } from '../plan-reads.js';

const find = (qs: string, uid = ARTICLE) => findPlan(model, uid, qs, publicReader);

const BASE: FindPlan = {
  kind: 'find',
  uid: ARTICLE,
  sort: [],
  page: { style: 'page', page: 1, pageSize: 25, withCount: true },
  populate: {},
  publicationState: 'live',
};

const PLANS: [string, FindPlan][] = [
  ['', BASE],
  ['publicationState=live', BASE],
  ['publicationState=preview', { ...BASE, publicationState: 'preview' }],
  // the example types are not localized: locale is ignored (Strapi v4); see plan-locale.test.ts
  ['locale=fr', BASE],
  ['locale=all', BASE],
  ['locale=', BASE],
  [
    'filters[title][$containsi]=hello&sort[0]=publishedAt:desc&pagination[page]=2&pagination[pageSize]=10&fields[0]=title&populate[author][fields][0]=name&publicationState=preview',
    {
      kind: 'find',
      uid: ARTICLE,
      where: { kind: 'cmp', field: 'title', op: '$containsi', value: 'hello' },
      sort: [{ path: ['publishedAt'], direction: 'desc' }],
      page: { style: 'page', page: 2, pageSize: 10, withCount: true },
      fields: ['title'],
      populate: { author: { fields: ['name'] } },
      publicationState: 'preview',
    },
  ],
];

for (const [qs, expected] of PLANS) {
  test(`planFind: ${qs.slice(0, 90) || '(no query)'}`, () => {
    assert.equal(find(qs), expected);
  });
}

test('planFind: no query at all', () => {
  assert.equal(findPlan(model, ARTICLE, undefined, publicReader), BASE);
  assert.equal(findPlan(model, ARTICLE, {}, publicReader), BASE);
});

test('planFind: publicationState is kept on types without draft and publish (it still governs populated ones)', () => {
  assert.is(find('publicationState=preview', 'api::tag.tag').publicationState, 'preview');
});

test('planFind (graphql): PublicationState enum values', () => {
  assert.is(findPlan(model, ARTICLE, { publicationState: 'PREVIEW' }, graphqlReader).publicationState, 'preview');
  assert.is(findPlan(model, ARTICLE, { publicationState: 'LIVE' }, graphqlReader).publicationState, 'live');
});

test('planFind: unknown top-level parameters are ignored, as Strapi v4 ignores them', () => {
  for (const qs of ['foo=1', '_limit=5', 'filter[title]=x', 'page=2', 'published_at_null=true', 'utm_source=x&_=123']) {
    assert.equal(find(qs), find(''), qs);
  }
  assert.equal(find('populate=*&sort=title&extra=1'), find('populate=*&sort=title'));
});

const REFUSED: [string, string, string?][] = [
  ['publicationState=draft', 'publicationState', 'Strapi answers 500'],
  ['publicationState=PREVIEW', 'publicationState', 'REST is lower-case'],
  ['publicationState=', 'publicationState'],
  ['publicationState[0]=live', 'publicationState'],
  ['locale[0]=fr', 'locale'],
  ['locale[code]=fr', 'locale'],
];

for (const [qs, name, note] of REFUSED) {
  test(`planFind refused: ${qs}${note ? ` (${note})` : ''}`, () => {
    expectError(() => find(qs), invalidParameter(name), qs);
  });
}

test('planFind: the plan is frozen all the way down', () => {
  const plan = find('filters[author][name]=x&sort=title&populate[author][populate]=articles&fields[0]=title');
  const frozen = (v: unknown): boolean =>
    v === null || typeof v !== 'object' || (Object.isFrozen(v) && Object.values(v).every(frozen));
  assert.ok(frozen(plan));
  assert.throws(() => {
    (plan.sort as unknown as unknown[]).push('x');
  });
});

test('planFind: unknown uids and components are 404', () => {
  expectError(() => findPlan(model, 'api::nothing.nothing', {}, publicReader), { status: 404, name: 'NotFoundError', message: 'Not Found' });
  expectError(() => findPlan(model, 'shared.seo', {}, publicReader), { status: 404, name: 'NotFoundError', message: 'Not Found' });
  expectError(() => findPlan(model, '__proto__', {}, publicReader), { status: 404, name: 'NotFoundError', message: 'Not Found' });
});

test('planFind: a query that is not an object is refused', () => {
  expectError(() => parseQuery('sort=title' as never), invalidParameter('query'));
});

test.run();
