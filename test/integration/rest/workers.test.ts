/**
 * integration: `quire serve --workers 2` as a process on one database (SQLite: one shared file;
 * PostgreSQL: one database). The primary syncs the schema before forking; answers come from both
 * workers (X-Quire-Worker); a write through one is read through the other; SIGTERM stops every
 * worker and the primary exits 0.
 */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testDatabaseUrl } from '../../helpers/database.js';
import { EXAMPLE_SPEC, REPO_ROOT, tempDir } from '../../helpers/spec-dir.js';

const quire = join(REPO_ROOT, 'bin', 'quire.js');
const artifacts = join(EXAMPLE_SPEC, 'artifacts');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test('two workers share the port and the database; SIGTERM stops all and exits 0', async () => {
  const databaseUrl = await testDatabaseUrl('rest-workers');
  const cwd = tempDir();
  const env = { ...process.env, DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', API_TOKEN_SALT: 'workers-test-salt-0123456789', JWT_SECRET: 'workers-test-jwt-0123456789', LOG_LEVEL: 'warn' };
  const child = spawn(process.execPath, [quire, 'serve', '--artifacts', artifacts, '--workers', '2'], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const started = Date.now();
    while (!/quire: 2 workers serving/.test(out) || (out.match(/quire serving .*\(worker \d+, pid \d+\)/g) ?? []).length < 2) {
      assert.ok(child.exitCode === null, `exited early: ${out}`);
      assert.ok(Date.now() - started < 30_000, `timeout waiting for two workers: ${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(out)![0];
    const pids = [...out.matchAll(/\(worker \d+, pid (\d+)\)/g)].map((m) => Number(m[1]));
    assert.is(new Set(pids).size, 2, out);

    // the schema was synced before forking: a token made now works on both workers
    const tok = spawnSync(process.execPath, [quire, 'token', 'create', '--artifacts', artifacts, '--name', 'w', '--type', 'full-access'], { env, cwd, encoding: 'utf8' });
    assert.is(tok.status, 0, tok.stderr);
    const auth = { Authorization: `Bearer ${tok.stdout.trim()}` };
    const created = await fetch(`${url}/api/tags`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: '{"data":{"name":"shared"}}' });
    assert.is(created.status, 200, await created.text());

    const seen = new Map<string, number>();
    for (let i = 0; i < 40 && seen.size < 2; i++) {
      const r = await fetch(`${url}/api/tags?filters[name][$eq]=shared`, { headers: auth });
      assert.is(r.status, 200);
      const body = (await r.json()) as { data: { attributes: { name: string } }[] };
      assert.equal(body.data.map((t) => t.attributes.name), ['shared'], 'every worker reads what one wrote');
      const worker = r.headers.get('x-quire-worker');
      assert.ok(worker && /^\d+$/.test(worker), `X-Quire-Worker: ${worker}`);
      seen.set(worker!, (seen.get(worker!) ?? 0) + 1);
    }
    assert.is(seen.size, 2, `answers from both workers: ${[...seen.keys()].join(', ')}`);

    child.kill('SIGTERM');
    assert.is(await exit, 0, out);
    for (const pid of pids) assert.not.ok(alive(pid), `worker ${pid} stopped`);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
});

test('--workers must be a positive integer', () => {
  const r = spawnSync(process.execPath, [quire, 'serve', '--artifacts', artifacts, '--workers', '0'], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: 'sqlite::memory:' } });
  assert.is(r.status, 2);
  assert.match(r.stderr, /--workers must be an integer between 1 and 64/);
});

test.run();
