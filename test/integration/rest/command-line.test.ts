/**
 * integration: the command line as a new user meets it, as processes in a directory of their own:
 * `.env` read (the environment wins), state in the data directory (printed at start), the token
 * lifecycle (create, list, regenerate, revoke; a key printed only when made), `--version`, help,
 * "did you mean", `serve --plan`, and one line with its own exit code for each user error.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testDatabaseUrl } from '../../helpers/database.js';
import { DIALECT } from '../../helpers/server.js';
import { EXAMPLE_SPEC, REPO_ROOT, tempDir } from '../../helpers/spec-dir.js';

const quire = join(REPO_ROOT, 'bin', 'quire.js');
const artifacts = join(EXAMPLE_SPEC, 'artifacts');
const baseEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(DATABASE_|PORT$|HOST$|LOG_LEVEL$|JWT_SECRET$|API_TOKEN_SALT$|QUIRE_DATA_DIR$|METRICS_)/.test(k)));

function run(cwd: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [quire, ...args], { cwd, env: { ...baseEnv, ...env }, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

function oneLine(r: { err: string }, re: RegExp): void {
  const lines = r.err.trim().split('\n');
  assert.is(lines.length, 1, r.err);
  assert.match(lines[0], re);
  assert.not.match(r.err, /\n\s+at /);
}

test('--version, --help of every command, did-you-mean, unknown options', () => {
  const cwd = tempDir();
  const v = run(cwd, ['--version']);
  assert.is(v.status, 0);
  assert.match(v.out, /^quire \d+\.\d+\.\d+ \(node v\d+/);
  for (const cmd of ['build', 'check', 'serve', 'token', 'admin']) {
    const h = run(cwd, [cmd, '--help']);
    assert.is(h.status, 0, `${cmd}: ${h.err}`);
    assert.match(h.out, /usage:/);
  }
  assert.match(run(cwd, ['serve', '--help']).out, /DATABASE_URL[^]*LOG_LEVEL[^]*METRICS_TOKEN/);
  assert.match(run(cwd, ['--help']).out, /exit codes:/);
  const typo = run(cwd, ['serv', '--artifacts', artifacts]);
  assert.is(typo.status, 2);
  oneLine(typo, /did you mean "quire serve"\?/);
  const option = run(cwd, ['serve', '--artifact', artifacts]);
  assert.is(option.status, 2);
  oneLine(option, /^quire serve: Unknown option '--artifact'/);
});

test('bad settings and missing artifacts: one line naming the variable, exit 3 or 4, nothing written', () => {
  const cwd = tempDir();
  const serve = ['serve', '--artifacts', artifacts];
  const level = run(cwd, serve, { LOG_LEVEL: 'loud' });
  assert.is(level.status, 3);
  oneLine(level, /^quire serve: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"$/);
  // a MySQL server that does not answer: the database line, the password masked, exit 5
  const mysql = run(tempDir(), serve, { DATABASE_URL: 'mysql://root:secret-pw@127.0.0.1:1/app' });
  assert.is(mysql.status, 5, mysql.err);
  oneLine(mysql, /^quire serve: the database at mysql:\/\/root:\*\*\*@127\.0\.0\.1:1\/app is unavailable/);
  assert.not.match(mysql.err, /secret-pw/);
  const scheme = run(cwd, serve, { DATABASE_URL: 'oracle://x' });
  assert.is(scheme.status, 3);
  oneLine(scheme, /DATABASE_URL: unknown scheme "oracle:"/);
  const client = run(cwd, serve, { DATABASE_CLIENT: 'mssql' });
  assert.is(client.status, 3);
  oneLine(client, /DATABASE_CLIENT must be sqlite, postgres or mysql, got "mssql"/);
  const metrics = run(cwd, serve, { METRICS_ENABLED: 'true' });
  assert.is(metrics.status, 3);
  oneLine(metrics, /METRICS_ENABLED=true needs METRICS_TOKEN .* or METRICS_PORT/);
  const missing = run(cwd, ['serve', '--artifacts', join(cwd, 'nowhere')]);
  assert.is(missing.status, 4);
  oneLine(missing, /model\.json not found: build the artifacts first/);
  const inModules = run(cwd, [...serve, '--data-dir', join(cwd, 'node_modules', 'quire', '.quire')]);
  assert.is(inModules.status, 3);
  oneLine(inModules, /inside node_modules/);
  assert.not.ok(existsSync(join(cwd, '.quire')), 'no data dir made by a refused start');
});

test('tokens: create prints the key once, a duplicate name is exit 7; list never shows a key; regenerate and revoke by name or id', async () => {
  const cwd = tempDir();
  const env: Record<string, string> = DIALECT === 'postgres' ? { DATABASE_URL: await testDatabaseUrl('cli-tokens') } : {};
  const create = (name: string) => run(cwd, ['token', 'create', '--artifacts', artifacts, '--name', name, '--type', 'read-only'], env);
  const first = create('ci');
  assert.is(first.status, 0, first.err);
  const key = first.out.trim();
  assert.match(key, /^[a-f0-9]{64,}$/);
  const dup = create('ci');
  assert.is(dup.status, 7);
  oneLine(dup, /^quire token create: a token named "ci" already exists/);
  assert.is(create('deploy').status, 0);
  const list = run(cwd, ['token', 'list', '--artifacts', artifacts], env);
  assert.is(list.status, 0, list.err);
  assert.match(list.out, /^ID\s+NAME\s+TYPE\s+CREATED\s+LAST USED\s+EXPIRES\n1\s+ci\s+read-only\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\s+never\s+never\n2\s+deploy/);
  assert.not.ok(list.out.includes(key));
  const json = JSON.parse(run(cwd, ['token', 'list', '--artifacts', artifacts, '--json'], env).out);
  assert.equal(json.map((t: any) => t.name), ['ci', 'deploy']);
  assert.not.ok('accessKeyHash' in json[0]);
  const again = run(cwd, ['token', 'regenerate', 'ci', '--artifacts', artifacts], env);
  assert.is(again.status, 0, again.err);
  assert.match(again.out.trim(), /^[a-f0-9]{64,}$/);
  assert.is.not(again.out.trim(), key);
  const revoke = run(cwd, ['token', 'revoke', '2', '--artifacts', artifacts], env);
  assert.is(revoke.status, 0, revoke.err);
  assert.match(revoke.out, /revoked token 2 "deploy"/);
  const gone = run(cwd, ['token', 'revoke', 'deploy', '--artifacts', artifacts], env);
  assert.is(gone.status, 7);
  oneLine(gone, /no token named "deploy"/);
  assert.equal(JSON.parse(run(cwd, ['token', 'list', '--artifacts', artifacts, '--json'], env).out).map((t: any) => t.name), ['ci']);
  if (DIALECT === 'sqlite') assert.ok(existsSync(join(cwd, '.quire', 'data.db')) && existsSync(join(cwd, '.quire', 'secrets.json')), 'state in ./.quire');
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

test('serve reads .env (the environment wins), prints where everything is, and a taken port is exit 6', async () => {
  const cwd = tempDir();
  const port = await freePort();
  const databaseUrl = DIALECT === 'postgres' ? await testDatabaseUrl('cli-dotenv') : '';
  writeFileSync(join(cwd, '.env'), [`PORT=${port}`, 'HOST=127.0.0.1', 'LOG_LEVEL=loud', 'API_TOKEN_SALT="dotenv-salt-0123456789"', databaseUrl && `DATABASE_URL=${databaseUrl}`, ''].join('\n'));
  // LOG_LEVEL of the file is bad; the environment's wins
  const env = { LOG_LEVEL: 'warn' };
  const tok = run(cwd, ['token', 'create', '--artifacts', artifacts, '--name', 'web', '--type', 'read-only', '--data-dir', 'state'], env);
  assert.is(tok.status, 0, tok.err);
  const child = spawn(process.execPath, [quire, 'serve', '--artifacts', artifacts, '--data-dir', 'state'], { cwd, env: { ...baseEnv, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    let out = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no banner: ${out}`)), 20_000);
      child.stdout.on('data', (d) => {
        out += d;
        if (/data dir .*\n/.test(out)) (clearTimeout(timer), resolve());
      });
      child.stderr.on('data', (d) => (out += d));
      child.on('exit', () => reject(new Error(`exited: ${out}`)));
    });
    const url = `http://127.0.0.1:${port}`;
    assert.match(out, new RegExp(`REST +${url}/api\\n +GraphQL +${url}/graphql\\n +reference +${url}/documentation`));
    assert.match(out, new RegExp(`data dir +${join(cwd, 'state').replace(/[.]/g, '\\.')}\\n`));
    assert.match(out, DIALECT === 'postgres' ? /database +postgres:/ : new RegExp(`database +sqlite:${join(cwd, 'state', 'data.db')}`));
    // the token made with the same .env salt and data dir works
    assert.is((await fetch(`${url}/api/articles`, { headers: { Authorization: `Bearer ${tok.out.trim()}` } })).status, 200);
    assert.is((await fetch(`${url}/_ready`)).status, 200);
    const taken = run(cwd, ['serve', '--artifacts', artifacts, '--data-dir', 'state'], env);
    assert.is(taken.status, 6);
    oneLine(taken, new RegExp(`^quire serve: port ${port} on 127\\.0\\.0\\.1 is already in use`));
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
});

test('serve --plan prints the DDL of the sync and changes nothing', () => {
  const cwd = tempDir();
  if (DIALECT === 'postgres') return; // the plan is dialect-specific SQL; one fresh database is enough to show it
  const plan = run(cwd, ['serve', '--artifacts', artifacts, '--plan']);
  assert.is(plan.status, 0, plan.err);
  assert.match(plan.out, /^-- schema plan for sqlite:.*: \d+ change\(s\), nothing applied\n/);
  assert.match(plan.out, /\ncreate table `articles` \(/);
  const again = run(cwd, ['serve', '--artifacts', artifacts, '--plan']);
  assert.match(again.out, /create table `articles`/, 'nothing was kept by the first plan');
});

test.run();
