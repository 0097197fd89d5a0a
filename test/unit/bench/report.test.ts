/**
 * unit, test/bench: the tables `make bench` and `make bench-vs-strapi` print: the one-statement
 * ceiling's columns (PostgreSQL) and their `-` elsewhere, a Strapi run that finished nothing, and
 * the cost by data size of BENCH_SIZE=large/xl.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatGrowthBySize, type GrowthRow } from '../../bench/report.js';
import { formatVsStrapi, type VsStrapiRow } from '../../bench/vs-strapi-report.js';

const row = (extra: Partial<VsStrapiRow> = {}): VsStrapiRow => ({
  id: 'W1', title: 'list', quireRps: 400, strapiRps: 20, ceilingRps: 500, quireP99: 10, strapiP99: 90, ceilingP99: 8,
  quireSql: 1, strapiSql: 3, ceilingSql: 2, strapiBodies: 'equal', ceilingBodies: 'equal', ...extra,
});

test('vs Strapi: the one-statement ceiling column where it was measured, - where not', () => {
  const pg = formatVsStrapi('PostgreSQL', 1000, [row({ oneStatement: { rps: 800, p99: 5, sql: 1, bodies: 'identical bytes' } })], 150, 300);
  const line = pg.split('\n').find((l) => l.startsWith('W1'))!;
  assert.match(line, /20\.0x\s+500\s+0\.80\s+10\/90\/8\s+1\.0\/3\.0\/2\.0\s+800\s+0\.50\s+5\s+1\.0\s+-\s+-$/);
  assert.match(pg, /quire vs 1-stmt: identical bytes/);
  assert.match(pg, /1-stmt: the one-statement ceiling/);
  const lite = formatVsStrapi('SQLite', 1000, [row()], 150, 300);
  assert.match(lite.split('\n').find((l) => l.startsWith('W1'))!, /\s-\s+-\s+-\s+-\s+-\s+-$/);
  assert.match(lite, /PostgreSQL only/);
});

test('vs Strapi: CPU per request of each server, and of the database on PostgreSQL', () => {
  const pg = formatVsStrapi('PostgreSQL', 1000, [row({ cpu: { quire: 412.4, strapi: 9100, quireDb: 530, strapiDb: 1200.2 } })], 150, 300);
  assert.match(pg.split('\n').find((l) => l.startsWith('W1'))!, /\s412\/9100\s+530\/1200$/);
  const lite = formatVsStrapi('SQLite', 1000, [row({ cpu: { quire: 300, strapi: 8000 } })], 150, 300);
  assert.match(lite.split('\n').find((l) => l.startsWith('W1'))!, /\s300\/8000\s+-$/);
  assert.match(pg, /CPU us\/req: the server process's CPU time per answered request/);
});

test('vs Strapi: a Strapi run that finished no request is n/a, not Infinity', () => {
  const out = formatVsStrapi('PostgreSQL', 1000, [row({ strapiRps: 0 })], 150, 300);
  assert.not.match(out, /Infinity/);
  assert.match(out, /n\/a \(Strapi: 0\)/);
});

test('cost by data size: CPU per request and per entry at each size, last over first', () => {
  const g = (workload: string, articles: number, pageSize: number, cpu: number): GrowthRow => ({ workload, articles, pageSize, rps: 100, msPerRequest: 10, cpuPerRequest: cpu, sqlPerRequest: 1 });
  const out = formatGrowthBySize([g('W1', 1000, 25, 1000), g('W1', 10000, 25, 1100), g('W1', 100000, 25, 1200), g('W4', 1000, 1, 500), g('W4', 100000, 1, 500)]);
  const lines = out.split('\n');
  assert.match(lines[1], /CPU us\/req @1,000\s+CPU us\/req @10,000\s+CPU us\/req @100,000\s+last\/first/);
  assert.match(lines.find((l) => l.startsWith('W1'))!, /1000 \(40\/entry\)\s+1100 \(44\/entry\)\s+1200 \(48\/entry\)\s+1\.20/);
  // a size the shape was not measured at
  assert.match(lines.find((l) => l.startsWith('W4'))!, /500 \(500\/entry\)\s+-\s+500 \(500\/entry\)\s+1\.00/);
});

test.run();
