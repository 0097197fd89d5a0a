/**
 * integration: the server as a user runs it. Schema sync across restarts (an added attribute keeps
 * the data, a removed one is refused unless --allow-destructive), `quire serve` and `quire token
 * create` as processes, SIGTERM finishing in-flight requests and exiting 0.
 */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { main as buildMain } from '../../../compiler/cli.js';
import { testDatabaseUrl } from '../../helpers/database.js';
import { DIALECT, startTestServer } from '../../helpers/server.js';
import { copySpec, editJson, EXAMPLE_SPEC, REPO_ROOT, runCli, tempDir } from '../../helpers/spec-dir.js';

const quire = join(REPO_ROOT, 'bin', 'quire.js');

async function buildArtifacts(spec: string): Promise<string> {
  const out = join(tempDir(), 'artifacts');
  const r = await runCli(buildMain, ['build', '--src', spec, '--out', out]);
  assert.is(r.code, 0, r.err.join('\n'));
  return out;
}

test('restart with an added attribute keeps the data; a removed one is refused', async () => {
  const spec = copySpec('minimal');
  const databaseUrl = await testDatabaseUrl('rest-lifecycle-sync');
  const v1 = await buildArtifacts(spec);
  let s = await startTestServer({ name: 'x', artifactsDir: v1, databaseUrl });
  const token = await s.token('full-access');
  const created = await s.request('POST', '/api/posts', { body: { data: { title: 'kept', views: 3 } }, token });
  assert.is(created.status, 200, created.text);
  await s.stop();

  editJson(spec, 'api/post/content-types/post/schema.json', (j) => (j.attributes.subtitle = { type: 'string', default: 'none' }));
  const v2 = await buildArtifacts(spec);
  s = await startTestServer({ name: 'x', artifactsDir: v2, databaseUrl });
  const got = await s.get(`/api/posts/${created.body.data.id}`, token);
  assert.is(got.status, 200, got.text);
  assert.is(got.body.data.attributes.title, 'kept');
  assert.is(got.body.data.attributes.views, 3);
  assert.ok('subtitle' in got.body.data.attributes);
  await s.stop();

  editJson(spec, 'api/post/content-types/post/schema.json', (j) => delete j.attributes.views);
  const v3 = await buildArtifacts(spec);
  let refused: Error | undefined;
  try {
    await startTestServer({ name: 'x', artifactsDir: v3, databaseUrl });
  } catch (err) {
    refused = err as Error;
  }
  assert.ok(refused, 'start refused');
  assert.match(refused!.message, /views/);

  s = await startTestServer({ name: 'x', artifactsDir: v2, databaseUrl });
  assert.is((await s.get(`/api/posts/${created.body.data.id}`, token)).body.data.attributes.views, 3, 'nothing was dropped');
  await s.stop();

  s = await startTestServer({ name: 'x', artifactsDir: v3, databaseUrl, allowDestructive: true });
  const after = await s.get(`/api/posts/${created.body.data.id}`, token);
  assert.is(after.body.data.attributes.title, 'kept');
  assert.not.ok('views' in after.body.data.attributes);
  await s.stop();
});

function waitForLine(child: ReturnType<typeof spawn>, re: RegExp, ms = 20_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new Error(`timeout waiting for ${re}; output: ${buf}`)), ms);
    const on = (d: Buffer) => {
      buf += d.toString();
      const m = re.exec(buf);
      if (m) {
        clearTimeout(timer);
        resolve(m[0]);
      }
    };
    child.stdout?.on('data', on);
    child.stderr?.on('data', on);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code} before ${re}; output: ${buf}`));
    });
  });
}

test('quire serve and quire token create as processes; SIGTERM exits 0 after in-flight requests', async () => {
  const databaseUrl = await testDatabaseUrl('rest-lifecycle-cli');
  const state = tempDir();
  const env = { ...process.env, DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', API_TOKEN_SALT: 'cli-test-salt-0123456789', JWT_SECRET: 'cli-test-jwt-0123456789', LOG_LEVEL: 'warn' };
  const artifacts = join(EXAMPLE_SPEC, 'artifacts');
  const tok = spawnSync(process.execPath, [quire, 'token', 'create', '--artifacts', artifacts, '--name', 'ci', '--type', 'read-only'], { env, cwd: state, encoding: 'utf8' });
  assert.is(tok.status, 0, tok.stderr);
  const lines = tok.stdout.trim().split('\n');
  assert.is(lines.length, 1, 'prints only the token');
  const token = lines[0];
  assert.match(token, /^[a-f0-9]{64,}$/);
  const dup = spawnSync(process.execPath, [quire, 'token', 'create', '--artifacts', artifacts, '--name', 'x', '--type', 'custom'], { env, cwd: state, encoding: 'utf8' });
  assert.is(dup.status, 2);

  const child = spawn(process.execPath, [quire, 'serve', '--artifacts', artifacts], { env, cwd: state, stdio: ['ignore', 'pipe', 'pipe'] });
  const line = await waitForLine(child, /quire serving 8 content-types at (http:\/\/127\.0\.0\.1:\d+)[^]*data dir[^\n]*\n/);
  assert.match(line, DIALECT === 'postgres' ? /postgres:/ : DIALECT === 'mysql' ? /mysql:/ : /sqlite:/);
  const url = /http:\/\/127\.0\.0\.1:\d+/.exec(line)![0];
  assert.is((await fetch(`${url}/_health`)).status, 204);
  assert.is((await fetch(`${url}/api/tags`, { headers: { Authorization: `Bearer ${token}` } })).status, 200);
  assert.is((await fetch(`${url}/api/tags`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: '{"data":{"name":"x"}}' })).status, 403);
  const inflight = Promise.all(Array.from({ length: 5 }, () => fetch(`${url}/api/articles?populate=*`, { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.status)));
  await new Promise((r) => setTimeout(r, 5));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  const statuses = await inflight.catch(() => [] as number[]);
  for (const st of statuses) assert.is(st, 200);
  assert.is(await exit, 0);
});

test.run();
