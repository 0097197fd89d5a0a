/**
 * bench: the soak. `node bin/quire.js serve` (a child process) on PostgreSQL at QUIRE_PG_URL (a
 * database of its own, dropped afterwards), or SQLite when PostgreSQL does not answer, driven at full
 * speed for SOAK_SECONDS (120) by autocannon with mixed reads and writes: lists with populate and
 * filters, single entries, GraphQL, creates, partial updates, and one stream of requests that must
 * be refused (a duplicate unique value: 400). Checks that no answer is a 5xx or a connection error,
 * that each stream answers only its expected statuses, and that the server's RSS stays bounded
 * (SOAK_RSS_LIMIT_MB, 768; and at most +50% + 64 MB over its size after the first fifth of the run).
 * Prints a short summary; exit 1 on failure.
 *   node dist/test/bench/soak.js          (make bench-soak)
 *   SOAK_SECONDS=20 SOAK_CONNECTIONS=12 SOAK_DIALECT=sqlite|postgres
 * runSoak() is exported for `make bench`.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createToken, memoryOf, PG_URL, startQuire, withPg, type ServerProcess } from './processes.js';

interface CannonResult {
  requests: { total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}
type Cannon = Promise<CannonResult> & { stop(): void };
// autocannon ships no types
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: object) => Cannon;

export interface SoakOptions {
  seconds?: number;
  connections?: number;
  dialect?: 'sqlite' | 'postgres' | 'mysql';
  rssLimitMb?: number;
  log?: (line: string) => void;
}

export interface SoakStream {
  name: string;
  requests: number;
  statuses: Record<string, number>;
  errors: number;
  unexpected: number;
  p99: number;
}

export interface SoakResult {
  ok: boolean;
  dialect: 'sqlite' | 'postgres' | 'mysql';
  seconds: number;
  requests: number;
  rps: number;
  errorRate: number;
  rss: { warmMb: number; finalMb: number; maxMb: number; peakMb: number; limitMb: number };
  streams: SoakStream[];
  problems: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function pgReachable(): Promise<boolean> {
  return withPg(async () => true).catch(() => false);
}

async function call(url: string, token: string, method: string, path: string, body?: unknown): Promise<any> {
  const r = await fetch(url + path, { method, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await r.json()) as any;
  if (r.status !== 200) throw new Error(`${method} ${path} -> ${r.status} ${JSON.stringify(json)}`);
  return json;
}

/** a few authors, tags and articles to read and update */
async function seed(url: string, token: string): Promise<{ articles: number[]; tags: number[] }> {
  const authors: number[] = [];
  for (let i = 0; i < 5; i++) authors.push((await call(url, token, 'POST', '/api/authors', { data: { name: `Soak author ${i}`, email: `soak${i}@example.com` } })).data.id);
  const tags: number[] = [];
  for (let i = 0; i < 10; i++) tags.push((await call(url, token, 'POST', '/api/tags', { data: { name: `soak-${i}` } })).data.id);
  const articles: number[] = [];
  for (let i = 0; i < 40; i++) {
    const data = { title: `Soak article ${i}`, format: 'news', author: authors[i % 5], tags: [tags[i % 10], tags[(i + 3) % 10]], seo: { metaTitle: `Soak ${i}` }, publishedAt: new Date().toISOString() };
    articles.push((await call(url, token, 'POST', '/api/articles', { data })).data.id);
  }
  return { articles, tags };
}

interface StreamSpec {
  name: string;
  connections: number;
  expected: number[];
  next(i: number): { method: string; path: string; body?: string };
}

