/**
 * unit, engine/plan: planFindOne: the id (404 when it cannot be an entry id; single types need none),
 * fields / populate / publicationState / locale as for lists, filters and sort validated but not
 * applied, pagination ignored.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FindOnePlan } from '../../../../engine/plan/types.js';
import { ARTICLE, model, publicReader } from '../example-model.js';
import { expectError, invalidParameter } from '../expect-error.js';
import { findOnePlan } from '../plan-reads.js';

const HOMEPAGE = 'api::homepage.homepage';
const findOne = (id: string | number | undefined, qs = '', uid = ARTICLE) => findOnePlan(model, uid, id, qs, publicReader);

const PLANS: [string | number | undefined, string, string, FindOnePlan][] = [
  ['7', '', ARTICLE, { kind: 'findOne', uid: ARTICLE, id: 7, populate: {}, publicationState: 'live' }],
  [7, '', ARTICLE, { kind: 'findOne', uid: ARTICLE, id: 7, populate: {}, publicationState: 'live' }],
  ['2147483647', '', ARTICLE, { kind: 'findOne', uid: ARTICLE, id: 2147483647, populate: {}, publicationState: 'live' }],
  [
    '7',
    'fields[0]=title&populate[0]=author&publicationState=preview&locale=en',
    ARTICLE,
    { kind: 'findOne', uid: ARTICLE, id: 7, fields: ['title'], populate: { author: {} }, publicationState: 'preview' },
  ],
  ['7', 'filters[title]=x&sort=title:desc', ARTICLE, { kind: 'findOne', uid: ARTICLE, id: 7, populate: {}, publicationState: 'live' }],
  ['7', 'pagination[page]=1&pagination[limit]=3', ARTICLE, { kind: 'findOne', uid: ARTICLE, id: 7, populate: {}, publicationState: 'live' }],
  [undefined, 'populate=*', HOMEPAGE, { kind: 'findOne', uid: HOMEPAGE, populate: { featured: {}, hero: {}, seo: {} }, publicationState: 'live' }],
  [1, '', HOMEPAGE, { kind: 'findOne', uid: HOMEPAGE, id: 1, populate: {}, publicationState: 'live' }],
];

for (const [id, qs, uid, expected] of PLANS) {
  test(`planFindOne: ${uid} ${String(id)} ${qs}`, () => {
    assert.equal(findOne(id, qs, uid), expected);
  });
}

for (const id of ['abc', '0', '-1', '1.5', '1e3', '99999999999', '', ' 7', undefined, 0, -3, 2.5, Number.NaN]) {
  test(`planFindOne: id ${JSON.stringify(id)} of a collection type is 404`, () => {
    expectError(() => findOne(id), { status: 404, name: 'NotFoundError', message: 'Not Found' });
  });
}

const REFUSED: [string, string][] = [
  ['filters[internalNotes]=x', 'internalNotes'],
  ['sort=previewPassword', 'previewPassword'],
  ['fields[0]=author', 'author'],
  ['publicationState=draft', 'publicationState'],
];

for (const [qs, name] of REFUSED) {
  test(`planFindOne refused: ${qs}`, () => {
    expectError(() => findOne('1', qs), invalidParameter(name));
  });
}

test('planFindOne: a list-only type is not found by uid typos', () => {
  expectError(() => findOnePlan(model, 'api::articles.articles', '1', {}, publicReader), { status: 404, name: 'NotFoundError', message: 'Not Found' });
});

test.run();
