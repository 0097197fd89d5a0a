/**
 * bench: `make bench`. Per database (SQLite, then PostgreSQL at QUIRE_PG_URL and MariaDB/MySQL at
 * QUIRE_MYSQL_URL when they answer):
 * `quire serve` and the hand-written ceiling (ceiling-server.ts) as child processes on one fresh
 * database seeded through quire's API; the six workloads of workloads.ts driven by autocannon
 * (10 connections), ceiling and quire in alternation after a warm-up; statements per request from
 * the bench counters (QUIRE_COUNT_QUERIES=1); quire's RSS from /proc. Then cost growth with page
 * and data size, and start-up/build on the 200-type generated spec. Prints tables and writes
 * bench/results/<timestamp>.json. Not part of `make test`.
 *   BENCH_SIZE=large (10,000 articles through the API) or xl (PostgreSQL only: 1,000 through the API, then
 *   copies of them by SQL (clone-seed.ts) to 10,000 and 100,000; cost growth at each size and the EXPLAIN
 *   plans at the last), BENCH_SECONDS (3), BENCH_ROUNDS (3), BENCH_WARMUP (1), BENCH_DIALECTS=sqlite,postgres,mysql;
 *   while working on one stage: BENCH_WORKLOADS=W5,W6 and BENCH_PARTS=workloads,growth,startup,soak (a subset);
 *   BENCH_PROFILE=<dir> writes a CPU profile of each measured server there (node --cpu-prof)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstDifference, withoutVolatile } from './compare-bodies.js';
import type { LoadResult } from './load-child.js';
import { createToken, loadWorkload, pgReachable, memoryOf, MYSQL_URL, PG_URL, ROOT, startCeiling, startQuire, statsOf, stopLoadRunner, withMysql, withPg, type LoadShape, type ServerProcess } from './processes.js';
import { formatGrowth, formatGrowthBySize, formatStartup, formatTable, type GrowthRow, type WorkloadRow } from './report.js';
import { seedArticles, seedShared } from './seed-bench.js';
import { formatSoak, runSoak, type SoakResult } from './soak.js';
import { benchStartup } from './startup-bench.js';
import { cloneArticles } from './clone-seed.js';
import { explainWorkloads, formatPlans, type PlanSummary } from './explain-plans.js';
import { pagedPath, w3Path, workloads, type SharedIds, type Workload } from './workloads.js';

const SIZE = process.env.BENCH_SIZE ?? 'default';
/** the data sizes the cost growth is measured at; the workloads run at the last */
const STEPS = SIZE === 'xl' ? [1_000, 10_000, 100_000] : SIZE === 'large' ? [1_000, 10_000] : [1_000];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
/** seconds of each cost-growth run (after a 1 s warm-up) */
const GROWTH_SECONDS = 2;
const CONNECTIONS = 10;
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres,mysql').split(',').map((d) => d.trim());
const ONLY = process.env.BENCH_WORKLOADS ? new Set(process.env.BENCH_WORKLOADS.split(',').map((w) => w.trim())) : undefined;
const PARTS = new Set((process.env.BENCH_PARTS ?? 'workloads,growth,startup,soak').split(',').map((p) => p.trim()));
const started = Date.now();
const say = (s: string) => process.stdout.write(s + '\n');
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;

// ---- databases ----------------------------------------------------------------------------

const work = mkdtempSync(join(tmpdir(), 'quire-bench-'));
const pgDatabases: string[] = [];
const mysqlDatabases: string[] = [];
let dbCounter = 0;