function streams(ids: { articles: number[]; tags: number[] }, total: number, run: string): StreamSpec[] {
  const pick = (xs: number[], i: number) => xs[i % xs.length];
  const reads = Math.max(1, Math.round(total * 0.5));
  const writes = Math.max(1, Math.round(total * 0.3));
  const graphql = Math.max(1, total - reads - writes - 1);
  return [
    {
      name: 'reads', connections: reads, expected: [200],
      next: (i) => {
        const paths = [
          '/api/articles?populate=*&pagination[pageSize]=10',
          `/api/articles/${pick(ids.articles, i)}?populate[tags][fields][0]=name&populate=seo`,
          '/api/articles?filters[tags][name][$in][0]=soak-1&filters[tags][name][$in][1]=soak-2&sort=title:desc',
          `/api/tags?filters[name][$startsWith]=soak&pagination[page]=${1 + (i % 3)}`,
          '/api/authors?populate[articles][fields][0]=title&pagination[pageSize]=5',
        ];
        return { method: 'GET', path: paths[i % paths.length] };
      },
    },
    {
      name: 'writes', connections: writes, expected: [200],
      next: (i) => {
        if (i % 3 === 0) return { method: 'POST', path: '/api/tags', body: JSON.stringify({ data: { name: `w-${run}-${i}` } }) };
        if (i % 3 === 1) return { method: 'PUT', path: `/api/articles/${pick(ids.articles, i)}`, body: JSON.stringify({ data: { readingTime: 1 + (i % 500), excerpt: `edit ${i}` } }) };
        return { method: 'PUT', path: `/api/articles/${pick(ids.articles, i)}`, body: JSON.stringify({ data: { tags: { connect: [pick(ids.tags, i)] }, seo: { metaTitle: `Edited ${i % 100}` } } }) };
      },
    },
    {
      name: 'graphql', connections: graphql, expected: [200],
      next: (i) => ({
        method: 'POST', path: '/graphql',
        body: JSON.stringify({ query: `{ articles(pagination: { pageSize: 5, page: ${1 + (i % 4)} }) { data { id attributes { title author { data { attributes { name } } } tags { data { attributes { name } } } } } } }` }),
      }),
    },
    {
      // the same unique value again and again: Strapi's 400, never a 500
      name: 'refused', connections: 1, expected: [400],
      next: () => ({ method: 'POST', path: '/api/tags', body: JSON.stringify({ data: { name: 'soak-1' } }) }),
    },
  ];
}

function runStream(url: string, token: string, spec: StreamSpec, seconds: number): Cannon {
  let n = 0;
  return autocannon({
    url,
    connections: spec.connections,
    duration: seconds,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, ...spec.next(n++) }) }],
  });
}

