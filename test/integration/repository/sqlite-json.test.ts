/**
 * integration (SQLite run): compiled-read/sqlite-json.ts on a real in-memory SQLite (the native
 * driver, so not in the unit suite, which `make test-node22` runs on another Node major). For every storage kind and every
 * stored form a column may hold (what quire writes, what another system wrote), the column's JSON
 * text from the statement is JSON.stringify of what the usual path decodes from the same row.
 */
import Database from 'better-sqlite3';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { quireJson, SQLITE_JSON_FUNCTION, sqliteColumnJson } from '../../../engine/repository/compiled-read/sqlite-json.js';
import { sqliteDialect } from '../../../engine/repository/dialect/sqlite.js';
import type { StorageKind } from '../../../engine/repository/storage-map.js';
import { decodeValue } from '../../../engine/repository/values/decode-value.js';
import { DIALECT } from './fixture.js';


const it = DIALECT === 'sqlite' ? test : test.skip;
if (DIALECT !== 'sqlite') console.log(`[${DIALECT}] SQLite's JSON printers: run with the SQLite integration suite, skipped on this database`);

const RAW: Readonly<Record<StorageKind | 'id', readonly unknown[]>> = {
  id: [1, 0, 2 ** 53 - 1, 2 ** 53 + 2, 3.0, 3.5, '7', null],
  integer: [0, -5, 12345678, 2.5, '12', null],
  double: [0, -0, 1 / 3, 0.1 + 0.2, 1e-7, 1.5e-5, 1e21, 123456789012345680000, -4.5, 2 ** 60, 7, '2.50', null],
  decimal: [19.99, 0.30000000000000004, 1e-7, 10, '3.10', null],
  bigint: [9007199254740993n, -1, 0, '12345678901234567890', 1.5, null],
  timestamp: [1700000000123, '1700000000123', 1.7e12, null],
  varchar: ['plain', 'quote " back \\ \u0001 \u001f \n 😀 </script> \u2028', '', 42, 4.5, null],
  text: ['long\ntext\ttab', 0, null],
  boolean: [1, 0, 2, '1', 't', 'true', 'false', 'f', 1.0, 0.5, null],
  datetime: ['2024-02-29T23:59:59.123Z', '2024-02-31T00:00:00.000Z', '2024-13-01T00:00:00.000Z', '2024-01-01T24:00:00.000Z', '2024-01-01 10:00:00', '2024-01-01T10:00:00Z', 1700000000123, 'not a date', null],
  date: ['1999-12-31', '1999-12-31T10:00:00.000Z', '2024-1-5', 1700000000123, null],
  time: ['23:59:59.500', '23:59', '23:59:59', '23:59:59.5', '10:00:00.123456', 'noon', null],
  json: ['{"b":1,"a":[1,2.5,{"10":true,"2":"x"}]}', '[[1,[2,[3,[4,[5]]]]]]', '1e21', '"s"', 'not json', null],
};

it('every kind and stored form: the statement prints what decoding and JSON.stringify print', () => {
  const db = new Database(':memory:');
  db.function(SQLITE_JSON_FUNCTION, { deterministic: true }, quireJson);
  for (const [kind, raws] of Object.entries(RAW) as [StorageKind | 'id', readonly unknown[]][]) {
    const column = kind === 'id' || kind === 'integer' || kind === 'bigint' ? 'INTEGER' : kind === 'double' ? 'REAL' : '';
    db.exec(`DROP TABLE IF EXISTS "t"; CREATE TABLE "t" ("v" ${column})`);
    const insert = db.prepare('INSERT INTO "t" ("v") VALUES (?)');
    for (const raw of raws) insert.run(raw === -0 ? 0 : raw);
    const usual = db.prepare(`SELECT ${sqliteDialect.selectExpr('"v"', kind)} AS "v" FROM "t" ORDER BY rowid`).all() as { v: unknown }[];
    const compiled = db.prepare(`SELECT ${sqliteColumnJson('"v"', kind)} AS "j" FROM "t" ORDER BY rowid`).all() as { j: string }[];
    usual.forEach((row, i) => assert.is(compiled[i].j, JSON.stringify(decodeValue(kind, row.v)), `${kind} ${String(raws[i])}`));
  }
  db.close();
});

it('floats: the digits SQLite prints itself are the digits JavaScript prints', () => {
  const db = new Database(':memory:');
  db.function(SQLITE_JSON_FUNCTION, { deterministic: true }, quireJson);
  db.exec('CREATE TABLE "t" ("v" REAL)');
  const insert = db.prepare('INSERT INTO "t" ("v") VALUES (?)');
  // a fixed pseudo-random sequence (xorshift): the same values on every run
  let x = 0x2545f491;
  const next = () => ((x ^= x << 13), (x ^= x >>> 17), (x ^= x << 5), (x >>> 0) / 2 ** 32);
  const values: number[] = [];
  for (let i = 0; i < 20_000; i++) {
    const r = next();
    values.push(r, r * 1000, Math.round(r * 1e6) / 100, -Math.round(r * 1e4) / 1e3, r * 1e15, r * 1e-5, Math.round(r * 100) / 10, 1 / (i + 1), (i + 1) / 7, i + 0.5);
  }
  db.transaction(() => values.forEach((v) => insert.run(v)))();
  const rows = db.prepare(`SELECT "v", ${sqliteColumnJson('"v"', 'double')} AS "j" FROM "t" ORDER BY rowid`).all() as { v: number; j: string }[];
  for (const row of rows) if (row.j !== JSON.stringify(row.v)) assert.unreachable(`${row.v}: ${row.j}`);
  assert.is(rows.length, values.length);
  db.close();
});

test.run();
