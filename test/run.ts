/**
 * test: runs every uvu suite (unit, build, then the database suites once per dialect, the dialects
 * side by side in their own processes) and ends with one plain `N passed, N failed, N skipped` line.
 * PostgreSQL suites run when QUIRE_PG_URL (default the local server) answers, MySQL/MariaDB suites
 * when QUIRE_MYSQL_URL does; with QUIRE_REQUIRE_PG=1 / QUIRE_REQUIRE_MYSQL=1 an unreachable server is
 * a failure, not a skip. QUIRE_DIALECTS=sqlite,postgres narrows the loop.
 * In CI (QUIRE_REQUIRE_PG=1) or with QUIRE_VALIDATE_ALL=1, the integration suite runs once more on SQLite
 * with QUIRE_VALIDATE_RESPONSES=1: every REST answer checked against the OpenAPI document, and the
 * repository suite once more on MySQL/MariaDB without INSERT ... RETURNING (MySQL's write path).
 *   node dist/test/run.js [unit|compiler|golden|integration|integration:validated|security ...]
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import mysql from 'mysql2/promise';
import pg from 'pg';

const here = dirname(fileURLToPath(import.meta.url));
const uvuBin = join(here, '..', '..', 'node_modules', 'uvu', 'bin.js');
const PG_URL = process.env.QUIRE_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MYSQL_URL = process.env.QUIRE_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';

/** the MySQL URL with `returning=false`: writes as on a server without INSERT ... RETURNING */
function withoutReturning(url: string): string {
  const u = new URL(url);
  u.searchParams.set('returning', 'false');
  return u.toString();
}

interface Suite {
  name: string;
  dir: string;
  dialects?: boolean;
  /** extra environment of the run */
  env?: Record<string, string>;
  /** run only when this says so (unless named on the command line) */
  when?: () => boolean;
}

const SUITES: Suite[] = [
  { name: 'unit', dir: 'unit' },
  { name: 'compiler', dir: 'compiler' },
  { name: 'integration', dir: 'integration', dialects: true },
  {
    name: 'integration:validated',
    dir: 'integration',
    env: { QUIRE_VALIDATE_RESPONSES: '1', QUIRE_TEST_DIALECT: 'sqlite' },
    when: () => process.env.QUIRE_REQUIRE_PG === '1' || process.env.QUIRE_VALIDATE_ALL === '1',
  },
  {
    // MySQL 5.7/8's write path (no INSERT ... RETURNING) on the local MariaDB: the repository suite once more with it forced
    name: 'integration:mysql-no-returning',
    dir: 'integration/repository',
    env: { QUIRE_TEST_DIALECT: 'mysql', QUIRE_MYSQL_URL: withoutReturning(MYSQL_URL) },
    when: () => DIALECTS.includes('mysql') && (process.env.QUIRE_REQUIRE_MYSQL === '1' || process.env.QUIRE_REQUIRE_PG === '1' || process.env.QUIRE_VALIDATE_ALL === '1'),
  },
  { name: 'security', dir: 'security', dialects: true },
  // reads and writes racing on purpose: a read answered twice (QUIRE_CHECK_EXECUTORS) may see a write between the two
  { name: 'reliability', dir: 'reliability', dialects: true, env: { QUIRE_CHECK_EXECUTORS: '0' } },
];

interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}

const stripAnsi = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');

function hasTests(dir: string): boolean {
  if (!existsSync(dir)) return false;
  return readdirSync(dir).some((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? hasTests(p) : n.endsWith('.test.js');
  });
}

function runUvu(dir: string, env: Record<string, string>, label: string, buffered: boolean): Promise<Totals & { crashed: boolean }> {
  if (!buffered) process.stdout.write(`\n=== ${label} ===\n`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [uvuBin, dir, '\\.test\\.js$'], {
      env: { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'FORCE_COLOR')), ...env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (!buffered) process.stdout.write(d);
    });
    child.stderr.on('data', (d: Buffer) => (buffered ? (err += d.toString()) : process.stderr.write(d)));
    child.on('close', (code) => {
      if (buffered) {
        process.stdout.write(`\n=== ${label} ===\n${out}`);
        if (err) process.stderr.write(err);
      }
      const text = stripAnsi(out);
      const num = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(text)?.[1] ?? NaN);
      const total = num('Total');
      const passed = num('Passed');
      const skipped = num('Skipped') || 0;
      if (Number.isNaN(total) || Number.isNaN(passed)) {
        process.stdout.write(`\n[${label}] the runner stopped before reporting totals (exit ${code})\n`);
        resolve({ passed: 0, failed: 1, skipped: 0, crashed: true });
        return;
      }
      const failed = total - passed + (code !== 0 && total === passed ? 1 : 0);
      resolve({ passed, failed, skipped, crashed: false });
    });
  });
}

