/**
 * bench: `make bench`. Per database (SQLite, then PostgreSQL at QUIRE_PG_URL and MariaDB/MySQL at
 * QUIRE_MYSQL_URL when they answer):
 * `quire serve` and the hand-written ceiling (ceiling-server.ts) as child processes on one fresh
 * database seeded through quire's API; the six workloads of workloads.ts driven by autocannon
 * (10 connections), ceiling and quire in alternation after a warm-up; statements per request from
 * the bench counters (QUIRE_COUNT_QUERIES=1); quire's RSS from /proc. Then cost growth with page
 * and data size, and start-up/build on the 200-type generated spec. Prints tables and writes
 * bench/results/<timestamp>.json. Not part of `make test`.
 *   BENCH_SIZE=large (10,000 articles), BENCH_SECONDS (3), BENCH_ROUNDS (3), BENCH_WARMUP (1), BENCH_DIALECTS=sqlite,postgres,mysql;
 *   while working on one stage: BENCH_WORKLOADS=W5,W6 and BENCH_PARTS=workloads,growth,startup,soak (a subset);
 *   BENCH_PROFILE=<dir> writes a CPU profile of each measured server there (node --cpu-prof)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstDifference, withoutVolatile } from './compare-bodies.js';
import type { LoadResult } from './load-child.js';
import { createToken, load, pgReachable, memoryOf, MYSQL_URL, PG_URL, ROOT, startCeiling, startQuire, statsOf, stopLoadRunner, withMysql, withPg, type ServerProcess } from './processes.js';
import { formatGrowth, formatStartup, formatTable, type GrowthRow, type WorkloadRow } from './report.js';
import { seedArticles, seedShared } from './seed-bench.js';
import { formatSoak, runSoak, type SoakResult } from './soak.js';
import { benchStartup } from './startup-bench.js';
import { pagedPath, workloads, type SharedIds, type Workload } from './workloads.js';

const LARGE = process.env.BENCH_SIZE === 'large';
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

function run(server: ServerProcess, w: Pick<Workload, 'method' | 'paths' | 'bodies' | 'auth'>, token: string, seconds: number): Promise<LoadResult> {
  return load({
    url: server.url, method: w.method, paths: w.paths, bodies: w.bodies, seconds, connections: CONNECTIONS,
    headers: w.auth ? { authorization: `Bearer ${token}` } : undefined,
  }).then((r) => {
    if (r.non2xx || r.errors) throw new Error(`${server.name} ${w.method} ${w.paths[0]}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
    return r;
  });
}

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

/** W1 (no populate) and W2 (populate=*) at page sizes 1, 25, 100 on quire alone */
async function growth(quire: ServerProcess, token: string, articles: number): Promise<GrowthRow[]> {
  const rows: GrowthRow[] = [];
  for (const populate of [false, true]) {
    for (const pageSize of [1, 25, 100]) {
      const w = { method: 'GET' as const, paths: [pagedPath(populate, pageSize)] };
      await run(quire, w, token, 1);
      const r = await counted(quire, w, token, GROWTH_SECONDS);
      rows.push({ workload: populate ? 'W2' : 'W1', articles, pageSize, rps: r.rps, msPerRequest: 1000 / r.rps, cpuPerRequest: r.cpuMicros / r.requests, sqlPerRequest: r.statements / r.requests });
    }
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
    const size = LARGE ? 10_000 : 1_000;
    let t = performance.now();
    const ids: SharedIds = await seedShared(quire.url, token);
    let articleIds = await seedArticles(quire.url, token, ids, 0, 1_000);
    const seedMs = [performance.now() - t];
    say(`${label}: seeded 1,000 articles through the API in ${(seedMs[0] / 1000).toFixed(1)} s  [${elapsed()}]`);
    const grow: GrowthRow[] = [];
    if (LARGE) {
      grow.push(...(await growth(quire, token, 1_000)));
      t = performance.now();
      articleIds = articleIds.concat(await seedArticles(quire.url, token, ids, 1_000, size));
      seedMs.push(performance.now() - t);
      say(`${label}: seeded up to ${size.toLocaleString('en')} articles in ${(seedMs[1] / 1000).toFixed(1)} s  [${elapsed()}]`);
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
    if (PARTS.has('growth')) grow.push(...(await growth(quire, token, size)));
    // writes last: they grow the data set the reads above were measured on
    for (const w of measured.filter((x) => x.id === 'W5')) rows.push(await measure(w, quire, ceiling, one, token));
    rows.sort((a, b) => a.id.localeCompare(b.id));
    const final = memoryOf(quire.pid);
    return { dialect, label, articles: size, seedMs, bodies, rows, growth: grow, finalRssMb: final.rssMb, peakRssMb: final.peakMb };
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
  say(`quire bench: ${LARGE ? '10,000' : '1,000'} articles, ${CONNECTIONS} connections, ${WARMUP} s warm-up, ${ROUNDS} x ${SECONDS} s per server per workload (alternating)`);
  const dialects = [];
  for (const d of DIALECTS) if (d === 'sqlite' || (d === 'postgres' && (await pgReachable(say))) || (d === 'mysql' && (await mysqlReachable()))) dialects.push(d);
  const results = [];
  for (const d of dialects) {
    const r = await benchDialect(d);
    results.push(r);
    say('');
    say(formatTable(r.label, r.articles, r.rows, r.finalRssMb, r.peakRssMb));
    say('');
    say(formatGrowth(r.growth));
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
  writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), node: process.version, size: LARGE ? 'large' : 'default', seconds: SECONDS, rounds: ROUNDS, connections: CONNECTIONS, results, startup, soak, elapsedMs: Date.now() - started }, null, 2) + '\n');
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
