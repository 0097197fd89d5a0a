/**
 * unit: the MySQL/MariaDB dialect. Driver errors by errno and code: unique violations name the
 * attribute through the index name, value errors are 400s, lost or refused connections and
 * timeouts are 503s, others are left alone. NULL placement without NULLS FIRST/LAST. Values bound
 * as mysql2 wants them (DATETIME without its zone, JSON as text). INSERT ... RETURNING on MariaDB 10.5+ only;
 * unique keys on long text hashed on MySQL.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ServiceUnavailableError, ValidationError } from '../../../../engine/errors/index.js';
import { insertReturningOf, MYSQL8_COLLATION, MYSQL_COLLATION, mysqlDialect, mysqlDialectFor } from '../../../../engine/repository/dialect/mysql.js';
import { createTableText } from '../../../../engine/repository/schema/apply-changes.js';
import type { TableDef } from '../../../../engine/repository/schema/table-defs.js';
import { asc, asText, cast, col, desc, param, select, star } from '../../../../engine/repository/sql/build.js';
import type { Order } from '../../../../engine/repository/sql/sql-node.js';

const resolve = (_t: string | undefined, c: string) => (c === 'authors_name_unique' ? 'name' : c);
const driverError = (errno: number, code: string, sqlMessage: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(sqlMessage), { errno, code, sqlMessage, sqlState: 'HY000', ...extra });

test('a duplicate entry is the unique ValidationError of the attribute its index is named after', () => {
  for (const message of ["Duplicate entry 'Ann' for key 'authors_name_unique'", "Duplicate entry 'Ann' for key 'authors.authors_name_unique'"]) {
    const mapped = mysqlDialect.translateError(driverError(1062, 'ER_DUP_ENTRY', message), resolve) as ValidationError;
    assert.instance(mapped, ValidationError);
    assert.equal((mapped.details as { errors: { path: string[] }[] }).errors[0].path, ['name']);
  }
});

test('value errors and missing references are 400s', () => {
  for (const [errno, code] of [[1406, 'ER_DATA_TOO_LONG'], [1264, 'ER_WARN_DATA_OUT_OF_RANGE'], [1452, 'ER_NO_REFERENCED_ROW_2'], [1048, 'ER_BAD_NULL_ERROR']] as const) {
    assert.instance(mysqlDialect.translateError(driverError(errno, code, 'x'), resolve), ValidationError, code);
  }
});

test('lost, refused, locked-out and timed-out connections are 503s', () => {
  const cases: [Error, string][] = [
    [Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED', fatal: true }), 'Database unavailable'],
    [Object.assign(new Error('Connection lost: The server closed the connection.'), { code: 'PROTOCOL_CONNECTION_LOST', fatal: true }), 'Database unavailable'],
    [driverError(4151, 'ER_BULK_PARSER_INCOMPLETE_ESCAPE_SEQUENCE', 'Access denied, this account is locked'), 'Database unavailable'],
    [driverError(1045, 'ER_ACCESS_DENIED_ERROR', 'Access denied for user', { sqlState: '28000' }), 'Database unavailable'],
    [driverError(1927, 'ER_CONNECTION_KILLED', 'Connection was killed', { sqlState: '70100' }), 'Database unavailable'],
    [driverError(1969, 'ER_STATEMENT_TIMEOUT', 'Query execution was interrupted (max_statement_time exceeded)'), 'Database timeout'],
    [driverError(1205, 'ER_LOCK_WAIT_TIMEOUT', 'Lock wait timeout exceeded; try restarting transaction'), 'Database timeout'],
    [new Error("Can't add new command when connection is in closed state"), 'Database unavailable'],
    [Object.assign(new Error('Knex: Timeout acquiring a connection.'), { name: 'KnexTimeoutError' }), 'Database unavailable'],
  ];
  for (const [err, message] of cases) {
    const mapped = mysqlDialect.translateError(err, resolve);
    assert.instance(mapped, ServiceUnavailableError, err.message);
    assert.is(mapped!.message, message, err.message);
  }
});

test('other errors are not mistaken for an outage', () => {
  for (const err of [new Error('Cannot read properties of undefined'), driverError(1064, 'ER_PARSE_ERROR', 'You have an error in your SQL syntax', { sqlState: '42000' })]) {
    assert.is(mysqlDialect.translateError(err, resolve), undefined, err.message);
  }
});

test('NULL placement: MySQL order where it is the one wanted, IS NULL first otherwise', () => {
  const ordered = (o: Order) => mysqlDialect.printer.print(select({ columns: [star()], orderBy: [o] })).text.replace('SELECT * ORDER BY ', '');
  assert.is(ordered(asc(col('t0', 'x'), 'first')), '"t0"."x" ASC');
  assert.is(ordered(desc(col('t0', 'x'), 'last')), '"t0"."x" DESC');
  assert.is(ordered(asc(col('l', 'o'), 'last')), '"l"."o" IS NULL ASC, "l"."o" ASC');
  assert.is(ordered(desc(col('t0', 'x'), 'first')), '"t0"."x" IS NULL DESC, "t0"."x" DESC');
});

test('bound values: DATETIME without its zone, JSON as text, casts MySQL accepts', () => {
  assert.is(mysqlDialect.bindValue('datetime', '2024-04-02T12:00:00.123Z'), '2024-04-02 12:00:00.123');
  assert.is(mysqlDialect.bindValue('json', '{"a":1}'), '{"a":1}');
  assert.is(mysqlDialect.bindValue('varchar', null), null);
  assert.is(mysqlDialect.printer.print(cast(param(1), 'ref')).text, 'CAST(? AS unsigned)');
  assert.is(mysqlDialect.printer.print(cast(param(1), 'order')).text, 'CAST(? AS double)');
  assert.is(mysqlDialect.dropIndex('"i"', '"t"'), 'DROP INDEX IF EXISTS "i" ON "t"');
});

test('INSERT ... RETURNING is sent to MariaDB 10.5 and later only, never to MySQL', () => {
  const cases: [string, boolean][] = [
    ['10.11.19-MariaDB-0+deb12u1', true], ['10.5.2-MariaDB', true], ['11.4.2-MariaDB-ubu2404', true], ['5.5.5-10.6.12-MariaDB', true],
    ['10.4.32-MariaDB', false], ['10.3.39-MariaDB-0+deb10u1', false], ['8.0.36', false], ['8.4.0', false], ['5.7.44-log', false],
  ];
  for (const [version, returning] of cases) assert.is(insertReturningOf(version), returning, version);
});

test('a unique key on a long text column: the column itself on MariaDB (it hashes it), its whole SHA-256 on MySQL; other keys unchanged', () => {
  const def: TableDef = {
    name: 'tags', role: 'content', about: 'api::tag.tag',
    columns: [{ name: 'id', kind: 'increments' }, { name: 'summary', kind: 'text' }, { name: 'locale', kind: 'varchar' }, { name: 'body', kind: 'text' }],
    indexes: [
      { name: 'tags_summary_unique', columns: ['summary', 'locale'], unique: true },
      { name: 'tags_body_index', columns: ['body'], unique: false },
      { name: 'tags_locale_unique', columns: ['locale'], unique: true },
    ],
  };
  assert.match(createTableText(mysqlDialect, def, MYSQL_COLLATION), 'UNIQUE KEY "tags_summary_unique" ("summary", "locale")');
  const mysql8 = createTableText(mysqlDialectFor('8.0.36', null), def, MYSQL8_COLLATION);
  assert.match(mysql8, 'UNIQUE KEY "tags_summary_unique" ((SHA2("summary", 256)), "locale")');
  assert.match(mysql8, 'UNIQUE KEY "tags_locale_unique" ("locale")');
  assert.match(mysql8, 'KEY "tags_body_index" ("body")');
});

test('the dialect of a server: MariaDB keeps its collation and index syntax; MySQL gets utf8mb4_0900_bin, DROP and CREATE INDEX without IF [NOT] EXISTS, hashed long unique keys; returning= forces RETURNING either way', () => {
  const maria = mysqlDialectFor('10.11.19-MariaDB-0+deb12u1', null);
  assert.is(maria, mysqlDialect);
  assert.is(mysqlDialectFor('10.11.19-MariaDB', 'false').insertReturning, false);
  const maria104 = mysqlDialectFor('10.4.32-MariaDB', null);
  assert.is(maria104.createIndex('"i"', '"t"', '"c"', true), 'CREATE UNIQUE INDEX IF NOT EXISTS "i" ON "t" ("c")');
  assert.equal([maria104.keyPart('"c"', 'text', true), maria104.retypeMovesData('varchar', 'text')], ['"c"', false]);
  const mysql8 = mysqlDialectFor('8.0.36', null);
  assert.equal([mysql8.insertReturning, mysql8.tableCollation], [false, MYSQL8_COLLATION]);
  assert.is(mysql8.dropIndex('"i"', '"t"'), 'DROP INDEX "i" ON "t"');
  assert.is(mysql8.createIndex('"i"', '"t"', '"c"', false), 'CREATE INDEX "i" ON "t" ("c")');
  assert.equal([mysql8.keyPart('"c"', 'text', true), mysql8.keyPart('"c"', 'text', false), mysql8.retypeMovesData('varchar', 'text')], ['(SHA2("c", 256))', '"c"', true]);
  assert.is(mysql8.printer.print(asText(col(undefined, 'n'), 'integer')).text, 'CAST("n" AS CHAR) COLLATE utf8mb4_0900_bin');
  assert.is(mysqlDialectFor('8.0.36', 'true').insertReturning, true);
  assert.throws(() => mysqlDialectFor('8.0.36', 'no'), /returning= must be true or false/);
});

test.run();
