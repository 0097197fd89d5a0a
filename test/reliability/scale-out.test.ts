/**
 * reliability: two `quire serve` processes on one PostgreSQL database behind a round-robin proxy
 * (node:http, here), as a deployment scales out. Started at once on an empty database, one of them
 * syncs the schema and the other finds it done (one snapshot row, one set of create-table lines);
 * the login limiter counts across both; a token revoked with `quire token revoke` is refused by both
 * within the token cache's time; both answer the same bodies, REST and GraphQL. PostgreSQL only.
 */
import { spawnSync } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { TOKEN_CACHE_TTL_MS } from '../../engine/auth/token-cache.js';
import { testDatabaseUrl } from '../helpers/database.js';
import { DIALECT } from '../helpers/server.js';
import { EXAMPLE_ARTIFACTS, QUIRE_BIN, serveProcess, type ServeProcess } from '../helpers/serve-process.js';
import { tempDir } from '../helpers/spec-dir.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const serve = (env: NodeJS.ProcessEnv, cwd: string) => serveProcess(env, cwd, 60_000);

/** round robin over `upstreams`; each answer says which one gave it (`x-upstream: 0|1`) */
function roundRobin(upstreams: string[]): Promise<{ url: string; server: Server }> {
  let next = 0;
  const server = createServer((req, res) => {
    const i = next++ % upstreams.length;
    const to = new URL(upstreams[i]);
    const up = request({ host: to.hostname, port: to.port, path: req.url, method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, { ...r.headers, 'x-upstream': String(i) });
      r.pipe(res);
    });
    up.on('error', (err) => {
      res.writeHead(502);
      res.end(String(err));
    });
    req.pipe(up);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server })));
}

interface Answer {
  status: number;
  upstream: string | null;
  body: any;
}

