/**
 * unit, engine/plan: planCreate: body shape, dropped keys, defaults, draft and publish with an
 * injected clock, scalar coercion per type, and the validation issues with Strapi's messages, all
 * collected before one ValidationError (details.errors [{ path, message, name }]).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ValidationIssue } from '../../../../engine/errors/index.js';
import { planCreate } from '../../../../engine/plan/plan-create.js';
import { planUpdate } from '../../../../engine/plan/plan-update.js';
import type { CreatePlan } from '../../../../engine/plan/types.js';
import { ARTICLE, model } from '../example-model.js';
import { expectError } from '../expect-error.js';
import { writeData } from '../write-data.js';

const now = new Date('2025-01-02T03:04:05.678Z');
const NOW = '2025-01-02T03:04:05.678Z';
const TAG = 'api::tag.tag';
const create = (data: unknown, uid = ARTICLE) => planCreate(model, uid, { data }, { now });
/** article attributes with defaults, as every article create gets them */
const ARTICLE_DEFAULTS = { featured: false, format: 'news' };

function issues(data: unknown, uid = ARTICLE): ValidationIssue[] {
  try {
    create(data, uid);
  } catch (err) {
    return ((err as { details: { errors?: ValidationIssue[] } }).details.errors ?? []) as ValidationIssue[];
  }
  assert.unreachable('expected a ValidationError');
  return [];
}

const v = (path: (string | number)[], message: string): ValidationIssue => ({ path: path.map(String), message, name: 'ValidationError' });

test('planCreate: a tag (no draft and publish) -> exact plan, unknown and system keys dropped', () => {
  const plan = create({ name: 'news', id: 4, createdAt: 'x', updatedAt: 'y', createdBy: 1, updatedBy: 1, publishedAt: null, locale: 'fr', localizations: [], nope: true }, TAG);
  const expected: CreatePlan = { kind: 'create', uid: TAG, data: writeData({ scalars: { name: 'news' } }) };
  assert.equal(plan, expected);
});

test('planCreate: an article is published at the injected now, with defaults applied', () => {
  assert.equal(create({ title: 'Hello' }), { kind: 'create', uid: ARTICLE, data: writeData({ scalars: { title: 'Hello', ...ARTICLE_DEFAULTS } }), publishedAt: NOW });
});

test('planCreate: defaults never override what was sent', () => {
  assert.equal(create({ title: 'Hello', featured: true, format: 'review' }).data.scalars, { title: 'Hello', featured: true, format: 'review' });
});

test('planCreate: publishedAt null makes a draft, a datetime publishes then', () => {
  assert.is(create({ title: 'Hello', publishedAt: null }).publishedAt, null);
  assert.is(create({ title: 'Hello', publishedAt: '2024-01-01' }).publishedAt, '2024-01-01T00:00:00.000Z');
  assert.is(create({ title: 'Hello', publishedAt: '2024-01-01T12:00:00+01:00' }).publishedAt, '2024-01-01T11:00:00.000Z');
  assert.equal(issues({ title: 'Hello', publishedAt: 'soon' }), [v(['publishedAt'], 'Invalid format, expected a timestamp or an ISO date')]);
  assert.equal(issues({ title: 'Hello', publishedAt: 1714559400000 }), [v(['publishedAt'], 'Invalid format, expected a timestamp or an ISO date')], 'a string, as the contract says');
});

test('planCreate / planUpdate: drafts skip required and minLength, as in Strapi v4; the other checks apply', () => {
  const draft = (data: unknown) => planCreate(model, ARTICLE, { data }, { now });
  assert.equal(draft({ publishedAt: null }).data.scalars, ARTICLE_DEFAULTS);
  assert.equal(draft({ title: 'ab', publishedAt: null }).data.scalars, { title: 'ab', ...ARTICLE_DEFAULTS });
  expectError(() => draft({ title: 'x'.repeat(201), publishedAt: null }), { status: 400, name: 'ValidationError', message: 'title must be at most 200 characters' });
  // an update of a draft that stays one
  assert.equal(planUpdate(model, ARTICLE, 1, { data: { title: null } }, { now, draft: true }).data.scalars, { title: null });
  assert.equal(planUpdate(model, ARTICLE, 1, { data: { title: 'ab', publishedAt: null } }, { now, draft: true }).data.scalars, { title: 'ab' });
});

