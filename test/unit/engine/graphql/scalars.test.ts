/**
 * unit (engine/graphql): custom scalars: output shapes from the repository's values, input checks.
 */
import { Kind } from 'graphql';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createScalars } from '../../../../engine/graphql/scalars.js';

const s = createScalars({ locales: ['en', 'fr'] });

test('outputs: Long as a JSON number (as the Strapi v4 plugin answers), timestamps (epoch ms) and datetimes as ISO', () => {
  assert.is(s.Long.serialize('9007199254740993'), 9007199254740992, 'past 2^53 a number loses digits, as in Strapi');
  assert.is(s.Long.serialize('42'), 42);
  assert.is(s.Long.serialize(42), 42);
  assert.is(s.DateTime.serialize('1714728600000'), '2024-05-03T09:30:00.000Z');
  assert.is(s.DateTime.serialize('2024-05-03T09:30:00.000Z'), '2024-05-03T09:30:00.000Z');
  assert.equal(s.JSON.serialize({ a: [1] }), { a: [1] });
});

test('inputs: shapes checked, values passed on as strings', () => {
  assert.is(s.Date.parseValue('2024-02-29'), '2024-02-29');
  assert.throws(() => s.Date.parseValue('2023-02-30x'));
  assert.is(s.Time.parseValue('23:59:59.999'), '23:59:59.999');
  assert.throws(() => s.Time.parseValue('24:00'));
  assert.is(s.Long.parseLiteral({ kind: Kind.INT, value: '12' }, undefined), '12');
  assert.throws(() => s.Long.parseValue(1.5));
  assert.throws(() => s.DateTime.parseValue('yesterday'));
  assert.throws(() => s.Upload.parseValue({}), /files sent with a multipart request/);
});

test('I18NLocaleCode: configured locales (and all), anything else refused', () => {
  assert.is(s.I18NLocaleCode.parseValue('fr'), 'fr');
  assert.is(s.I18NLocaleCode.parseValue('all'), 'all');
  assert.throws(() => s.I18NLocaleCode.parseValue('de'), /^Unknown locale supplied$/);
});

test.run();
