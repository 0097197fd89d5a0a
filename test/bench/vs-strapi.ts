/**
 * bench: `make bench-vs-strapi`. quire, real Strapi 4.26.2 (built by strapi-server.ts from the shared
 * reference, on the bench spec) and the hand-written ceiling, on SQLite and on PostgreSQL at
 * QUIRE_PG_URL when it answers. quire and Strapi each get a fresh database of their own, seeded with
 * the same data through their REST APIs one request at a time (so ids agree; both databases at once).
 * Answers to each workload's first request are compared (timestamps aside) and Strapi's statements
 * per request counted from its knex debug output over a counting pass; then, per database, Strapi is
 * restarted without that output and W1–W6 are driven against ceiling (on quire's database), quire and
 * Strapi in alternation. Prints req/s, quire/Strapi and quire/ceiling, p99 and SQL per request.
 * Strapi is built (or found in its cache) while quire is started and seeded.
 *   BENCH_SECONDS (2), BENCH_ROUNDS (2), BENCH_WARMUP (1) (each run's length, rounds, warm-up; longer for steadier figures), BENCH_DIALECTS=sqlite,postgres, BENCH_WORKLOADS=W1,W2
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { differences, withoutTimestamps, withoutVolatile } from './compare-bodies.js';
import type { LoadResult } from './load-child.js';
import { cpuMicrosOf, createToken, loadWorkload, pgReachable, memoryOf, PG_URL, postgresCpuMicros, ROOT, startCeiling, startQuire, statsOf, stopLoadRunner, withPg, type ServerProcess } from './processes.js';
import { seedArticles, seedShared } from './seed-bench.js';
import { buildStrapi, startStrapi, type StrapiDatabase, type StrapiProcess } from './strapi-server.js';
import { formatVsStrapi, type VsStrapiRow } from './vs-strapi-report.js';
import { workloads, type SharedIds, type Workload } from './workloads.js';

// short by default, so a fresh clone's run (Strapi's build included) stays within 15 minutes
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const CONNECTIONS = 10;
const ARTICLES = 1_000;
/** requests per workload in Strapi's counting pass */
const COUNTED = 20;
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',').map((d) => d.trim());
const ONLY = process.env.BENCH_WORKLOADS ? new Set(process.env.BENCH_WORKLOADS.split(',').map((w) => w.trim())) : undefined;
const started = Date.now();
const say = (s: string) => process.stdout.write(s + '\n');
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

const work = mkdtempSync(join(tmpdir(), 'quire-bench-strapi-'));
const pgDatabases: string[] = [];
const sqliteFiles: string[] = [];

async function pgDatabase(kind: string): Promise<string> {
  const name = `quire_bench_${kind}_${process.pid}`;
  await withPg(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.query(`CREATE DATABASE "${name}"`);
  });
  pgDatabases.push(name);
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

