/**
 * bench: the measured servers as child processes (so each one's RSS is its own): `node bin/quire.js
 * serve` with the bench counters on, and the ceiling server. Start on a free port, wait for health,
 * read memory from /proc, stop with SIGTERM. Also the load runner (load-child.js in a process) and
 * the administrative PostgreSQL connection.
 */
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { LoadResult, LoadSpec } from './load-child.js';

export const PG_URL = process.env.QUIRE_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const MYSQL_URL = process.env.QUIRE_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';

/** `fn` on an administrative connection to MYSQL_URL's server (creating and dropping the bench's databases) */
export async function withMysql<T>(fn: (c: mysql.Connection) => Promise<T>): Promise<T> {
  const u = new URL(MYSQL_URL);
  const c = await mysql.createConnection({ host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username || 'root'), password: decodeURIComponent(u.password), connectTimeout: 3000 });
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** `fn` on an administrative connection to PG_URL (creating and dropping the bench's databases) */
export async function withPg<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** true when PostgreSQL at PG_URL answers; else `say` tells that its part of the bench is skipped */
export async function pgReachable(say: (s: string) => void): Promise<boolean> {
  try {
    await withPg((c) => c.query('SELECT 1'));
    return true;
  } catch (err) {
    say(`PostgreSQL at ${PG_URL} is unreachable (${(err as Error).message}): SKIPPING its part of the bench`);
    return false;
  }
}

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const ARTIFACTS = join(ROOT, 'specs', 'example', 'artifacts');
const QUIRE = join(ROOT, 'bin', 'quire.js');
const HERE = dirname(fileURLToPath(import.meta.url));

export interface ServerProcess {
  name: string;
  url: string;
  pid: number;
  child: ChildProcess;
  stop(): Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** the environment every quire process of one bench database shares */
export function quireEnv(databaseUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env, NODE_ENV: 'production', DATABASE_URL: databaseUrl, HOST: '127.0.0.1',
    JWT_SECRET: 'bench-jwt-secret-0123456789abcdef', API_TOKEN_SALT: 'bench-token-salt-0123456789abcdef', ...extra,
  };
}

/** `quire token create --type full-access` against the database (syncs the schema first) */
export function createToken(databaseUrl: string, cwd: string): string {
  const r = spawnSync(process.execPath, [QUIRE, 'token', 'create', '--artifacts', ARTIFACTS, '--name', `bench-${Date.now()}`, '--type', 'full-access'], { env: quireEnv(databaseUrl), cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`quire token create failed: ${r.stderr}`);
  return r.stdout.trim();
}

export async function waitHealthy(url: string, child: ChildProcess, name: string, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${name} exited ${child.exitCode} before answering`);
    try {
      const r = await fetch(`${url}/_health`);
      if (r.status === 204 || r.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${name} did not answer within ${ms} ms`);
}

function track(name: string, child: ChildProcess, url: string): ServerProcess {
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    name, url, pid: child.pid as number, child,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** BENCH_PROFILE=<dir>: each measured server writes a V8 CPU profile into <dir>/<name>/ when it stops (node names it by time and pid) */
function profileArgs(name: string): string[] {
  const dir = process.env.BENCH_PROFILE;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${join(dir, name)}`] : [];
}

/** `node bin/quire.js serve` (QUIRE_COUNT_QUERIES=1), its log in `logFile` */
export async function startQuire(databaseUrl: string, cwd: string, logFile: string, extraArgs: string[] = []): Promise<ServerProcess> {
  const port = await freePort();
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(process.execPath, [...profileArgs('quire'), QUIRE, 'serve', '--artifacts', ARTIFACTS, ...extraArgs], {
    env: quireEnv(databaseUrl, { PORT: String(port), QUIRE_COUNT_QUERIES: '1' }), cwd, stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, child, 'quire');
  return track('quire', child, url);
}

/** the hand-written ceiling server (ceiling-server.js) on the same database; `oneStatement`: one statement per request, its text the body (PostgreSQL) */
export async function startCeiling(databaseUrl: string, logFile: string, oneStatement = false): Promise<ServerProcess> {
  const port = await freePort();
  const log = createWriteStream(logFile, { flags: 'a' });
  const name = oneStatement ? 'ceiling-1' : 'ceiling';
  const env = { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), ...(oneStatement ? { CEILING: 'one-statement' } : {}) };
  const child = spawn(process.execPath, [...profileArgs(name), join(HERE, 'ceiling-server.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, child, name);
  return track(name, child, url);
}

/** resident and peak resident memory of a process, in MB (Linux /proc) */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** user + system CPU time of a process and its threads so far, in microseconds (Linux /proc; clock ticks of 10 ms) */
export function cpuMicrosOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // the fields after the command name (which may hold spaces) in parentheses
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** the CPU time of every PostgreSQL server process on this machine so far, in microseconds (the database's share of a run) */
export function postgresCpuMicros(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += cpuMicrosOf(Number(pid));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

export interface ServerStats {
  statements: number;
  requests: number;
  /** user + system CPU time of the server process so far */
  cpuMicros: number;
}

/** the bench counters of a server (quire: /_quire/stats; the ceiling answers the same path) */
export async function statsOf(server: ServerProcess): Promise<ServerStats> {
  const r = await fetch(`${server.url}/_quire/stats`);
  if (r.status !== 200) throw new Error(`${server.name} stats -> ${r.status}`);
  return (await r.json()) as ServerStats;
}

let runner: ChildProcess | undefined;
let nextRun = 0;
const pending = new Map<number, { resolve: (r: LoadResult) => void; reject: (e: Error) => void }>();

/** the load runner (load-child.js), forked once and kept for the whole bench */
function loadRunner(): ChildProcess {
  if (runner) return runner;
  const child = fork(join(HERE, 'load-child.js'), [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  child.on('message', (m: { id: number; result?: LoadResult; error?: string }) => {
    const p = pending.get(m.id);
    pending.delete(m.id);
    if (m.result) p?.resolve(m.result);
    else p?.reject(new Error(`load runner: ${m.error}`));
  });
  child.once('exit', (code) => {
    runner = undefined;
    for (const [id, p] of pending) {
      pending.delete(id);
      p.reject(new Error(`load runner exited ${code}`));
    }
  });
  return (runner = child);
}

/** one autocannon run, in the load runner's process */
export function load(spec: LoadSpec): Promise<LoadResult> {
  const id = nextRun++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    loadRunner().send({ id, spec });
  });
}

/** what a run of a workload sends: its method, paths, bodies, and whether it needs the token */
export interface LoadShape {
  method: 'GET' | 'POST';
  paths: string[];
  bodies?: string[];
  auth?: boolean;
}

/** one load run of `w` on `server` for `seconds`; any non-2xx answer or error fails it */
export async function loadWorkload(server: ServerProcess, w: LoadShape, token: string, seconds: number, connections: number): Promise<LoadResult> {
  const r = await load({
    url: server.url, method: w.method, paths: w.paths, bodies: w.bodies, seconds, connections,
    headers: w.auth ? { authorization: `Bearer ${token}` } : undefined,
  });
  if (r.non2xx || r.errors) throw new Error(`${server.name} ${w.method} ${w.paths[0]}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return r;
}

/** ends the load runner (the bench's last step) */
export function stopLoadRunner(): void {
  runner?.disconnect();
}
