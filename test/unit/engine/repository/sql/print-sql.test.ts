/**
 * unit (engine/repository/sql): SQL nodes printed per database. The same node tree gives each
 * database its own text where they differ (casts, text comparison, pattern matching, lower case,
 * NULL placement, joined text) and the same text where they do not; bindings come out in text order.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mysqlDialect } from '../../../../../engine/repository/dialect/mysql.js';
import { postgresDialect } from '../../../../../engine/repository/dialect/postgres.js';
import { sqliteDialect } from '../../../../../engine/repository/dialect/sqlite.js';
import { and, asc, cast, col, compared, desc, eq, inList, isNull, match, not, or, param, select, table } from '../../../../../engine/repository/sql/build.js';

const printers = { sqlite: sqliteDialect.printer, postgres: postgresDialect.printer, mysql: mysqlDialect.printer };
const printed = (node: Parameters<typeof postgresDialect.printer.print>[0]) =>
  Object.fromEntries(Object.entries(printers).map(([name, p]) => [name, p.print(node).text]));

test('what every database writes alike: a select with a filter, an order, a page', () => {
  const node = select({
    columns: [{ item: col('t0', 'id'), as: 'id' }], from: table('tags', 't0'),
    where: and([eq(col('t0', 'locale'), param('en')), isNull(col('t0', 'published_at'), true)]), orderBy: [asc(col('t0', 'id'))], limit: 25, offset: param(50),
  });
  const text = 'SELECT "t0"."id" AS "id" FROM "tags" AS "t0" WHERE ("t0"."locale" = ?) AND ("t0"."published_at" IS NOT NULL) ORDER BY "t0"."id" ASC LIMIT 25 OFFSET ?';
  assert.equal(printed(node), { sqlite: text, postgres: text, mysql: text });
  assert.equal(postgresDialect.printer.print(node).bindings, ['en', 50]);
});

test('text compared byte-wise, decimals as numbers: each database its way', () => {
  assert.equal(printed(eq(compared(col('t0', 'title'), 'varchar'), param('x'))), {
    sqlite: '"t0"."title" = ?', postgres: '"t0"."title" COLLATE "C" = ?', mysql: '"t0"."title" = ?',
  });
  assert.equal(printed(eq(compared(col('t0', 'price'), 'decimal'), param(1))).sqlite, 'CAST("t0"."price" AS REAL) = ?');
  assert.equal(printed(cast(param(1), 'ref')), { sqlite: 'CAST(? AS integer)', postgres: 'CAST(? AS integer)', mysql: 'CAST(? AS unsigned)' });
});

test('pattern matching: GLOB on SQLite (LIKE folds ASCII case there), LIKE elsewhere; metacharacters literal', () => {
  const node = match(col('t0', 'title'), 'contains', '50%_*');
  assert.equal(printed(node), { sqlite: '"t0"."title" GLOB ?', postgres: '"t0"."title" LIKE ? ESCAPE \'!\'', mysql: '"t0"."title" LIKE ? ESCAPE \'!\'' });
  assert.equal(sqliteDialect.printer.print(node).bindings, ['*50%_[*]*']);
  assert.equal(postgresDialect.printer.print(node).bindings, ['%50!%!_*%']);
  assert.equal(printed(match(col('t0', 'title'), 'startsWith', 'a', true)).sqlite, 'quire_lower("t0"."title") LIKE quire_lower(?) ESCAPE \'!\'');
});

test('NULL placement: NULLS FIRST / LAST, or on MySQL its own order and an IS NULL key the other way', () => {
  const order = select({ columns: [col('t0', 'id')], from: table('tags', 't0'), orderBy: [desc(col('t0', 'name'), 'first'), asc(col('t0', 'name'), 'first')] });
  assert.equal(printed(order), {
    sqlite: 'SELECT "t0"."id" FROM "tags" AS "t0" ORDER BY "t0"."name" DESC NULLS FIRST, "t0"."name" ASC NULLS FIRST',
    postgres: 'SELECT "t0"."id" FROM "tags" AS "t0" ORDER BY "t0"."name" DESC NULLS FIRST, "t0"."name" ASC NULLS FIRST',
    mysql: 'SELECT "t0"."id" FROM "tags" AS "t0" ORDER BY "t0"."name" IS NULL DESC, "t0"."name" DESC, "t0"."name" ASC',
  });
});

test('logic: nested and / or / not, empty lists, IN of a subquery', () => {
  const sub = select({ columns: [col('l1', 'article_id')], from: table('links', 'l1'), where: isNull(col('l1', 'article_id'), true) });
  const node = or([not(inList(col('t0', 'id'), sub)), and([]), or([])]);
  assert.is(postgresDialect.printer.print(node).text, '(NOT ("t0"."id" IN (SELECT "l1"."article_id" FROM "links" AS "l1" WHERE "l1"."article_id" IS NOT NULL))) OR (1 = 1) OR (1 = 0)');
});

test.run();