async function dropPgDatabases(): Promise<void> {
  if (pgDatabases.length === 0) return;
  await withPg(async (c) => {
    for (const db of pgDatabases.splice(0)) await c.query(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`);
  }).catch(() => undefined);
}

/** one workload request (its first path and body) and the parsed answer */
async function ask(server: ServerProcess, w: Workload, token: string): Promise<unknown> {
  const r = await fetch(server.url + w.paths[0], {
    method: w.method, body: w.bodies?.[0],
    headers: { ...(w.bodies ? { 'content-type': 'application/json' } : {}), ...(w.auth ? { authorization: `Bearer ${token}` } : {}) },
  });
  const text = await r.text();
  if (r.status !== 200) throw new Error(`${server.name} ${w.id}: ${r.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** 'equal (...)' or 'differs: <first difference>' for two servers' answers to a workload */
async function compare(w: Workload, a: ServerProcess, aToken: string, b: ServerProcess, bToken: string): Promise<string> {
  const strip = (x: unknown) => (w.id === 'W5' ? withoutVolatile(x) : withoutTimestamps(x));
  const [ja, jb] = [strip(await ask(a, w, aToken)), strip(await ask(b, w, bToken))];
  const diff = differences(ja, jb, [a.name, b.name]);
  const shown = diff.slice(0, 4).join('; ') + (diff.length > 4 ? `; and ${diff.length - 4} more` : '');
  return diff.length ? `differs: ${shown}` : w.id === 'W5' ? 'equal (id and timestamps aside)' : 'equal (timestamps aside)';
}

/** Strapi's statements per request over COUNTED requests of each workload, sent one at a time (reads first) */
async function countStrapi(ws: Workload[], strapi: StrapiProcess): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const settle = () => new Promise((r) => setTimeout(r, 200));
  for (const w of [...ws.filter((x) => x.id !== 'W5'), ...ws.filter((x) => x.id === 'W5')]) {
    await settle();
    const before = strapi.statements();
    for (let i = 0; i < COUNTED; i++) {
      const r = await fetch(strapi.url + w.paths[i % w.paths.length], {
        method: w.method, body: w.bodies?.[i % w.bodies.length],
        headers: { ...(w.bodies ? { 'content-type': 'application/json' } : {}), ...(w.auth ? { authorization: `Bearer ${strapi.token}` } : {}) },
      });
      await r.arrayBuffer();
    }
    await settle();
    out[w.id] = (strapi.statements() - before) / COUNTED;
  }
  return out;
}

const run = (server: ServerProcess, w: Workload, token: string, seconds: number): Promise<LoadResult> => loadWorkload(server, w, token, seconds, CONNECTIONS);

/** the CPU time a run cost, per answered request: the server's process and (PostgreSQL) the database's processes */
interface RunCpu {
  serverUs: number;
  databaseUs?: number;
}

/** a measured run and its CPU per request (`database`: the PostgreSQL server's processes are counted too) */
async function timed(server: ServerProcess, w: Workload, token: string, database: boolean): Promise<LoadResult & RunCpu> {
  const [cpu, db] = [cpuMicrosOf(server.pid), database ? postgresCpuMicros() : 0];
  const r = await run(server, w, token, SECONDS);
  const n = Math.max(r.total, 1);
  return { ...r, serverUs: (cpuMicrosOf(server.pid) - cpu) / n, ...(database && { databaseUs: (postgresCpuMicros() - db) / n }) };
}

/** a measured run with the server's own statement and request counters (quire and the ceiling) */
async function counted(server: ServerProcess, w: Workload, token: string, database = false): Promise<LoadResult & RunCpu & { statements: number; requests: number }> {
  const before = await statsOf(server);
  const r = await timed(server, w, token, database);
  const after = await statsOf(server);
  return { ...r, statements: after.statements - before.statements, requests: after.requests - before.requests };
}

/** warm-up all, then ceiling, one-statement ceiling (PostgreSQL), quire, Strapi, ceiling, ... */
async function measure(w: Workload, quire: ServerProcess, ceiling: ServerProcess, one: ServerProcess | undefined, token: string, strapi: StrapiProcess, strapiSql: number, bodies: { strapi: string; ceiling: string; one?: string }, postgres: boolean): Promise<VsStrapiRow> {
  await run(ceiling, w, token, WARMUP);
  if (one) await run(one, w, token, WARMUP);
  await run(quire, w, token, WARMUP);
  await run(strapi, w, strapi.token, WARMUP);
  const c: Awaited<ReturnType<typeof counted>>[] = [];
  const o: Awaited<ReturnType<typeof counted>>[] = [];
  const q: Awaited<ReturnType<typeof counted>>[] = [];
  const s: (LoadResult & RunCpu)[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    c.push(await counted(ceiling, w, token));
    if (one) o.push(await counted(one, w, token));
    q.push(await counted(quire, w, token, postgres));
    s.push(await timed(strapi, w, strapi.token, postgres));
  }
  const perRequest = (xs: typeof q) => xs.reduce((a, x) => a + x.statements, 0) / xs.reduce((a, x) => a + x.requests, 0);
  const row: VsStrapiRow = {
    id: w.id, title: w.title,
    quireRps: mean(q.map((x) => x.rps)), strapiRps: mean(s.map((x) => x.rps)), ceilingRps: mean(c.map((x) => x.rps)),
    quireP99: mean(q.map((x) => x.p99)), strapiP99: mean(s.map((x) => x.p99)), ceilingP99: mean(c.map((x) => x.p99)),
    quireSql: perRequest(q), strapiSql, ceilingSql: perRequest(c),
    strapiBodies: bodies.strapi, ceilingBodies: bodies.ceiling,
    oneStatement: one ? { rps: mean(o.map((x) => x.rps)), p99: mean(o.map((x) => x.p99)), sql: perRequest(o), bodies: bodies.one ?? '' } : undefined,
    cpu: {
      quire: mean(q.map((x) => x.serverUs)), strapi: mean(s.map((x) => x.serverUs)),
      ...(postgres && { quireDb: mean(q.map((x) => x.databaseUs ?? 0)), strapiDb: mean(s.map((x) => x.databaseUs ?? 0)) }),
    },
  };
  say(`  ${w.id} quire ${row.quireRps.toFixed(0)}, Strapi ${row.strapiRps.toFixed(0)}, ceiling ${row.ceilingRps.toFixed(0)}${one ? `, one-statement ceiling ${row.oneStatement?.rps.toFixed(0)}` : ''} req/s  [${elapsed()}]`);
  return row;
}

interface Prepared {
  dialect: 'sqlite' | 'postgres';
  label: string;
  quireDb: string;
  token: string;
  quire: ServerProcess;
  strapiDb: StrapiDatabase;
  sameIds: boolean;
  /** writes last: W5 grows the data set the reads are measured on */
  ws: Workload[];
  strapiBodies: Record<string, string>;
  strapiSql: Record<string, number>;
}

const running = new Set<ServerProcess>();
const tracked = <T extends ServerProcess>(s: T): T => (running.add(s), s);
const stop = async (s: ServerProcess | undefined) => {
  if (!s) return;
  running.delete(s);
  await s.stop();
};

/**
 * Fresh databases for quire and Strapi, both seeded through their APIs (in parallel, each one request
 * at a time), answers compared, Strapi's statements counted; Strapi stopped, quire left running.
 */
async function prepare(dialect: 'sqlite' | 'postgres', built: Promise<string>): Promise<Prepared> {
  const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const quireDb = dialect === 'sqlite' ? `sqlite:${join(work, 'quire.db')}` : await pgDatabase('quire');
  const strapiDb: StrapiDatabase = dialect === 'sqlite'
    ? { dialect, location: `.tmp/bench-${process.pid}.db` }
    : { dialect, location: await pgDatabase('strapi') };
  const token = createToken(quireDb, work);
  const quire = tracked(await startQuire(quireDb, work, join(work, `quire-${dialect}.log`)));
  const seed = async (s: ServerProcess, t: string) => {
    const ids = await seedShared(s.url, t, 1);
    return { ids, articleIds: await seedArticles(s.url, t, ids, 0, ARTICLES, 1) };
  };
  // quire is seeded while Strapi is still being built
  const seededQuire = seed(quire, token).then((r) => (say(`${label}: quire seeded  [${elapsed()}]`), r));
  const strapiDir = await built;
  if (dialect === 'sqlite') sqliteFiles.push(join(strapiDir, strapiDb.location));
  const strapi = tracked(await startStrapi(strapiDir, strapiDb, join(work, `strapi-${dialect}.log`), true));
  say(`${label}: Strapi up  [${elapsed()}]`);
  const [qs, ss] = await Promise.all([seededQuire, seed(strapi, strapi.token)]);
  const sameIds = JSON.stringify(qs) === JSON.stringify(ss);
  say(`${label}: seeded ${ARTICLES.toLocaleString('en')} articles into each through its API, one request at a time${sameIds ? '; same ids on both' : '; THE IDS DIFFER'}  [${elapsed()}]`);
  const all = workloads(qs.ids, qs.articleIds).filter((w) => !ONLY || ONLY.has(w.id));
  const ws = [...all.filter((w) => w.id !== 'W5'), ...all.filter((w) => w.id === 'W5')];
  const strapiBodies: Record<string, string> = {};
  for (const w of ws) strapiBodies[w.id] = await compare(w, quire, token, strapi, strapi.token);
  const strapiSql = await countStrapi(ws, strapi);
  await stop(strapi);
  say(`${label}: answers compared; Strapi's statements counted over ${COUNTED} requests per workload  [${elapsed()}]`);
  return { dialect, label, quireDb, token, quire, strapiDb, sameIds, ws, strapiBodies, strapiSql };
}

/** Strapi restarted without its debug output, the ceiling on quire's database, W1–W6 measured */
async function benchDialect(p: Prepared, strapiDir: string) {
  const { dialect, label, quire, token } = p;
  let strapi: StrapiProcess | undefined;
  let ceiling: ServerProcess | undefined;
  let one: ServerProcess | undefined;
  try {
    strapi = tracked(await startStrapi(strapiDir, p.strapiDb, join(work, `strapi-${dialect}.log`), false));
    ceiling = tracked(await startCeiling(p.quireDb, join(work, `ceiling-${dialect}.log`)));
    // the one-statement ceiling: PostgreSQL only (quire's one-statement reads are PostgreSQL's)
    if (dialect === 'postgres') one = tracked(await startCeiling(p.quireDb, join(work, `ceiling-1-${dialect}.log`), true));
    say(`${label}: measuring  [${elapsed()}]`);
    const ceilingBodies: Record<string, string> = {};
    const oneBodies: Record<string, string> = {};
    for (const w of p.ws) ceilingBodies[w.id] = await compare(w, quire, token, ceiling, token);
    if (one) for (const w of p.ws) oneBodies[w.id] = await compare(w, quire, token, one, token);
    const rows: VsStrapiRow[] = [];
    for (const w of p.ws) rows.push(await measure(w, quire, ceiling, one, token, strapi, p.strapiSql[w.id], { strapi: p.strapiBodies[w.id], ceiling: ceilingBodies[w.id], one: oneBodies[w.id] }, dialect === 'postgres'));
    rows.sort((a, b) => a.id.localeCompare(b.id));
    return { dialect, label, rows, sameIds: p.sameIds, quireRssMb: memoryOf(quire.pid).rssMb, strapiRssMb: memoryOf(strapi.pid).rssMb };
  } finally {
    await stop(one);
    await stop(ceiling);
    await stop(strapi);
    await stop(quire);
  }
}

async function main(): Promise<void> {
  say(`quire vs Strapi 4.26.2: ${ARTICLES.toLocaleString('en')} articles, ${CONNECTIONS} connections, ${WARMUP} s warm-up, ${ROUNDS} x ${SECONDS} s per server per workload (ceiling, quire, Strapi alternating)`);
  const built = buildStrapi(join(ROOT, 'specs', 'example'), say).then((dir) => (say(`Strapi ready  [${elapsed()}]`), dir));
  // a failed build is reported where it is awaited
  built.catch(() => undefined);
  const dialects: ('sqlite' | 'postgres')[] = [];
  for (const d of DIALECTS) if (d === 'sqlite' || (d === 'postgres' && (await pgReachable(say)))) dialects.push(d);
  // seeding is Strapi's slow part and waits mostly on one request at a time: both databases at once
  const prepared = await Promise.all(dialects.map((d) => prepare(d, built)));
  const strapiDir = await built;
  const results = [];
  for (const p of prepared) {
    const r = await benchDialect(p, strapiDir);
    results.push(r);
    say('');
    say(formatVsStrapi(r.label, ARTICLES, r.rows, r.quireRssMb, r.strapiRssMb));
    say('');
  }
  const file = join(ROOT, 'bench', 'results', `vs-strapi-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), node: process.version, strapi: '4.26.2', strapiDir, seconds: SECONDS, rounds: ROUNDS, connections: CONNECTIONS, results, elapsedMs: Date.now() - started }, null, 2) + '\n');
  say(`results: ${file}  (total ${elapsed()})`);
}

let ok = false;
try {
  await main();
  ok = true;
} finally {
  for (const s of running) await s.stop();
  stopLoadRunner();
  await dropPgDatabases();
  for (const f of sqliteFiles) for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(f + suffix, { force: true });
  if (ok) rmSync(work, { recursive: true, force: true });
  else say(`bench failed; server logs kept in ${work}`);
}