async function freshDatabase(dialect: string): Promise<string> {
  const name = `quire_bench_${process.pid}_${dbCounter++}`;
  if (dialect === 'sqlite') return `sqlite:${join(work, `${name}.db`)}`;
  if (dialect === 'mysql') {
    await withMysql((c) => c.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`));
    mysqlDatabases.push(name);
    const u = new URL(MYSQL_URL);
    u.pathname = `/${name}`;
    return u.toString();
  }
  await withPg((c) => c.query(`CREATE DATABASE "${name}"`));
  pgDatabases.push(name);
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

async function dropPgDatabases(): Promise<void> {
  if (mysqlDatabases.length > 0) {
    await withMysql(async (c) => {
      for (const db of mysqlDatabases.splice(0)) await c.query(`DROP DATABASE IF EXISTS \`${db}\``);
    }).catch(() => undefined);
  }
  if (pgDatabases.length === 0) return;
  await withPg(async (c) => {
    for (const db of pgDatabases.splice(0)) await c.query(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`);
  }).catch(() => undefined);
}

// ---- measuring ----------------------------------------------------------------------------

const run = (server: ServerProcess, w: LoadShape, token: string, seconds: number): Promise<LoadResult> => loadWorkload(server, w, token, seconds, CONNECTIONS);

/** one measured run plus the server's statement and request counts over it */
async function counted(server: ServerProcess, w: Parameters<typeof run>[1], token: string, seconds: number): Promise<LoadResult & { statements: number; requests: number; cpuMicros: number }> {
  const before = await statsOf(server);
  const r = await run(server, w, token, seconds);
  const after = await statsOf(server);
  return { ...r, statements: after.statements - before.statements, requests: after.requests - before.requests, cpuMicros: after.cpuMicros - before.cpuMicros };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** warm-up all, then ceiling, one-statement ceiling (PostgreSQL), quire, ceiling, ... */
async function measure(w: Workload, quire: ServerProcess, ceiling: ServerProcess, one: ServerProcess | undefined, token: string): Promise<WorkloadRow> {
  await run(ceiling, w, token, WARMUP);
  if (one) await run(one, w, token, WARMUP);
  await run(quire, w, token, WARMUP);
  const c: Awaited<ReturnType<typeof counted>>[] = [];
  const o: Awaited<ReturnType<typeof counted>>[] = [];
  const q: Awaited<ReturnType<typeof counted>>[] = [];
  const rss: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    c.push(await counted(ceiling, w, token, SECONDS));
    if (one) o.push(await counted(one, w, token, SECONDS));
    q.push(await counted(quire, w, token, SECONDS));
    rss.push(memoryOf(quire.pid).rssMb);
  }
  const sum = (xs: typeof q, k: 'statements' | 'requests' | 'cpuMicros') => xs.reduce((a, x) => a + x[k], 0);
  const oneStatement = one ? { rps: mean(o.map((x) => x.rps)), p99: mean(o.map((x) => x.p99)), sqlPerRequest: sum(o, 'statements') / sum(o, 'requests'), cpuPerRequest: sum(o, 'cpuMicros') / sum(o, 'requests') } : undefined;
  const row: WorkloadRow = {
    id: w.id, title: w.title, target: w.target,
    quireRps: mean(q.map((x) => x.rps)), ceilingRps: mean(c.map((x) => x.rps)),
    quireRounds: q.map((x) => x.rps), ceilingRounds: c.map((x) => x.rps),
    ratio: 0,
    p50: mean(q.map((x) => x.p50)), p99: mean(q.map((x) => x.p99)),
    ceilingP50: mean(c.map((x) => x.p50)), ceilingP99: mean(c.map((x) => x.p99)),
    sqlPerRequest: sum(q, 'statements') / sum(q, 'requests'),
    ceilingSqlPerRequest: sum(c, 'statements') / sum(c, 'requests'),
    cpuPerRequest: sum(q, 'cpuMicros') / sum(q, 'requests'),
    ceilingCpuPerRequest: sum(c, 'cpuMicros') / sum(c, 'requests'),
    rssMb: rss, peakMb: memoryOf(quire.pid).peakMb, oneStatement,
  };
  row.ratio = row.quireRps / row.ceilingRps;
  say(`  ${w.id} ${row.quireRps.toFixed(0)} vs ${row.ceilingRps.toFixed(0)} req/s (${row.ratio.toFixed(2)})${oneStatement ? `, one-statement ceiling ${oneStatement.rps.toFixed(0)}` : ''}  [${elapsed()}]`);
  return row;
}

/** W1 (no populate) and W2 (populate=*) at page sizes 1, 25, 100, W3 (filter on a relation: its count reads every match) and W4 on quire alone */
async function growth(quire: ServerProcess, token: string, articles: number, articleIds: readonly number[]): Promise<GrowthRow[]> {
  const shapes: { workload: string; pageSize: number; paths: string[] }[] = [];
  for (const populate of [false, true]) for (const pageSize of [1, 25, 100]) shapes.push({ workload: populate ? 'W2' : 'W1', pageSize, paths: [pagedPath(populate, pageSize)] });
  shapes.push({ workload: 'W3', pageSize: 25, paths: [w3Path()] });
  // ids spread over the whole table
  shapes.push({ workload: 'W4', pageSize: 1, paths: Array.from({ length: 200 }, (_, i) => `/api/articles/${articleIds[(i * 7919) % articleIds.length]}`) });
  const rows: GrowthRow[] = [];
  for (const shape of shapes) {
    const w = { method: 'GET' as const, paths: shape.paths };
    await run(quire, w, token, 1);
    const r = await counted(quire, w, token, GROWTH_SECONDS);
    rows.push({ workload: shape.workload, articles, pageSize: shape.pageSize, rps: r.rps, msPerRequest: 1000 / r.rps, cpuPerRequest: r.cpuMicros / r.requests, sqlPerRequest: r.statements / r.requests });
  }
  return rows;
}

/** quire's and the ceiling's answers to each workload's first request, compared */
async function verify(ws: Workload[], quire: ServerProcess, ceiling: ServerProcess, token: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const w of ws) {
    const ask = (s: ServerProcess) => fetch(s.url + w.paths[0], {
      method: w.method, body: w.bodies?.[0],
      headers: { ...(w.bodies ? { 'content-type': 'application/json' } : {}), ...(w.auth ? { authorization: `Bearer ${token}` } : {}) },
    }).then(async (r) => ({ status: r.status, text: await r.text() }));
    const [a, b] = [await ask(quire), await ask(ceiling)];
    if (a.status !== 200 || b.status !== 200) throw new Error(`${w.id}: quire ${a.status}, ceiling ${b.status}: ${a.text.slice(0, 300)} / ${b.text.slice(0, 300)}`);
    const [ja, jb] = w.id === 'W5' ? [withoutVolatile(JSON.parse(a.text)), withoutVolatile(JSON.parse(b.text))] : [JSON.parse(a.text), JSON.parse(b.text)];
    const diff = firstDifference(ja, jb);
    out[w.id] = diff ? `differs: ${diff}` : a.text === b.text ? 'identical bytes' : w.id === 'W5' ? 'equal (id and timestamps aside)' : 'equal (key order aside)';
  }
  return out;
}

// ---- one database -------------------------------------------------------------------------

async function benchDialect(dialect: string) {
  const label = dialect === 'sqlite' ? 'SQLite' : dialect === 'mysql' ? 'MariaDB/MySQL' : 'PostgreSQL';
  const databaseUrl = await freshDatabase(dialect);
  const token = createToken(databaseUrl, work);
  const quire = await startQuire(databaseUrl, work, join(work, `quire-${dialect}.log`));
  let ceiling: ServerProcess | undefined;
  let one: ServerProcess | undefined;
  try {
    const size = STEPS[STEPS.length - 1];
    let t = performance.now();
    const ids: SharedIds = await seedShared(quire.url, token);
    let articleIds = await seedArticles(quire.url, token, ids, 0, STEPS[0]);
    const seedMs = [performance.now() - t];
    say(`${label}: seeded ${STEPS[0].toLocaleString('en')} articles through the API in ${(seedMs[0] / 1000).toFixed(1)} s  [${elapsed()}]`);
    const grow: GrowthRow[] = [];
    for (let i = 1; i < STEPS.length; i++) {
      if (PARTS.has('growth')) grow.push(...(await growth(quire, token, STEPS[i - 1], articleIds)));
      t = performance.now();
      const added = SIZE === 'xl' ? await cloneArticles(databaseUrl, articleIds.slice(0, STEPS[0]), STEPS[i]) : await seedArticles(quire.url, token, ids, STEPS[i - 1], STEPS[i]);
      articleIds = articleIds.concat(added);
      seedMs.push(performance.now() - t);
      say(`${label}: ${SIZE === 'xl' ? 'copied by SQL' : 'seeded through the API'} up to ${STEPS[i].toLocaleString('en')} articles in ${(seedMs[i] / 1000).toFixed(1)} s  [${elapsed()}]`);
    }
    let plans: PlanSummary[] | undefined;
    if (dialect === 'postgres' && SIZE !== 'default') {
      plans = await explainWorkloads(databaseUrl, articleIds[articleIds.length >> 1], { author: ids.authors[0], category: ids.categories[0], tags: ids.tags.slice(0, 2) });
      say(formatPlans(size, plans));
    }
    ceiling = await startCeiling(databaseUrl, join(work, `ceiling-${dialect}.log`));
    const ws = workloads(ids, articleIds);
    const bodies = await verify(ws, quire, ceiling, token);
    for (const [id, v] of Object.entries(bodies)) say(`  ${id} bodies: ${v}`);
    // the one-statement ceiling: PostgreSQL only (quire's one-statement reads are PostgreSQL's)
    if (dialect === 'postgres') {
      one = await startCeiling(databaseUrl, join(work, `ceiling-1-${dialect}.log`), true);
      for (const [id, v] of Object.entries(await verify(ws, quire, one, token))) say(`  ${id} bodies vs the one-statement ceiling: ${v}`);
    }
    const rows: WorkloadRow[] = [];
    const measured = ws.filter((x) => PARTS.has('workloads') && (!ONLY || ONLY.has(x.id)));
    for (const w of measured.filter((x) => x.id !== 'W5')) rows.push(await measure(w, quire, ceiling, one, token));
    if (PARTS.has('growth')) grow.push(...(await growth(quire, token, size, articleIds)));
    // writes last: they grow the data set the reads above were measured on
    for (const w of measured.filter((x) => x.id === 'W5')) rows.push(await measure(w, quire, ceiling, one, token));
    rows.sort((a, b) => a.id.localeCompare(b.id));
    const final = memoryOf(quire.pid);
    return { dialect, label, articles: size, seedMs, bodies, rows, growth: grow, plans, finalRssMb: final.rssMb, peakRssMb: final.peakMb };
  } finally {
    await ceiling?.stop();
    await one?.stop();
    const code = await quire.stop();
    if (code !== 0) say(`  quire exited ${code} (log: ${join(work, `quire-${dialect}.log`)})`);
  }
}

async function mysqlReachable(): Promise<boolean> {
  try {
    await withMysql((c) => c.query('SELECT 1'));
    return true;
  } catch (err) {
    say(`MariaDB/MySQL at ${MYSQL_URL} is unreachable (${(err as Error).message}): SKIPPING its part of the bench`);
    return false;
  }
}

async function main(): Promise<void> {
  say(`quire bench: ${STEPS.map((n) => n.toLocaleString('en')).join(' -> ')} articles, ${CONNECTIONS} connections, ${WARMUP} s warm-up, ${ROUNDS} x ${SECONDS} s per server per workload (alternating)`);
  const dialects = [];
  for (const d of DIALECTS) if (SIZE === 'xl' && d !== 'postgres') say(`BENCH_SIZE=xl: PostgreSQL only (its copies are made by SQL there); ${d} skipped`);
  else if (d === 'sqlite' || (d === 'postgres' && (await pgReachable(say))) || (d === 'mysql' && (await mysqlReachable()))) dialects.push(d);
  const results = [];
  for (const d of dialects) {
    const r = await benchDialect(d);
    results.push(r);
    say('');
    say(formatTable(r.label, r.articles, r.rows, r.finalRssMb, r.peakRssMb));
    say('');
    say(formatGrowth(r.growth));
    if (STEPS.length > 1) {
      say('');
      say(formatGrowthBySize(r.growth));
    }
    say('');
  }
  let startup;
  if (PARTS.has('startup')) {
    say(`start-up and build, generated spec of 200 content-types  [${elapsed()}]`);
    startup = await benchStartup(Object.fromEntries(dialects.map((d) => [d, () => freshDatabase(d)])));
    say(formatStartup(startup));
  }
  let soak: SoakResult | undefined;
  if (PARTS.has('soak')) {
    say(`\nsoak (SOAK_SECONDS, default 120)  [${elapsed()}]`);
    soak = await runSoak({ log: () => undefined });
    say(formatSoak(soak));
    if (!soak.ok) process.exitCode = 1;
  }
  const file = join(ROOT, 'bench', 'results', `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), node: process.version, size: SIZE, seconds: SECONDS, rounds: ROUNDS, connections: CONNECTIONS, results, startup, soak, elapsedMs: Date.now() - started }, null, 2) + '\n');
  say(`\nresults: ${file}  (total ${elapsed()})`);
}

let ok = false;
try {
  await main();
  ok = true;
} finally {
  stopLoadRunner();
  await dropPgDatabases();
  if (ok) rmSync(work, { recursive: true, force: true });
  else say(`bench failed; server logs kept in ${work}`);
}
