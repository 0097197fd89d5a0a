/**
 * unit (engine): the engine uses its libraries through their public APIs only. Scans the engine's
 * TypeScript source for what reaching inside knex, its pool (tarn) or a driver looked like: deep
 * requires into `knex/lib`, knex's `__knex__*` connection flags, tarn's pool arrays, a replaced
 * driver method, a knex client cloned with Object.create. Reads source files; no database.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { REPO_ROOT } from '../../../helpers/spec-dir.js';

const FORBIDDEN: readonly (readonly [RegExp, string])[] = [
  [/knex\/lib\b/, 'a deep require into knex/lib'],
  [/__knex/, "one of knex's private __knex* fields"],
  [/\bpool\s*[?!]?\.\s*(free|used|pending\w+)\b/, "a field of knex's tarn pool"],
  [/\b(pendingAcquires|pendingValidations|pendingCreates)\b/, "a field of knex's tarn pool"],
  [/\.client\s*(as [^)]*\))?\s*\.\s*pool\b/, "knex's pool object"],
  [/\.(prepare|acquireConnection|releaseConnection)\s*=[^=>]/, 'a replaced driver or knex method'],
  [/\b(conn|connection|db|client)\w*\s*\.\s*(query|exec|run|all|end)\s*=[^=>]/i, 'a replaced driver method'],
  [/Object\.create\(\s*(?!null\s*\))/, 'an object (a knex client) cloned with Object.create'],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

test('engine/ reaches into no library internals (knex/lib, __knex__*, tarn pool fields, patched methods)', () => {
  const found: string[] = [];
  const files = sourceFiles(join(REPO_ROOT, 'engine'));
  assert.ok(files.length > 100, `the engine's source was found (${files.length} files)`);
  for (const file of files) {
    readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
      for (const [pattern, what] of FORBIDDEN) {
        if (pattern.test(line)) found.push(`${relative(REPO_ROOT, file)}:${i + 1}: ${what}: ${line.trim()}`);
      }
    });
  }
  assert.equal(found, [], found.join('\n'));
});

test('the patterns catch what they stand for', () => {
  const samples = [
    "createRequire(import.meta.url)('knex/lib/knex-builder/make-knex.js')",
    'c.__knex__disposed ??= reason;',
    'if (!pool || pool.free.length === 0) return;',
    'const waiting = client.pool?.pendingAcquires.length;',
    'const pool = (knex.client as { pool?: BusyPool }).pool;',
    'conn.prepare = (sql: string) => cached(sql);',
    'connection.query = (text: string) => logged(text);',
    'const client = Object.create(root) as EventEmitter & PoolClient;',
  ];
  for (const line of samples) assert.ok(FORBIDDEN.some(([p]) => p.test(line)), line);
  assert.not.ok(FORBIDDEN.some(([p]) => p.test('const stmt = db.prepare(text);')), 'a plain prepare call is fine');
  assert.not.ok(FORBIDDEN.some(([p]) => p.test("props.query = params.get('query');")), 'a property named query is fine');
  assert.not.ok(FORBIDDEN.some(([p]) => p.test("const nested: Record<string, unknown> = Object.create(null);")), 'Object.create(null) is fine');
});

test.run();