async function call(url: string, path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<Answer> {
  const r = await fetch(url + path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await r.text();
  return { status: r.status, upstream: r.headers.get('x-upstream'), body: text ? JSON.parse(text) : undefined };
}

if (DIALECT === 'postgres') {
  let databaseUrl: string;
  let env: NodeJS.ProcessEnv;
  let cwd: string;
  let token: string;
  let servers: ServeProcess[] = [];
  let proxy: { url: string; server: Server };

  const cli = (...args: string[]) => spawnSync(process.execPath, [QUIRE_BIN, 'token', ...args, '--artifacts', EXAMPLE_ARTIFACTS], { env, cwd, encoding: 'utf8' });

  test.before(async () => {
    databaseUrl = await testDatabaseUrl('scale-out');
    cwd = tempDir('quire-scale-out-');
    env = {
      ...process.env, DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'info',
      JWT_SECRET: 'scale-out-jwt-0123456789abcdef', API_TOKEN_SALT: 'scale-out-salt-0123456789abcdef',
      AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW_MS: '60000',
    };
    // both at once on the empty database
    servers = await Promise.all([serve(env, cwd), serve(env, cwd)]);
    proxy = await roundRobin(servers.map((s) => s.url));
    const made = cli('create', '--name', 'scale-out', '--type', 'full-access');
    assert.is(made.status, 0, made.stderr);
    token = made.stdout.trim();
  });

  test.after(async () => {
    proxy?.server.close();
    for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exit));
  });

  test('schema sync once: one process creates the tables, the other finds them made', async () => {
    const created = servers.map((s) => (s.output().match(/schema: create-table articles:/g) ?? []).length);
    assert.equal(created.slice().sort(), [0, 1], `create-table articles lines per process: ${created}`);
    const other = servers[created.indexOf(0)].output();
    assert.not.match(other, /"sync":/, 'the second process applied no schema change');
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    try {
      const { rows } = await c.query('SELECT "id" FROM "quire_schema_state"');
      assert.equal(rows.map((r) => r.id), [1]);
      const { rows: tables } = await c.query("SELECT COUNT(*)::int AS n FROM pg_tables WHERE schemaname = 'public' AND tablename = 'articles'");
      assert.is(tables[0].n, 1);
    } finally {
      await c.end();
    }
  });

  test('the proxy alternates between the two processes', async () => {
    const seen = new Set<string | null>();
    for (let i = 0; i < 4; i++) seen.add((await call(proxy.url, '/_health')).upstream);
    assert.equal([...seen].sort(), ['0', '1']);
  });

  test('the login limiter counts across both processes', async () => {
    const reg = await call(proxy.url, '/api/auth/local/register', { body: { username: 'scaler', email: 'scaler@example.com', password: 'Scale-out-1' } });
    assert.is(reg.status, 200, JSON.stringify(reg.body));
    const failed: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await call(proxy.url, '/api/auth/local', { body: { identifier: 'scaler', password: `wrong-${i}` } });
      assert.is(r.status, 400, JSON.stringify(r.body));
      failed.push(r.upstream);
    }
    assert.equal(new Set(failed).size, 2, 'the failures reached both processes');
    // the right password now: refused by both, whichever answers
    const refused = [await call(proxy.url, '/api/auth/local', { body: { identifier: 'scaler', password: 'Scale-out-1' } }), await call(proxy.url, '/api/auth/local', { body: { identifier: 'scaler', password: 'Scale-out-1' } })];
    assert.equal(refused.map((r) => r.status), [429, 429]);
    assert.equal(new Set(refused.map((r) => r.upstream)).size, 2);
    assert.is(refused[0].body.error.name, 'RateLimitError');
  });

  test('both answer the same bodies (REST, populate, GraphQL)', async () => {
    const tag = await call(proxy.url, '/api/tags', { token, body: { data: { name: 'scale' } } });
    assert.is(tag.status, 200, JSON.stringify(tag.body));
    for (let i = 0; i < 4; i++) {
      const r = await call(proxy.url, '/api/articles', { token, body: { data: { title: `Scale ${i}`, format: 'news', tags: [tag.body.data.id], seo: { metaTitle: `Scale ${i}` } } } });
      assert.is(r.status, 200, JSON.stringify(r.body));
    }
    const paths = ['/api/articles?populate=*&sort=id', '/api/articles?filters[tags][name][$eq]=scale&populate[tags]=true', '/api/tags?pagination[withCount]=true'];
    for (const path of paths) {
      const [a, b] = [await call(servers[0].url, path, { token }), await call(servers[1].url, path, { token })];
      assert.is(a.status, 200, JSON.stringify(a.body));
      assert.equal(b, a, path);
      assert.ok(a.body.data.length > 0, path);
    }
    const query = { query: '{ articles(sort: "id") { data { id attributes { title tags { data { attributes { name } } } } } meta { pagination { total } } } }' };
    const [ga, gb] = [await call(servers[0].url, '/graphql', { token, body: query }), await call(servers[1].url, '/graphql', { token, body: query })];
    assert.is(ga.status, 200);
    assert.is(ga.body.data.articles.meta.pagination.total, 4);
    assert.equal(gb, ga);
  });

  test('a revoked token is refused by both within the token cache time', async () => {
    // both processes have the token cached
    for (const s of servers) assert.is((await call(s.url, '/api/articles', { token })).status, 200);
    const revoked = cli('revoke', 'scale-out');
    assert.is(revoked.status, 0, revoked.stderr);
    const at = Date.now();
    const refusedAt: (number | undefined)[] = [undefined, undefined];
    while (refusedAt.some((t) => t === undefined) && Date.now() - at < TOKEN_CACHE_TTL_MS + 5_000) {
      for (let i = 0; i < servers.length; i++) {
        if (refusedAt[i] === undefined && (await call(servers[i].url, '/api/articles', { token })).status === 401) refusedAt[i] = Date.now() - at;
      }
      await sleep(100);
    }
    assert.ok(refusedAt.every((t) => t !== undefined && t <= TOKEN_CACHE_TTL_MS + 1_000), `refused after ${refusedAt.join(', ')} ms (cache ${TOKEN_CACHE_TTL_MS} ms)`);
    // and through the proxy, on both
    const after = [await call(proxy.url, '/api/articles', { token }), await call(proxy.url, '/api/articles', { token })];
    assert.equal(after.map((r) => r.status), [401, 401]);
    assert.equal(new Set(after.map((r) => r.upstream)).size, 2);
  });
}

test.run();
