/**
 * test: runs every uvu suite (unit, build, then the database suites once per dialect) and ends with
 * one plain `N passed, N failed, N skipped` line. PostgreSQL suites run when QUIRE_PG_URL (default
 * the local server) answers; with QUIRE_REQUIRE_PG=1 an unreachable server is a failure, not a skip.
 * In CI (QUIRE_REQUIRE_PG=1) or with QUIRE_VALIDATE_ALL=1, the integration suite runs once more on SQLite
 * with QUIRE_VALIDATE_RESPONSES=1: every REST answer checked against the OpenAPI document.
 *   node dist/test/run.js [unit|compiler|golden|integration|integration:validated|security ...]
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = dirname(fileURLToPath(import.meta.url));
const uvuBin = join(here, '..', '..', 'node_modules', 'uvu', 'bin.js');
const PG_URL = process.env.QUIRE_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Suite {
  name: string;
  dir: string;
  dialects?: boolean;
  /** extra environment of the run (SQLite only) */
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
  { name: 'security', dir: 'security', dialects: true },
  { name: 'reliability', dir: 'reliability', dialects: true },
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

function runUvu(dir: string, env: Record<string, string>, label: string): Promise<Totals & { crashed: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [uvuBin, dir, '\\.test\\.js$'], {
      env: { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'FORCE_COLOR')), ...env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      process.stdout.write(d);
    });
    child.stderr.on('data', (d: Buffer) => process.stderr.write(d));
    child.on('close', (code) => {
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

async function main(): Promise<number> {
  const wanted = process.argv.slice(2);
  const selected = SUITES.filter((s) => (wanted.length === 0 && (s.when?.() ?? true)) || wanted.includes(s.name) || (wanted.includes('golden') && s.name === 'compiler'));
  const totals: Totals = { passed: 0, failed: 0, skipped: 0 };
  const notes: string[] = [];
  let pgProblem: string | undefined;
  let pgChecked = false;
  for (const suite of selected) {
    const dir = join(here, suite.dir);
    if (!hasTests(dir)) continue;
    const dialects = suite.dialects ? ['sqlite', 'postgres'] : [''];
    for (const dialect of dialects) {
      const label = dialect ? `${suite.name}:${dialect}` : suite.name;
      if (dialect === 'postgres') {
        if (!pgChecked) {
          pgProblem = await postgresReachable();
          pgChecked = true;
        }
        if (pgProblem) {
          if (process.env.QUIRE_REQUIRE_PG === '1') {
            notes.push(`FAILED: PostgreSQL suites required (QUIRE_REQUIRE_PG=1) but ${PG_URL} is unreachable: ${pgProblem}`);
            totals.failed += 1;
          } else notes.push(`SKIPPED: ${label} — PostgreSQL at ${PG_URL} is unreachable (${pgProblem}); set QUIRE_PG_URL to run it`);
          continue;
        }
      }
      process.stdout.write(`\n=== ${label} ===\n`);
      const r = await runUvu(dir, { QUIRE_TEST_DIALECT: dialect, QUIRE_PG_URL: PG_URL, ...suite.env }, label);
      totals.passed += r.passed;
      totals.failed += r.failed;
      totals.skipped += r.skipped;
      notes.push(`${label}: ${r.passed} passed, ${r.failed} failed${r.crashed ? ' (crashed)' : ''}`);
    }
  }
  process.stdout.write('\n' + notes.join('\n') + '\n');
  process.stdout.write(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
  return totals.failed > 0 ? 1 : 0;
}

process.exitCode = await main();