test('planCreate / planUpdate: checked in full without publishedAt: null, when publishing a draft, on published entries, or with strictDrafts', () => {
  const messagesOf = (fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      return ((err as { details: { errors: ValidationIssue[] } }).details.errors).map((e) => e.message);
    }
    return [];
  };
  // a create that becomes a draft by default (GraphQL) is still checked in full, as Strapi's GraphQL does
  assert.equal(messagesOf(() => planCreate(model, ARTICLE, { data: {} }, { now, draftByDefault: true })), ['title must be defined.']);
  assert.equal(messagesOf(() => planCreate(model, ARTICLE, { data: { publishedAt: null } }, { now, strictDrafts: true })), ['title must be defined.']);
  assert.equal(messagesOf(() => planCreate(model, ARTICLE, { data: { title: 'ab', publishedAt: null } }, { now, strictDrafts: true })), ['title must be at least 3 characters']);
  // publishing a draft
  assert.equal(messagesOf(() => planUpdate(model, ARTICLE, 1, { data: { title: 'ab', publishedAt: '2024-01-01T00:00:00Z' } }, { now, draft: true })), ['title must be at least 3 characters']);
  // a published entry, even when the update unpublishes it (Strapi decides by the state before the write)
  assert.equal(messagesOf(() => planUpdate(model, ARTICLE, 1, { data: { title: null, publishedAt: null } }, { now })), ['title must be a `string` type, but the final value was: `null`.']);
});

test('planCreate: the full sample body of the Strapi reference', () => {
  const data = {
    title: 'Hello world', slug: 'hello-world', excerpt: 'An excerpt', format: 'feature', readingTime: 5, wordCount: '12345678901234',
    rating: 4.5, popularity: 1.25, featured: true, publishDate: '2024-05-01', publishTime: '10:30:00',
    lastReviewedAt: '2024-05-01T10:30:00.000Z', importedAt: 1714559400000, metadata: { a: 1 }, contactEmail: 'ed@example.com',
    internalNotes: 'secret note', previewPassword: 'hunter22', author: 1, seo: { metaTitle: 'x' }, sources: [{ title: 's' }],
    blocks: [{ __component: 'content.quote', text: 'q' }],
  };
  const expected: CreatePlan = {
    kind: 'create',
    uid: ARTICLE,
    data: writeData({
      scalars: {
        title: 'Hello world', slug: 'hello-world', excerpt: 'An excerpt', format: 'feature', readingTime: 5, wordCount: '12345678901234',
        rating: 4.5, popularity: 1.25, featured: true, publishDate: '2024-05-01', publishTime: '10:30:00.000',
        lastReviewedAt: '2024-05-01T10:30:00.000Z', importedAt: '2024-05-01T10:30:00.000Z', metadata: { a: 1 }, contactEmail: 'ed@example.com',
        internalNotes: 'secret note', previewPassword: 'hunter22',
      },
      relations: { author: { kind: 'set', ids: [1] } },
      components: {
        seo: { data: writeData({ scalars: { metaTitle: 'x', noIndex: false } }) },
        sources: [{ data: writeData({ scalars: { title: 's' } }) }],
      },
      dynamicZones: { blocks: [{ component: 'content.quote', data: writeData({ scalars: { text: 'q' } }) }] },
    }),
    publishedAt: NOW,
  };
  assert.equal(create(data), expected);
});

