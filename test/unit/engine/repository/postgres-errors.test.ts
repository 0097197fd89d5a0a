/**
 * unit: PostgreSQL driver errors that mean "the database is away or too slow" become a 503
 * ServiceUnavailableError, also node-postgres' own errors without a SQLSTATE and the ones knex
 * prefixes with the statement of a transaction; other errors are left alone.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ServiceUnavailableError } from '../../../../engine/errors/index.js';
import { postgresDialect } from '../../../../engine/repository/dialect/postgres.js';

const resolve = (_t: string | undefined, c: string) => c;
const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

test('lost, refused and timed-out connections are 503s', () => {
  const cases: [Error, string][] = [
    [withCode('57P01', 'terminating connection due to administrator command'), 'Database unavailable'],
    [withCode('55000', 'database "x" is not currently accepting connections'), 'Database unavailable'],
    [withCode('53300', 'too many connections'), 'Database unavailable'],
    [withCode('ECONNREFUSED'), 'Database unavailable'],
    [withCode('57014', 'canceling statement due to statement timeout'), 'Database timeout'],
    [new Error('Connection terminated unexpectedly'), 'Database unavailable'],
    [new Error('COMMIT; - Client has encountered a connection error and is not queryable'), 'Database unavailable'],
    [new Error('BEGIN; - Connection terminated unexpectedly'), 'Database unavailable'],
    [new Error('timeout expired'), 'Database unavailable'],
    [Object.assign(new Error('Knex: Timeout acquiring a connection.'), { name: 'KnexTimeoutError' }), 'Database unavailable'],
  ];
  for (const [err, message] of cases) {
    const mapped = postgresDialect.translateError(err, resolve);
    assert.instance(mapped, ServiceUnavailableError, err.message);
    assert.is(mapped!.message, message, err.message);
  }
});

test('other errors are not mistaken for an outage', () => {
  for (const err of [new Error('Cannot read properties of undefined'), new Error('select - Connection pool of 3 is fine'), withCode('42601', 'syntax error')]) {
    assert.not.instance(postgresDialect.translateError(err, resolve), ServiceUnavailableError, err.message);
  }
});

test.run();
