/**
 * unit, engine/plan: i18n on specs/multilingual (en default, fr, de): the `locale` of reads (default,
 * `all`, 400 for an unknown code, ignored on types without i18n and on findOne by id), `data.locale`
 * of writes, the shared (non-localized) attributes, and planCreateLocalization with its errors.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileSpec } from '../../../../compiler/compile.js';
import type { NormalizedModel } from '../../../../compiler/model/types.js';
import { planCreate, planFind, planFindOne, planUpdate } from '../../../../engine/plan/index.js';
import { planCreateLocalization, planReadShared, sharedAttributes, sharedBody, touchesShared } from '../../../../engine/plan/plan-localization.js';
import { MULTILINGUAL_SPEC } from '../../../helpers/spec-dir.js';
import { expectError, invalidParameter } from '../expect-error.js';
import { findPlan, findOnePlan, graphqlReader, restReader } from '../plan-reads.js';

const model: NormalizedModel = (await compileSpec(MULTILINGUAL_SPEC)).model;
const reader = restReader(() => true);
const PRODUCT = 'api::product.product';
const BRAND = 'api::brand.brand';
const HOMEPAGE = 'api::homepage.homepage';
const now = new Date('2024-05-06T07:08:09.000Z');

const localeError = (codes: string) => ({
  status: 400, name: 'ValidationError', message: `locale must be one of the following values: ${codes}`,
  details: { errors: [{ path: ['locale'], message: `locale must be one of the following values: ${codes}`, name: 'ValidationError' }] },
});

const READS: [string, string, string | undefined][] = [
  [PRODUCT, '', 'en'],
  [PRODUCT, 'locale=', 'en'],
  [PRODUCT, 'locale=fr', 'fr'],
  [PRODUCT, 'locale=all', 'all'],
  [BRAND, 'locale=fr', undefined],
  [BRAND, 'locale=xx', undefined],
];

for (const [uid, qs, locale] of READS) {
  test(`planFind: ${uid} ${qs}`, () => {
    const plan = findPlan(model, uid, qs, reader);
    assert.is(plan.locale, locale);
    assert.is(plan.availableLocales, locale === undefined ? undefined : true);
  });
}

test('planFind: an unknown locale is a 400 naming the allowed codes; a malformed one is an invalid parameter', () => {
  expectError(() => findPlan(model, PRODUCT, 'locale=xx', reader), localeError('en, fr, de, all'));
  expectError(() => findPlan(model, PRODUCT, 'locale[0]=fr', reader), invalidParameter('locale'));
  expectError(() => findPlan(model, BRAND, 'locale[0]=fr', reader), invalidParameter('locale'));
});

test('planFindOne: by id the locale does not apply (but is checked); single types read one locale', () => {
  assert.equal(findOnePlan(model, PRODUCT, '4', 'locale=de', reader), {
    kind: 'findOne', uid: PRODUCT, id: 4, populate: {}, publicationState: 'live', availableLocales: true,
  });
  expectError(() => findOnePlan(model, PRODUCT, '4', 'locale=xx', reader), localeError('en, fr, de, all'));
  assert.is(findOnePlan(model, HOMEPAGE, undefined, {}, reader).locale, 'en');
  assert.is(findOnePlan(model, HOMEPAGE, undefined, 'locale=fr', reader).locale, 'fr');
  expectError(() => findOnePlan(model, HOMEPAGE, undefined, 'locale=all', reader), localeError('en, fr, de'));
  assert.is(findOnePlan(model, BRAND, '1', 'locale=fr', reader).availableLocales, undefined);
});

test('GraphQL reads have no entry meta, so they do not ask for availableLocales', () => {
  const graphql = graphqlReader(model, () => true);
  assert.is(findPlan(model, PRODUCT, { locale: 'fr' }, graphql).availableLocales, undefined);
  assert.is(findOnePlan(model, PRODUCT, 3, {}, graphql).availableLocales, undefined);
});

test('populate: localizations is a to-many relation to the type itself, also under *', () => {
  const plan = findPlan(model, PRODUCT, 'populate[localizations][fields][0]=name', reader);
  assert.equal(plan.populate, { localizations: { fields: ['name'] } });
  assert.equal(Object.keys(findPlan(model, PRODUCT, 'populate=*', reader).populate).sort(), ['brand', 'details', 'dimensions', 'localizations']);
  assert.equal(findPlan(model, BRAND, 'populate=localizations', reader).populate, {});
});

test('filters: localizations is a relation to the type itself; types without i18n have none', () => {
  assert.equal(findPlan(model, PRODUCT, 'filters[localizations][locale][$eq]=fr', reader).where, {
    kind: 'relation', attribute: 'localizations', target: PRODUCT, where: { kind: 'cmp', field: 'locale', op: '$eq', value: 'fr' },
  });
  expectError(() => findPlan(model, BRAND, 'filters[localizations][id]=1', reader), invalidParameter('localizations'));
});

test('planCreate: data.locale, else the default locale; unknown codes are issues; types without i18n drop it', () => {
  assert.is(planCreate(model, PRODUCT, { data: { name: 'A' } }, { now }).locale, 'en');
  assert.is(planCreate(model, PRODUCT, { data: { name: 'A', locale: 'de' } }, { now }).locale, 'de');
  expectError(() => planCreate(model, PRODUCT, { data: { name: 'A', locale: 'xx' } }, { now }), localeError('en, fr, de'));
  expectError(() => planCreate(model, PRODUCT, { data: { name: 'A', locale: 3 } }, { now }), { status: 400, name: 'ValidationError', message: /locale must be a `string` type/ });
  assert.is(planCreate(model, BRAND, { data: { name: 'A', locale: 'xx' } }, { now }).locale, undefined);
  assert.is(planUpdate(model, PRODUCT, 3, { data: { name: 'B' } }, { now }).locale, undefined, 'an update without locale keeps the entry\'s');
  assert.is(planUpdate(model, PRODUCT, 3, { data: { locale: 'fr' } }, { now }).locale, 'fr', 'passed on for the handler to compare');
});

test('shared attributes: localized false, never relations, uid or password', () => {
  assert.equal(sharedAttributes(model.contentTypes[PRODUCT]), ['sku', 'price', 'stock', 'dimensions']);
  assert.equal(sharedAttributes(model.contentTypes[HOMEPAGE]), ['contactEmail']);
  assert.equal(sharedAttributes(model.contentTypes[BRAND]), []);
  assert.ok(touchesShared(model.contentTypes[PRODUCT], { price: 3 }));
  assert.not.ok(touchesShared(model.contentTypes[PRODUCT], { name: 'x', brand: 1, details: null }));
});

test('planReadShared reads the shared values deep and the localizations', () => {
  assert.equal(planReadShared(model, PRODUCT, 5), {
    kind: 'findOne', uid: PRODUCT, id: 5, fields: ['locale', 'publishedAt', 'sku', 'price', 'stock'],
    populate: { dimensions: { populate: {} }, localizations: { fields: ['locale', 'publishedAt'] } },
    publicationState: 'preview',
  });
});

const SOURCE = {
  id: 5, locale: 'en', publishedAt: '2024-01-01T00:00:00.000Z', sku: 'CH-1', price: 10, stock: 2,
  dimensions: { id: 9, width: 1, height: 2, unit: 'cm' },
  localizations: [{ id: 6, locale: 'de', publishedAt: null }],
};

test('sharedBody: the shared values as a write body, component ids dropped', () => {
  assert.equal(sharedBody(model, model.contentTypes[PRODUCT], SOURCE), { sku: 'CH-1', price: 10, stock: 2, dimensions: { width: 1, height: 2, unit: 'cm' } });
});

test('planCreateLocalization: copies shared values (the body wins), links to the source, a draft by default', () => {
  const plan = planCreateLocalization(model, PRODUCT, SOURCE, { name: 'Chaise', locale: 'fr', stock: 8 }, { now });
  assert.is(plan.kind, 'create');
  assert.is(plan.locale, 'fr');
  assert.is(plan.localizationOf, 5);
  assert.is(plan.publishedAt, null);
  assert.equal(plan.data.scalars, { sku: 'CH-1', price: 10, stock: 8, name: 'Chaise' });
  assert.equal(plan.data.components, { dimensions: { data: { scalars: { width: 1, height: 2, unit: 'cm' }, relations: {}, media: {}, components: {}, dynamicZones: {} } } });
  assert.is(planCreateLocalization(model, PRODUCT, SOURCE, { name: 'x', locale: 'fr', publishedAt: '2024-02-02T00:00:00Z' }, { now }).publishedAt, '2024-02-02T00:00:00.000Z');
  assert.ok(Object.isFrozen(plan));
});

const ERRORS: [unknown, string][] = [
  [{ name: 'x' }, 'locale is missing'],
  [{ name: 'x', locale: '' }, 'locale is missing'],
  [undefined, 'locale is missing'],
  [{ name: 'x', locale: 'xx' }, 'locale is invalid'],
  [{ name: 'x', locale: ['fr'] }, 'locale is invalid'],
  [{ name: 'x', locale: 'en' }, 'locale is already used'],
  [{ name: 'x', locale: 'de' }, 'locale is already used'],
];

for (const [body, message] of ERRORS) {
  test(`planCreateLocalization: ${JSON.stringify(body)} -> ${message}`, () => {
    expectError(() => planCreateLocalization(model, PRODUCT, SOURCE, body, { now }), { status: 400, name: 'ValidationError', message, details: {} });
  });
}

test.run();
