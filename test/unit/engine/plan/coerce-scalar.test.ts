/**
 * unit, engine/plan: coerceScalar and parseTemporal, the value shapes every later stage relies on:
 * int32 integers, biginteger digit strings, finite floats, Strapi's boolean spellings, 'YYYY-MM-DD',
 * 'HH:mm:ss.SSS' and ISO datetimes with milliseconds and Z (no zone means UTC).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ScalarType } from '../../../../compiler/model/types.js';
import { coerceScalar } from '../../../../engine/plan/coerce-scalar.js';
import { parseTemporal, type TemporalType } from '../../../../engine/plan/parse-temporal.js';

const COERCE: [ScalarType, unknown, unknown][] = [
  ['string', 'x', 'x'],
  ['string', 5, undefined],
  ['enumeration', 'news', 'news'],
  ['integer', '42', 42],
  ['integer', '-42', -42],
  ['integer', 42, 42],
  ['integer', '2147483647', 2147483647],
  ['integer', '2147483648', undefined],
  ['integer', '-2147483649', undefined],
  ['integer', '1e3', undefined],
  ['integer', '4.0', undefined],
  ['integer', '', undefined],
  ['integer', 1.5, undefined],
  ['biginteger', '9223372036854775807', '9223372036854775807'],
  ['biginteger', '+12', '12'],
  ['biginteger', '0012', '12'],
  ['biginteger', '9223372036854775808', undefined],
  ['biginteger', 12, '12'],
  ['biginteger', 2 ** 60, undefined],
  ['float', '1.25', 1.25],
  ['float', '.5', 0.5],
  ['float', '-1e-3', -0.001],
  ['float', ' 2 ', 2],
  ['float', 'Infinity', undefined],
  ['float', '1e400', undefined],
  ['float', 'abc', undefined],
  ['decimal', 4.5, 4.5],
  ['boolean', 'TRUE', true],
  ['boolean', 't', true],
  ['boolean', '1', true],
  ['boolean', 1, true],
  ['boolean', 'F', false],
  ['boolean', 'no', undefined],
  ['boolean', 2, undefined],
  ['json', { a: 1 }, { a: 1 }],
];

for (const [type, input, expected] of COERCE) {
  test(`coerceScalar(${type}, ${JSON.stringify(input)}) -> ${JSON.stringify(expected)}`, () => {
    assert.equal(coerceScalar(type, input), expected === undefined ? undefined : { value: expected });
  });
}

const TEMPORAL: [TemporalType, unknown, string | undefined][] = [
  ['date', '2024-05-01', '2024-05-01'],
  ['date', '2024-02-29', '2024-02-29'],
  ['date', '2023-02-29', undefined],
  ['date', '2000-02-29', '2000-02-29'],
  ['date', '1900-02-29', undefined],
  ['date', '2024-04-31', undefined],
  ['date', '2024-5-1', undefined],
  ['date', '2024-05-01T23:30:00-05:00', '2024-05-01'],
  ['date', 20240501, undefined],
  ['time', '10:30', '10:30:00.000'],
  ['time', '10:30:15', '10:30:15.000'],
  ['time', '10:30:15.1', '10:30:15.100'],
  ['time', '10:30:15.123456789', '10:30:15.123'],
  ['time', '23:59:59.999', '23:59:59.999'],
  ['time', '24:00', undefined],
  ['time', '10:60', undefined],
  ['time', '10:30:60', undefined],
  ['time', '1030', undefined],
  ['datetime', '2024-05-01', '2024-05-01T00:00:00.000Z'],
  ['datetime', '2024-05-01T10:30:00Z', '2024-05-01T10:30:00.000Z'],
  ['datetime', '2024-05-01T10:30:00.5z', '2024-05-01T10:30:00.500Z'],
  ['datetime', '2024-05-01T10:30', '2024-05-01T10:30:00.000Z'],
  ['datetime', '2024-05-01 10:30:00', '2024-05-01T10:30:00.000Z'],
  ['datetime', '2024-05-01T00:30:00+02:00', '2024-04-30T22:30:00.000Z'],
  ['datetime', '2024-05-01T00:30:00-0130', '2024-05-01T02:00:00.000Z'],
  ['datetime', '0001-01-01T00:00:00Z', '0001-01-01T00:00:00.000Z'],
  ['datetime', 1714559400000, '2024-05-01T10:30:00.000Z'],
  ['datetime', '1714559400000', '2024-05-01T10:30:00.000Z'],
  ['datetime', 0, '1970-01-01T00:00:00.000Z'],
  ['datetime', 1e300, undefined],
  ['datetime', 1.5, undefined],
  ['datetime', '2024-13-01T00:00:00Z', undefined],
  ['datetime', '2024-05-01T25:00:00Z', undefined],
  ['datetime', '2024-05-01T10:00:00+24:00', undefined],
  ['datetime', 'May 1, 2024', undefined],
  ['timestamp', '2024-05-01T10:30:00Z', '2024-05-01T10:30:00.000Z'],
];

for (const [type, input, expected] of TEMPORAL) {
  test(`parseTemporal(${type}, ${JSON.stringify(input)}) -> ${JSON.stringify(expected)}`, () => {
    assert.is(parseTemporal(type, input), expected);
  });
}

test.run();