async function postgresReachable(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (err) {
    return (err as Error).message;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function mysqlReachable(): Promise<string | undefined> {
  const url = new URL(MYSQL_URL);
  try {
    const conn = await mysql.createConnection({ host: url.hostname, port: Number(url.port || 3306), user: decodeURIComponent(url.username || 'root'), password: decodeURIComponent(url.password), connectTimeout: 3000 });
    await conn.query('SELECT 1');
    await conn.end();
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

interface DatabaseServer {
  label: string;
  url: string;
  requiredBy: string;
  reachable: () => Promise<string | undefined>;
}

const SERVERS: Record<string, DatabaseServer> = {
  postgres: { label: 'PostgreSQL', url: PG_URL, requiredBy: 'QUIRE_REQUIRE_PG', reachable: postgresReachable },
  mysql: { label: 'MySQL/MariaDB', url: MYSQL_URL, requiredBy: 'QUIRE_REQUIRE_MYSQL', reachable: mysqlReachable },
};

/** QUIRE_DIALECTS=sqlite,postgres,mysql narrows the dialect loop (default: all three) */
const DIALECTS = (process.env.QUIRE_DIALECTS ?? 'sqlite,postgres,mysql').split(',').map((d) => d.trim()).filter(Boolean);

/**
 * Suites that run per dialect: each dialect's pass is its own process with its own databases, so
 * the dialects run side by side (QUIRE_SERIAL_DIALECTS=1: one after the other). Output is kept per
 * dialect and printed whole when that dialect is done, so the lines stay readable.
 */
async function runDialects(suite: Suite, dir: string, totals: Totals, notes: string[], problems: Map<string, string | undefined>): Promise<void> {
  const runnable: string[] = [];
  for (const dialect of DIALECTS) {
    const label = `${suite.name}:${dialect}`;
    const server = SERVERS[dialect];
    if (server) {
      if (!problems.has(dialect)) problems.set(dialect, await server.reachable());
      const problem = problems.get(dialect);
      if (problem) {
        if (process.env[server.requiredBy] === '1') {
          notes.push(`FAILED: ${server.label} suites required (${server.requiredBy}=1) but ${server.url} is unreachable: ${problem}`);
          totals.failed += 1;
        } else notes.push(`SKIPPED: ${label} — ${server.label} at ${server.url} is unreachable (${problem}); set ${dialect === 'postgres' ? 'QUIRE_PG_URL' : 'QUIRE_MYSQL_URL'} to run it`);
        continue;
      }
    }
    runnable.push(dialect);
  }
  const serial = process.env.QUIRE_SERIAL_DIALECTS === '1';
  const one = async (dialect: string) => {
    const label = `${suite.name}:${dialect}`;
    const started = Date.now();
    const r = await runUvu(dir, { QUIRE_TEST_DIALECT: dialect, QUIRE_PG_URL: PG_URL, QUIRE_MYSQL_URL: MYSQL_URL, ...suite.env }, label, !serial);
    totals.passed += r.passed;
    totals.failed += r.failed;
    totals.skipped += r.skipped;
    notes.push(`${label}: ${r.passed} passed, ${r.failed} failed${r.crashed ? ' (crashed)' : ''} (${Math.round((Date.now() - started) / 1000)} s)`);
  };
  if (serial) for (const d of runnable) await one(d);
  else await Promise.all(runnable.map(one));
}

async function main(): Promise<number> {
  const wanted = process.argv.slice(2);
  const selected = SUITES.filter((s) => (wanted.length === 0 && (s.when?.() ?? true)) || wanted.includes(s.name) || (wanted.includes('golden') && s.name === 'compiler'));
  const totals: Totals = { passed: 0, failed: 0, skipped: 0 };
  const notes: string[] = [];
  const problems = new Map<string, string | undefined>();
  for (const suite of selected) {
    const dir = join(here, suite.dir);
    if (!hasTests(dir)) continue;
    if (suite.dialects) {
      await runDialects(suite, dir, totals, notes, problems);
      continue;
    }
    const started = Date.now();
    const r = await runUvu(dir, { QUIRE_PG_URL: PG_URL, QUIRE_MYSQL_URL: MYSQL_URL, ...suite.env }, suite.name, false);
    totals.passed += r.passed;
    totals.failed += r.failed;
    totals.skipped += r.skipped;
    notes.push(`${suite.name}: ${r.passed} passed, ${r.failed} failed${r.crashed ? ' (crashed)' : ''} (${Math.round((Date.now() - started) / 1000)} s)`);
  }
  process.stdout.write('\n' + notes.join('\n') + '\n');
  process.stdout.write(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
  return totals.failed > 0 ? 1 : 0;
}

process.exitCode = await main();
