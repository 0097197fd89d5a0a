/**
 * repository integration: every scalar type comes back in the one shape plan/types.ts Entry
 * describes, identical on SQLite and PostgreSQL (biginteger and timestamp strings, exact decimals,
 * 'HH:mm:ss.SSS' times, ISO datetimes, parsed JSON), filters on them work, and values either
 * database would refuse are refused as ValidationErrors on both.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ARTICLE, cmp, create, data, DIALECT, ids, openFixture, rejection, type Fixture } from './fixture.js';

let f: Fixture;

test.before(async () => {
  f = await openFixture('value-shapes');
});

test.after(() => f.close());

const read = async (id: number) => f.repo.findOne({ kind: 'findOne', uid: ARTICLE, id, populate: {}, publicationState: 'preview' });

test(`[${DIALECT}] each scalar type round-trips in its Entry shape`, async () => {
  const id = await create(f.repo, ARTICLE, {
    title: 'Shapes', body: '# rich', excerpt: 'text', contactEmail: 'a@b.co', format: 'long', slug: 'shapes',
    wordCount: '9007199254740993', readingTime: 42, popularity: 1.25, rating: 0.1 + 0.2,
    featured: true, publishDate: '2024-02-29', publishTime: '10:30', lastReviewedAt: '2024-01-02T03:04:05.678+02:00',
    importedAt: 1700000000123, metadata: { list: [1, 'x', null], nested: { ok: true } },
  }, '2024-03-01T12:00:00Z');
  const e = (await read(id)) as Record<string, unknown>;
  assert.match(e.createdAt as string, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  assert.is(e.createdAt, e.updatedAt);
  const { createdAt, updatedAt, ...rest } = e;
  assert.equal(rest, {
    id, title: 'Shapes', body: '# rich', excerpt: 'text', contactEmail: 'a@b.co', format: 'long', slug: 'shapes',
    wordCount: '9007199254740993', readingTime: 42, popularity: 1.25, rating: 0.3,
    featured: true, publishDate: '2024-02-29', publishTime: '10:30:00.000', lastReviewedAt: '2024-01-02T01:04:05.678Z',
    importedAt: '1700000000123', metadata: { list: [1, 'x', null], nested: { ok: true } },
    publishedAt: '2024-03-01T12:00:00.000Z',
  });
  // private attributes are stored but not returned by default
  assert.not.ok('internalNotes' in e);
  // decimals are stored exactly ('0.3', not 0.30000000000000004)
  const [raw] = await f.knex('articles').where('id', id).select(f.knex.raw(`CAST(rating AS ${DIALECT === 'mysql' ? 'CHAR' : 'TEXT'}) AS r`));
  assert.is(raw.r, DIALECT === 'sqlite' ? '0.3' : '0.3000000000');
});

test(`[${DIALECT}] more shapes: big decimals, fractional times, timestamps from ISO, JSON scalars, null clears`, async () => {
  const id = await create(f.repo, ARTICLE, {
    title: 'More', rating: '1234567890.1234567891', publishTime: '07:05:09.123456', importedAt: '2024-01-01T00:00:00.000Z',
    metadata: '123', wordCount: -42, featured: false, popularity: 3,
  });
  const e = (await read(id)) as Record<string, unknown>;
  assert.is(e.rating, 1234567890.1234567891);
  assert.is(e.publishTime, '07:05:09.123');
  assert.is(e.importedAt, String(Date.parse('2024-01-01T00:00:00.000Z')));
  assert.is(e.metadata, '123', 'a JSON string stays a string');
  assert.is(e.wordCount, '-42');
  assert.is(e.featured, false);
  assert.is(e.popularity, 3);
  assert.is(e.publishedAt, null);
  if (DIALECT === 'sqlite') {
    const [raw] = await f.knex('articles').where('id', id).select('rating');
    assert.is(raw.rating, '1234567890.1234567891');
  }
  await f.repo.update({ kind: 'update', uid: ARTICLE, id, data: data({ rating: null, metadata: null, publishTime: null, featured: null }) });
  const cleared = (await read(id)) as Record<string, unknown>;
  assert.equal([cleared.rating, cleared.metadata, cleared.publishTime, cleared.featured, cleared.title], [null, null, null, null, 'More']);
});

test(`[${DIALECT}] filters on bigints, decimals, dates, times, datetimes, timestamps`, async () => {
  const big = await create(f.repo, ARTICLE, { title: 'big', wordCount: '9223372036854775807', rating: 2.5, publishDate: '2030-01-01', publishTime: '23:59:59.999', lastReviewedAt: '2030-06-01T00:00:00Z', importedAt: 4102444800000 });
  const is = async (w: Parameters<typeof cmp>, expect: boolean) => assert.is((await ids(f.repo, ARTICLE, { where: cmp(...w) })).includes(big), expect, JSON.stringify(w));
  await is(['wordCount', '$eq', '9223372036854775807'], true);
  await is(['wordCount', '$gt', '9223372036854775806'], true);
  await is(['wordCount', '$lt', '9223372036854775807'], false);
  await is(['rating', '$eq', 2.5], true);
  await is(['rating', '$between', [2.4, 2.6]], true);
  await is(['rating', '$in', [1, 2.5]], true);
  await is(['publishDate', '$gte', '2030-01-01'], true);
  await is(['publishDate', '$gt', '2030-01-01'], false);
  await is(['publishTime', '$gt', '23:59'], true);
  await is(['publishTime', '$eq', '23:59:59.999'], true);
  await is(['lastReviewedAt', '$gt', '2030-05-31T23:59:59.999Z'], true);
  await is(['lastReviewedAt', '$eq', '2030-06-01T02:00:00+02:00'], true);
  await is(['importedAt', '$eq', '4102444800000'], true);
  await is(['importedAt', '$gte', 4102444800000], true);
  await is(['createdAt', '$lte', new Date(Date.now() + 60000).toISOString()], true);
});

test(`[${DIALECT}] values outside the column's range are ValidationErrors on both databases`, async () => {
  const bad: [string, unknown][] = [
    ['readingTime', 2 ** 31], ['readingTime', 1.5], ['rating', 1e10], ['rating', 'abc'], ['wordCount', '9223372036854775808'],
    ['wordCount', '1.5'], ['publishDate', '2023-02-29'], ['publishTime', '25:00'], ['lastReviewedAt', 'yesterday'],
    ['title', 'x'.repeat(256)], ['featured', 'maybe'], ['popularity', Number.NaN],
  ];
  for (const [field, value] of bad) {
    const err = await rejection(create(f.repo, ARTICLE, { [field]: value }));
    assert.is(err.name, 'ValidationError', `${field}=${String(value)}: ${err.message}`);
    assert.equal(err.details.errors[0].path, [field]);
  }
  const unknown = await rejection(create(f.repo, ARTICLE, { nope: 1 }));
  assert.is(unknown.name, 'ValidationError');
});

test.run();