export async function runSoak(opts: SoakOptions = {}): Promise<SoakResult> {
  const seconds = opts.seconds ?? Number(process.env.SOAK_SECONDS ?? 120);
  const connections = opts.connections ?? Number(process.env.SOAK_CONNECTIONS ?? 12);
  const limitMb = opts.rssLimitMb ?? Number(process.env.SOAK_RSS_LIMIT_MB ?? 768);
  const log = opts.log ?? ((line: string) => process.stdout.write(line + '\n'));
  const wanted = opts.dialect ?? (process.env.SOAK_DIALECT as 'sqlite' | 'postgres' | 'mysql' | undefined);
  const dialect = wanted ?? ((await pgReachable()) ? 'postgres' : 'sqlite');
  const dir = mkdtempSync(join(tmpdir(), 'quire-soak-'));
  const pgDb = `quire_soak_${process.pid}`;
  let databaseUrl = `sqlite:${join(dir, 'soak.db')}`;
  if (dialect === 'postgres') {
    await withPg(async (c) => {
      await c.query(`DROP DATABASE IF EXISTS "${pgDb}" WITH (FORCE)`);
      await c.query(`CREATE DATABASE "${pgDb}"`);
    });
    const u = new URL(PG_URL);
    u.pathname = `/${pgDb}`;
    databaseUrl = u.toString();
  }
  let server: ServerProcess | undefined;
  try {
    const token = createToken(databaseUrl, dir);
    server = await startQuire(databaseUrl, dir, join(dir, 'quire.log'));
    const ids = await seed(server.url, token);
    log(`soak: ${seconds} s of mixed reads and writes, ${connections + 1} connections, quire on ${dialect} (pid ${server.pid})`);
    const specs = streams(ids, connections, String(process.pid));
    const samples: number[] = [];
    const sampler = setInterval(() => {
      try {
        samples.push(memoryOf(server!.pid).rssMb);
      } catch {
        // the process is gone: the checks below say so
      }
    }, 1000);
    const results = await Promise.all(specs.map((s) => runStream(server!.url, token, s, seconds)));
    clearInterval(sampler);
    await sleep(200);
    const alive = server.child.exitCode === null;
    const mem = alive ? memoryOf(server.pid) : { rssMb: NaN, peakMb: NaN };
    const warmMb = samples[Math.min(samples.length - 1, Math.max(0, Math.floor(samples.length / 5)))] ?? NaN;
    const maxMb = Math.max(...samples);
    const problems: string[] = [];
    const out: SoakStream[] = specs.map((spec, i) => {
      const r = results[i];
      const statuses = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([k, v]) => [k, v.count]));
      const unexpected = Object.entries(statuses).filter(([k]) => !spec.expected.includes(Number(k))).reduce((a, [, v]) => a + v, 0);
      if (unexpected > 0) problems.push(`${spec.name}: ${unexpected} answers outside ${spec.expected.join('/')}: ${JSON.stringify(statuses)}`);
      if (r.errors + r.timeouts > 0) problems.push(`${spec.name}: ${r.errors} connection errors, ${r.timeouts} timeouts`);
      return { name: spec.name, requests: r.requests.total, statuses, errors: r.errors + r.timeouts, unexpected, p99: r.latency.p99 };
    });
    const requests = out.reduce((a, s) => a + s.requests, 0);
    const bad = out.reduce((a, s) => a + s.unexpected + s.errors, 0);
    if (!alive) problems.push(`the server exited (${server.child.exitCode}) during the soak`);
    if (requests === 0) problems.push('no request was answered');
    if (mem.rssMb > limitMb) problems.push(`RSS ${mem.rssMb.toFixed(0)} MB is over the ${limitMb} MB limit`);
    if (mem.rssMb > warmMb * 1.5 + 64) problems.push(`RSS grew from ${warmMb.toFixed(0)} MB (after warm-up) to ${mem.rssMb.toFixed(0)} MB`);
    const result: SoakResult = {
      ok: problems.length === 0, dialect, seconds, requests, rps: requests / seconds, errorRate: requests ? bad / requests : 1,
      rss: { warmMb, finalMb: mem.rssMb, maxMb, peakMb: mem.peakMb, limitMb }, streams: out, problems,
    };
    log(formatSoak(result));
    const code = await server.stop();
    if (code !== 0) {
      result.problems.push(`the server exited ${code} on SIGTERM`);
      result.ok = false;
    }
    server = undefined;
    return result;
  } finally {
    if (server) await server.stop();
    if (dialect === 'postgres') await withPg((c) => c.query(`DROP DATABASE IF EXISTS "${pgDb}" WITH (FORCE)`)).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatSoak(r: SoakResult): string {
  const lines = [
    `soak on ${r.dialect}: ${r.requests} requests in ${r.seconds} s (${r.rps.toFixed(0)} req/s), error rate ${(r.errorRate * 100).toFixed(3)}%`,
    ...r.streams.map((s) => `  ${s.name.padEnd(8)} ${String(s.requests).padStart(8)} requests  p99 ${String(s.p99).padStart(5)} ms  ${JSON.stringify(s.statuses)}${s.errors ? `  ${s.errors} errors` : ''}`),
    `  RSS: ${r.rss.warmMb.toFixed(0)} MB after warm-up, ${r.rss.maxMb.toFixed(0)} MB max, ${r.rss.finalMb.toFixed(0)} MB at the end (limit ${r.rss.limitMb} MB)`,
    r.problems.length ? `soak FAILED:\n  ${r.problems.join('\n  ')}` : 'soak passed',
  ];
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await runSoak();
  process.exitCode = result.ok ? 0 : 1;
}
