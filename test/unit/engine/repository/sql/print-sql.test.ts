/**
 * unit (engine/repository/sql): SQL nodes printed per database. The same node tree gives each
 * database its own text where they differ (casts, text comparison, pattern matching, lower case,
 * NULL placement, joined text, empty rows, upserts, row locks) and the same text where they do not;
 * bindings come out in text order.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mysqlDialect } from '../../../../../engine/repository/dialect/mysql.js';
import { postgresDialect } from '../../../../../engine/repository/dialect/postgres.js';
import { sqliteDialect } from '../../../../../engine/repository/dialect/sqlite.js';
import {
  and, asc, binary, call, caseOf, cast, col, columnIn, columnIs, compared, deleteFrom, derived, desc, eq, inList, insertInto, insertRowsInto, isNull, keyword, lit, match, not, or,
  param, select, Slot, star, subquery, table, update,
} from '../../../../../engine/repository/sql/build.js';
import type { Insert, Statement } from '../../../../../engine/repository/sql/sql-node.js';
import { mysqlDialectFor } from '../../../../../engine/repository/dialect/mysql.js';
import { LRUCache } from 'lru-cache';
import type { RunContext } from '../../../../../engine/repository/run-context.js';
import { shaped } from '../../../../../engine/repository/run-sql.js';
import type { Printed } from '../../../../../engine/repository/sql/print-sql.js';

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

const same = (text: string) => ({ sqlite: text, postgres: text, mysql: text });

test('INSERT, UPDATE, DELETE with RETURNING: alike everywhere, bindings in text order', () => {
  const insert = insertInto('articles', { title: 'a', views: 3 }, [col(undefined, 'id')]);
  assert.equal(printed(insert), same('INSERT INTO "articles" ("title", "views") VALUES (?, ?) RETURNING "id"'));
  assert.equal(printed(insertRowsInto('links', ['a', 'b'], [[1, 2], [3, 4]])), same('INSERT INTO "links" ("a", "b") VALUES (?, ?), (?, ?)'));
  assert.equal(sqliteDialect.printer.print(insertRowsInto('links', ['a', 'b'], [[1, 2], [3, 4]])).bindings, [1, 2, 3, 4]);
  const changed = update('articles', { title: 'b', excerpt: undefined, views: null }, columnIs('id', 7), [star('articles')]);
  assert.equal(printed(changed), same('UPDATE "articles" SET "title" = ?, "views" = ? WHERE "id" = ? RETURNING "articles".*'));
  assert.equal(postgresDialect.printer.print(changed).bindings, ['b', null, 7]);
  assert.equal(printed(deleteFrom('tags', and([columnIn('id', [1, 2]), not(columnIs('owner', 3))]))), same('DELETE FROM "tags" WHERE ("id" IN (?, ?)) AND (NOT ("owner" = ?))'));
  assert.equal(printed(deleteFrom('tags', columnIn('id', []))), same('DELETE FROM "tags" WHERE 1 = 0'));
});

test('a row of defaults: DEFAULT VALUES, on MySQL () VALUES ()', () => {
  assert.equal(printed(insertInto('components_shared_seos', {}, [col(undefined, 'id')])), {
    sqlite: 'INSERT INTO "components_shared_seos" DEFAULT VALUES RETURNING "id"',
    postgres: 'INSERT INTO "components_shared_seos" DEFAULT VALUES RETURNING "id"',
    mysql: 'INSERT INTO "components_shared_seos" () VALUES () RETURNING "id"',
  });
});

test('upserts: ON CONFLICT DO UPDATE, on MySQL ON DUPLICATE KEY UPDATE with the assignments in the order given', () => {
  const old = (c: string) => col('quire_rate_limits', c);
  const expired = (fresh: Parameters<typeof binary>[1], current: Parameters<typeof binary>[1]) =>
    ({ kind: 'case', whens: [[binary('<=', old('window_start'), param(10)), fresh]], otherwise: current }) as const;
  const node: Insert = {
    kind: 'insert', table: 'quire_rate_limits', columns: ['bucket', 'hits', 'window_start'], rows: [[param('b'), lit(1), param(20)]],
    upsert: { conflict: ['bucket'], set: [['hits', expired(lit(1), binary('+', old('hits'), lit(1)))], ['window_start', expired(param(20), old('window_start'))]] },
  };
  const set = '"hits" = CASE WHEN "quire_rate_limits"."window_start" <= ? THEN 1 ELSE "quire_rate_limits"."hits" + 1 END, ' +
    '"window_start" = CASE WHEN "quire_rate_limits"."window_start" <= ? THEN ? ELSE "quire_rate_limits"."window_start" END';
  const values = 'INSERT INTO "quire_rate_limits" ("bucket", "hits", "window_start") VALUES (?, 1, ?)';
  assert.equal(printed(node), {
    sqlite: `${values} ON CONFLICT ("bucket") DO UPDATE SET ${set}`,
    postgres: `${values} ON CONFLICT ("bucket") DO UPDATE SET ${set}`,
    mysql: `${values} ON DUPLICATE KEY UPDATE ${set}`,
  });
  assert.equal(mysqlDialect.printer.print(node).bindings, ['b', 20, 10, 10, 20]);
});

test('INSERT ... SELECT over several sources, a simple CASE, a UNION ALL and a star: casts per database', () => {
  const targets = derived(select({ columns: [col(undefined, 'id')], from: table('tags'), union: [{ all: true, select: select({ columns: [col(undefined, 'id')], from: table('e') }) }] }), 't');
  const order = caseOf(col('t', 'id'), [[param(5), cast(param(1), 'order')], [param(6), cast(param(2), 'order')]]);
  const node: Insert = {
    kind: 'insert', table: 'links', columns: ['a', 'b', 'o'],
    rows: select({ columns: [col('o', 'id'), col('t', 'id'), order], from: [table('e', 'o'), targets], where: inList(col('t', 'id'), [param(5), param(6)]) }),
    returning: [col(undefined, 'b')],
  };
  const text = (real: string) => 'INSERT INTO "links" ("a", "b", "o") SELECT "o"."id", "t"."id", ' +
    `CASE "t"."id" WHEN ? THEN CAST(? AS ${real}) WHEN ? THEN CAST(? AS ${real}) END ` +
    'FROM "e" AS "o", (SELECT "id" FROM "tags" UNION ALL SELECT "id" FROM "e") AS "t" WHERE "t"."id" IN (?, ?) RETURNING "b"';
  assert.equal(printed(node), { sqlite: text('real'), postgres: text('double precision'), mysql: text('double') });
  assert.equal(sqliteDialect.printer.print(node).bindings, [5, 1, 6, 2, 5, 6]);
  assert.equal(printed(select({ columns: [star('e'), { item: subquery(select({ columns: [keyword('count(*)')], from: table('r1') })), as: '#1' }], from: table('e') })),
    same('SELECT "e".*, (SELECT count(*) FROM "r1") AS "#1" FROM "e"'));
});

test('GROUP BY', () => {
  const other = col(undefined, 'tag_id');
  const node = select({ columns: [{ item: other, as: 'other' }, { item: call('MAX', col(undefined, 'o')), as: 'max' }], from: table('links'), where: columnIn('tag_id', [1]), groupBy: [other] });
  assert.equal(printed(node), same('SELECT "tag_id" AS "other", MAX("o") AS "max" FROM "links" WHERE "tag_id" IN (?) GROUP BY "tag_id"'));
});

test('WITH a claim of locked rows: FOR UPDATE SKIP LOCKED on PostgreSQL and MySQL, nothing on SQLite (one writer at a time)', () => {
  const id = col(undefined, 'id');
  const due = select({ columns: [id], from: table('q'), where: binary('<=', col(undefined, 'at'), param(9)), orderBy: [asc(id)], limit: param(5), skipLocked: true });
  const node: Statement = { kind: 'with', steps: [{ name: 'due', statement: due }], body: update('q', { by: 'w' }, inList(id, select({ columns: [id], from: table('due') })), [id]) };
  const text = (lock: string) => `WITH "due" AS (SELECT "id" FROM "q" WHERE "at" <= ? ORDER BY "id" ASC LIMIT ?${lock}) UPDATE "q" SET "by" = ? WHERE "id" IN (SELECT "id" FROM "due") RETURNING "id"`;
  assert.equal(printed(node), { sqlite: text(''), postgres: text(' FOR UPDATE SKIP LOCKED'), mysql: text(' FOR UPDATE SKIP LOCKED') });
  assert.equal(postgresDialect.printer.print(node).bindings, [9, 5, 'w']);
});

test('a data-modifying WITH (PostgreSQL creates in one statement): steps and body in order', () => {
  const node: Statement = {
    kind: 'with',
    steps: [{ name: 'e', statement: insertInto('articles', { title: 't' }, [star()]) }, { name: 'c1', statement: insertInto('seos', {}, [col(undefined, 'id')]) }],
    body: select({ columns: [star('e')], from: table('e') }),
  };
  assert.is(postgresDialect.printer.print(node).text, 'WITH "e" AS (INSERT INTO "articles" ("title") VALUES (?) RETURNING *), "c1" AS (INSERT INTO "seos" DEFAULT VALUES RETURNING "id") SELECT "e".* FROM "e"');
});

test('MySQL 8 matches non-text values as text in its own binary collation', () => {
  const node = match({ kind: 'asText', item: col('t0', 'n'), storage: 'integer' }, 'contains', '1');
  assert.is(mysqlDialectFor('8.0.36', null).printer.print(node).text, 'CAST("t0"."n" AS CHAR) COLLATE utf8mb4_0900_bin LIKE ? ESCAPE \'!\'');
  assert.is(mysqlDialect.printer.print(node).text, 'CAST("t0"."n" AS CHAR) COLLATE utf8mb4_nopad_bin LIKE ? ESCAPE \'!\'');
});

test('slots: a shape printed once keeps its slots as bindings, in text order', () => {
  const node = update('tags', { name: new Slot(0), order: new Slot(1) }, columnIs('id', new Slot(2)));
  const { text, bindings } = sqliteDialect.printer.print(node);
  assert.is(text, 'UPDATE "tags" SET "name" = ?, "order" = ? WHERE "id" = ?');
  assert.equal(bindings.map((b) => (b as Slot).n), [0, 1, 2]);
});

test('shaped: a statement printed once per shape sends the same text and bindings as the statement printed with its values', () => {
  for (const dialect of [sqliteDialect, postgresDialect, mysqlDialect]) {
    const ctx = { dialect, statements: new LRUCache<string, Printed>({ max: 10 }) } as unknown as RunContext;
    for (const [title, id] of [['a', 1], ['b', 2]] as const) {
      const once = shaped(ctx, 'update tags name,order', () => update('tags', { name: new Slot(0), order: new Slot(1) }, columnIs('id', new Slot(2))), [title, id * 10, id]);
      const direct = dialect.printer.print(update('tags', { name: title, order: id * 10 }, columnIs('id', id)));
      assert.equal(once, direct, dialect.name);
    }
    const rows = [[1, 'x'], [2, 'y']];
    const once = shaped(ctx, 'insert links a,b x2', () => insertRowsInto('links', ['a', 'b'], rows.map((_, r) => [new Slot(2 * r), new Slot(2 * r + 1)])), rows.flat());
    assert.equal(once, dialect.printer.print(insertRowsInto('links', ['a', 'b'], rows)), dialect.name);
  }
});

test.run();