/** values in the contract's forms, and what is stored */
const COERCED: [string, unknown, unknown][] = [
  ['readingTime', 600, 600],
  ['wordCount', 12345, '12345'],
  ['wordCount', '-9223372036854775808', '-9223372036854775808'],
  ['rating', 0, 0],
  ['rating', 4.5, 4.5],
  ['popularity', -1.25, -1.25],
  ['featured', false, false],
  ['publishDate', '2024-02-29', '2024-02-29'],
  ['publishTime', '10:30', '10:30:00.000'],
  ['publishTime', '10:30:00', '10:30:00.000'],
  ['publishTime', '23:59:59.5', '23:59:59.500'],
  ['lastReviewedAt', '2024-05-01T10:30:00+02:00', '2024-05-01T08:30:00.000Z'],
  ['lastReviewedAt', '2024-05-01 10:30', '2024-05-01T10:30:00.000Z'],
  ['lastReviewedAt', '2024-05-01', '2024-05-01T00:00:00.000Z'],
  ['importedAt', '2024-05-01T10:30:00Z', '2024-05-01T10:30:00.000Z'],
  ['importedAt', '1714559400000', '2024-05-01T10:30:00.000Z'],
  ['importedAt', 1714559400000, '2024-05-01T10:30:00.000Z'],
  ['metadata', [1, { b: null }], [1, { b: null }]],
  ['metadata', 'text', 'text'],
  ['metadata', 5, 5],
  ['excerpt', null, null],
  ['excerpt', '', ''],
  ['metadata', null, null],
  ['slug', 'Hello_World-2.0~x', 'Hello_World-2.0~x'],
  ['slug', '', ''],
];

for (const [attr, value, stored] of COERCED) {
  test(`planCreate: ${attr} ${JSON.stringify(value)} is stored as ${JSON.stringify(stored)}`, () => {
    assert.equal(create({ title: 'Hello', [attr]: value }).data.scalars[attr], stored);
  });
}

const NUMBER_NAN = (name: string, value: string) => `${name} must be a \`number\` type, but the final value was: \`NaN\` (cast from the value \`${value}\`).`;

