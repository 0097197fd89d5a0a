/**
 * unit, engine/plan: planUpdate: partial data (no defaults, no required unless set to null), the id
 * (404 when it cannot be one; single types may omit it), publication changes, dropped system keys.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { planUpdate } from '../../../../engine/plan/plan-update.js';
import type { UpdatePlan } from '../../../../engine/plan/types.js';
import { ARTICLE, model } from '../example-model.js';
import { expectError } from '../expect-error.js';
import { writeData } from '../write-data.js';

const update = (data: unknown, id: string | number | undefined = '3', uid = ARTICLE) => planUpdate(model, uid, id, { data });
const v = (path: (string | number)[], message: string) => ({ path: path.map(String), message, name: 'ValidationError' });

const PLANS: [unknown, UpdatePlan][] = [
  [{}, { kind: 'update', uid: ARTICLE, id: 3, data: writeData() }],
  [{ featured: true }, { kind: 'update', uid: ARTICLE, id: 3, data: writeData({ scalars: { featured: true } }) }],
  [{ excerpt: null, readingTime: null }, { kind: 'update', uid: ARTICLE, id: 3, data: writeData({ scalars: { excerpt: null, readingTime: null } }) }],
  [{ publishedAt: null }, { kind: 'update', uid: ARTICLE, id: 3, data: writeData(), publishedAt: null }],
  [{ publishedAt: '2024-01-01T00:00:00Z' }, { kind: 'update', uid: ARTICLE, id: 3, data: writeData(), publishedAt: '2024-01-01T00:00:00.000Z' }],
  [{ publishedAt: undefined }, { kind: 'update', uid: ARTICLE, id: 3, data: writeData() }],
  [
    { id: 5, createdAt: 'x', updatedAt: 'y', createdBy: { id: 1 }, updatedBy: 1, locale: 'fr', nope: 1, title: 'Again' },
    { kind: 'update', uid: ARTICLE, id: 3, data: writeData({ scalars: { title: 'Again' } }) },
  ],
  [
    { tags: { connect: [4], disconnect: [2] }, cover: null, seo: { id: 9, metaTitle: 'm' }, sources: null, blocks: null },
    {
      kind: 'update',
      uid: ARTICLE,
      id: 3,
      data: writeData({
        relations: { tags: { kind: 'connect', connect: [{ id: 4 }], disconnect: [2] } },
        media: { cover: [] },
        components: { seo: { id: 9, data: writeData({ scalars: { metaTitle: 'm' } }) }, sources: [] },
        dynamicZones: { blocks: [] },
      }),
    },
  ],
];

for (const [data, expected] of PLANS) {
  test(`planUpdate: ${JSON.stringify(data).slice(0, 100)}`, () => {
    assert.equal(update(data), expected);
  });
}

test('planUpdate: types without draft and publish ignore publishedAt', () => {
  assert.equal(planUpdate(model, 'api::tag.tag', 1, { data: { publishedAt: null, name: 'n' } }), {
    kind: 'update', uid: 'api::tag.tag', id: 1, data: writeData({ scalars: { name: 'n' } }),
  });
});

test('planUpdate: single types need no id, and keep one the handler found', () => {
  const data = { data: { title: 'Home' } };
  assert.equal(planUpdate(model, 'api::homepage.homepage', undefined, data), { kind: 'update', uid: 'api::homepage.homepage', data: writeData({ scalars: { title: 'Home' } }) });
  assert.is(planUpdate(model, 'api::homepage.homepage', 1, data, { now: new Date() }).id, 1);
});

for (const id of ['abc', '0', '-2', '1.5', '', undefined, 0, 2 ** 31]) {
  test(`planUpdate: id ${JSON.stringify(id)} of a collection type is 404`, () => {
    expectError(() => planUpdate(model, ARTICLE, id, { data: {} }), { status: 404, name: 'NotFoundError', message: 'Not Found' });
  });
}

const INVALID: [unknown, ReturnType<typeof v>[]][] = [
  // a required attribute set to null, in Strapi's words for its type
  [{ title: null }, [v(['title'], 'title must be a `string` type, but the final value was: `null`.')]],
  [{ format: null, title: 'ab' }, [v(['title'], 'title must be at least 3 characters'), v(['format'], 'format must be a `string` type, but the final value was: `null`.')]],
  [{ seo: { id: 2, metaTitle: null } }, [v(['seo', 'metaTitle'], 'seo.metaTitle must be a `string` type, but the final value was: `null`.')]],
  // a component without id is a new one: its required attributes apply (Strapi's update lets it through)
  [{ seo: { noIndex: true } }, [v(['seo', 'metaTitle'], 'seo.metaTitle must be defined.')]],
  [{ publishedAt: 'tomorrow' }, [v(['publishedAt'], 'Invalid format, expected a timestamp or an ISO date')]],
  [{ featured: 't' }, [v(['featured'], 'featured must be a `boolean` type, but the final value was: `"t"`.')]],
];

for (const [data, expected] of INVALID) {
  test(`planUpdate refused: ${JSON.stringify(data)}`, () => {
    const message = expected.length === 1 ? expected[0].message : `${expected.length} errors occurred`;
    expectError(() => update(data), { status: 400, name: 'ValidationError', message, details: { errors: expected } });
  });
}

test('planUpdate: unpublishing in the same request does not let a required attribute be cleared (a draft may clear it)', () => {
  expectError(() => update({ publishedAt: null, title: null }), { status: 400, name: 'ValidationError', message: 'title must be a `string` type, but the final value was: `null`.' });
  assert.equal(planUpdate(model, ARTICLE, 3, { data: { publishedAt: null, title: null } }, { now: new Date(), draft: true }).data.scalars, { title: null });
});

test('planUpdate: the body must carry a data object', () => {
  for (const body of [undefined, {}, { data: 1 }]) {
    expectError(() => planUpdate(model, ARTICLE, 1, body), { status: 400, name: 'ValidationError', message: 'Missing "data" payload in the request body', details: {} });
  }
});

test.run();