const INVALID: [Record<string, unknown>, ValidationIssue[], string?][] = [
  [{}, [v(['title'], 'title must be defined.')]],
  [{ title: null }, [v(['title'], 'title must be a `string` type, but the final value was: `null`.')], 'Strapi: a required text attribute sent as null'],
  [{ title: 'Hello', format: null }, [v(['format'], 'format must be a `string` type, but the final value was: `null`.')]],
  [
    { title: 'ab', format: 'nope', readingTime: 0 },
    [
      v(['title'], 'title must be at least 3 characters'),
      v(['format'], 'format must be one of the following values: news, feature, opinion, review, '),
      v(['readingTime'], 'readingTime must be greater than or equal to 1'),
    ],
  ],
  [{ title: 'Hello', format: 1 }, [v(['format'], 'format must be one of the following values: news, feature, opinion, review, ')]],
  [{ title: 'Hello', format: { a: 1 } }, [v(['format'], 'format must be a `string` type, but the final value was: `{\n  "a": "1"\n}`.')]],
  [{ title: 'x'.repeat(201) }, [v(['title'], 'title must be at most 200 characters')]],
  [{ title: 5 }, [v(['title'], 'title must be a `string` type, but the final value was: `5`.')]],
  [{ title: ['a'] }, [v(['title'], 'title must be a `string` type, but the final value was: `[\n  "\\"a\\""\n]`.')]],
  [{ title: 'Hello', contactEmail: 'x' }, [v(['contactEmail'], 'contactEmail must be a valid email')]],
  [{ title: 'Hello', contactEmail: 'a b@c.d' }, [v(['contactEmail'], 'contactEmail must be a valid email')]],
  [{ title: 'Hello', contactEmail: '' }, [v(['contactEmail'], 'contactEmail cannot be empty')]],
  [{ title: 'Hello', slug: 'a b' }, [v(['slug'], 'slug must match the following: "/^[A-Za-z0-9-_.~]*$/"')]],
  [{ title: 'Hello', slug: 'é' }, [v(['slug'], 'slug must match the following: "/^[A-Za-z0-9-_.~]*$/"')]],
  [{ title: 'Hello', slug: 'x'.repeat(256) }, [v(['slug'], 'slug must be at most 255 characters')], 'a varchar(255) column'],
  [{ title: 'Hello', excerpt: 'x'.repeat(501) }, [v(['excerpt'], 'excerpt must be at most 500 characters')]],
  [{ title: 'Hello', readingTime: 601 }, [v(['readingTime'], 'readingTime must be less than or equal to 600')]],
  [{ title: 'Hello', readingTime: 1.5 }, [v(['readingTime'], 'readingTime must be an integer')]],
  [{ title: 'Hello', readingTime: 'abc' }, [v(['readingTime'], NUMBER_NAN('readingTime', '"abc"'))]],
  [{ title: 'Hello', readingTime: '' }, [v(['readingTime'], NUMBER_NAN('readingTime', '""'))]],
  [{ title: 'Hello', readingTime: true }, [v(['readingTime'], NUMBER_NAN('readingTime', 'true'))]],
  [{ title: 'Hello', readingTime: {} }, [v(['readingTime'], NUMBER_NAN('readingTime', '{}'))]],
  [{ title: 'Hello', readingTime: '5' }, [v(['readingTime'], 'readingTime must be a `number` type, but the final value was: `"5"`.')], 'quire: a JSON number, as the contract says (Strapi casts "5")'],
  [{ title: 'Hello', rating: 6 }, [v(['rating'], 'rating must be less than or equal to 5')]],
  [{ title: 'Hello', rating: -0.5 }, [v(['rating'], 'rating must be greater than or equal to 0')]],
  [{ title: 'Hello', rating: '4.5' }, [v(['rating'], 'rating must be a `number` type, but the final value was: `"4.5"`.')]],
  [{ title: 'Hello', popularity: 'NaN' }, [v(['popularity'], NUMBER_NAN('popularity', '"NaN"'))]],
  [{ title: 'Hello', wordCount: 'abc' }, [v(['wordCount'], 'wordCount must be an integer')]],
  [{ title: 'Hello', wordCount: 1.5 }, [v(['wordCount'], 'wordCount must be an integer')]],
  [{ title: 'Hello', wordCount: 2 ** 60 }, [v(['wordCount'], 'wordCount must be an integer')], 'unsafe numbers must be sent as strings'],
  [{ title: 'Hello', wordCount: '9223372036854775808' }, [v(['wordCount'], 'wordCount must be less than or equal to 9223372036854775807')]],
  [{ title: 'Hello', wordCount: '-9223372036854775809' }, [v(['wordCount'], 'wordCount must be greater than or equal to -9223372036854775808')]],
  [{ title: 'Hello', featured: 'yes' }, [v(['featured'], 'featured must be a `boolean` type, but the final value was: `"yes"`.')]],
  [{ title: 'Hello', featured: 'true' }, [v(['featured'], 'featured must be a `boolean` type, but the final value was: `"true"`.')]],
  [{ title: 'Hello', featured: 0 }, [v(['featured'], 'featured must be a `boolean` type, but the final value was: `0`.')]],
  [{ title: 'Hello', publishDate: '05/01/2024' }, [v(['publishDate'], 'Invalid format, expected yyyy-MM-dd')]],
  [{ title: 'Hello', publishDate: '2023-02-29' }, [v(['publishDate'], 'Invalid format, expected yyyy-MM-dd')]],
  [{ title: 'Hello', publishDate: '2024-05-01T10:00:00Z' }, [v(['publishDate'], 'Invalid format, expected yyyy-MM-dd')]],
  [{ title: 'Hello', publishTime: '24:00' }, [v(['publishTime'], 'Invalid time format, expected HH:mm:ss.SSS')]],
  [{ title: 'Hello', publishTime: '10:30:00.1234' }, [v(['publishTime'], 'Invalid time format, expected HH:mm:ss.SSS')]],
  [{ title: 'Hello', publishTime: 1030 }, [v(['publishTime'], 'Expected a string, got a number')]],
  [{ title: 'Hello', lastReviewedAt: 'yesterday' }, [v(['lastReviewedAt'], 'Invalid format, expected a timestamp or an ISO date')]],
  [{ title: 'Hello', lastReviewedAt: 1714559400000 }, [v(['lastReviewedAt'], 'Invalid format, expected a timestamp or an ISO date')]],
  [{ title: 'Hello', importedAt: true }, [v(['importedAt'], 'Invalid format, expected a timestamp or an ISO date')]],
];

for (const [data, expected, note] of INVALID) {
  test(`planCreate refused: ${JSON.stringify(data).slice(0, 80)}${note ? ` (${note})` : ''}`, () => {
    const message = expected.length === 1 ? expected[0].message : `${expected.length} errors occurred`;
    expectError(() => create(data), { status: 400, name: 'ValidationError', message, details: { errors: expected } });
  });
}

test('planCreate: int32 bounds for integers without a declared max', () => {
  assert.equal(issues({ title: 'T', number: 3000000000 }, 'api::edition.edition'), [v(['number'], 'number must be less than or equal to 2147483647')]);
  assert.is(planCreate(model, 'api::edition.edition', { data: { title: 'T', number: 2147483647 } }, { now }).data.scalars.number, 2147483647);
});

test('planCreate: regex attributes (and private ones are validated and writable)', () => {
  assert.equal(issues({ website: 'ftp://x' }, 'api::author-profile.author-profile'), [v(['website'], 'website must match the following: "/^https?:\\/\\//"')]);
  assert.equal(issues({ website: '' }, 'api::author-profile.author-profile'), [v(['website'], 'website must match the following: "/^https?:\\/\\//"')], 'an empty string too, as the contract says');
  assert.equal(issues({ name: 'Ann', email: 'ann@example.com', payoutAccount: 'nope' }, 'api::author.author'), [
    v(['payoutAccount'], 'payoutAccount must match the following: "/^[A-Z]{2}[0-9A-Z]{10,30}$/"'),
  ]);
  assert.equal(create({ name: 'Ann', email: 'ann@example.com', payoutAccount: 'DE1234567890AB' }, 'api::author.author').data.scalars, {
    name: 'Ann', email: 'ann@example.com', payoutAccount: 'DE1234567890AB',
  });
});

test('planCreate: every issue of a body is reported at once, in declared attribute order', () => {
  const found = issues({ title: 7, readingTime: 'x', tags: ['a'], seo: {}, sources: [{}, { title: 3 }], blocks: [{ __component: 'content.nope' }] });
  assert.equal(found.map((i) => i.path), [['title'], ['readingTime'], ['tags'], ['seo', 'metaTitle'], ['sources', '0', 'title'], ['sources', '1', 'title'], ['blocks', '0', '__component']]);
  expectError(() => create({ title: 7, readingTime: 'x' }), { status: 400, name: 'ValidationError', message: '2 errors occurred' });
});

const BODIES: unknown[] = [undefined, null, 'x', [], {}, { data: null }, { data: [] }, { data: 'x' }, { title: 'x' }, { Data: { title: 'x' } }];
for (const body of BODIES) {
  test(`planCreate: body ${JSON.stringify(body)} -> Missing "data" payload`, () => {
    expectError(() => planCreate(model, ARTICLE, body, { now }), {
      status: 400, name: 'ValidationError', message: 'Missing "data" payload in the request body', details: {},
    });
  });
}

test('planCreate: unknown uids are 404; the plan is frozen; a JSON __proto__ key is just dropped', () => {
  expectError(() => planCreate(model, 'api::nothing.nothing', { data: {} }, { now }), { status: 404, name: 'NotFoundError', message: 'Not Found' });
  assert.ok(Object.isFrozen(create({ title: 'Hello' }).data.scalars));
  const body = JSON.parse('{"data":{"title":"Hello","__proto__":{"polluted":true}}}');
  assert.equal(planCreate(model, TAG, { data: { name: 'x', ...body.data } }, { now }).data.scalars, { name: 'x' });
  assert.is(({} as Record<string, unknown>).polluted, undefined);
});

test.run();
