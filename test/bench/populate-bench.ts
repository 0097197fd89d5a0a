/**
 * bench: `GET /api/articles?populate=*` on a page of fully linked articles (every relation, media,
 * component and dynamic-zone kind filled; seeded through the API). Prints the SQL statements one
 * request costs and the throughput autocannon measures (10 connections, 10 s, after a 3 s warm-up).
 * The server runs in this process (so its statements are counted); autocannon in a child process.
 *   QUIRE_TEST_DIALECT=postgres node dist/test/bench/populate-bench.js [entries=25] [seconds=10]
 * PostgreSQL (QUIRE_PG_URL, default the local server) unless QUIRE_TEST_DIALECT says otherwise.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

process.env.QUIRE_TEST_DIALECT ??= 'postgres';
const { startTestServer } = await import('../helpers/server.js');
const { requestStatements, seedFullArticles, seedShared } = await import('../helpers/seed-content.js');
const { dropTestDatabases } = await import('../helpers/database.js');

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const entries = Number(process.argv[2] ?? 25);
const seconds = Number(process.argv[3] ?? 10);
const PATH = '/api/articles?populate=*';

interface CannonResult {
  requests: { average: number; total: number };
  latency: { average: number; p50: number; p99: number };
  non2xx: number;
  errors: number;
}

/** autocannon as a child process, so load generation does not share the server's event loop */
function autocannon(url: string, token: string, duration: number): Promise<CannonResult> {
  const bin = join(root, 'node_modules', 'autocannon', 'autocannon.js');
  const child = spawn(process.execPath, [bin, '-c', '10', '-d', String(duration), '-j', '-H', `Authorization=Bearer ${token}`, url], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as CannonResult) : reject(new Error(`autocannon exited ${code}: ${err}`))));
  });
}

/** wait until the server has answered everything a finished autocannon run left in flight */
async function settle(app: { inFlight(): number }): Promise<void> {
  while (app.inFlight() > 0) await new Promise((r) => setTimeout(r, 20));
}

const s = await startTestServer({ name: 'bench-populate' });
try {
  const admin = await s.token('full-access');
  const shared = await seedShared(s, admin, 'bench');
  await seedFullArticles(s, admin, entries, shared);
  const first = await s.get(PATH, admin);
  if (first.status !== 200) throw new Error(`GET ${PATH} -> ${first.status} ${first.text}`);
  const bytes = Buffer.byteLength(first.text);
  s.queries.length = 0;
  await s.get(PATH, admin);
  const perRequest = requestStatements(s.queries).length;

  await autocannon(s.url + PATH, admin, 3); // warm-up: JIT, pool, caches
  await settle(s.running.app);
  s.queries.length = 0;
  const r = await autocannon(s.url + PATH, admin, seconds);
  await settle(s.running.app);
  const statements = requestStatements(s.queries);
  // requests the server answered: one page count each (autocannon does not count the last in flight)
  const answered = statements.filter((q) => /^select count\(\*\)/i.test(q)).length;
  if (r.non2xx || r.errors) throw new Error(`${r.non2xx} non-2xx answers, ${r.errors} errors`);
  console.log(`GET ${PATH} on ${s.databaseUrl.startsWith('sqlite:') ? 'SQLite' : 'PostgreSQL'}: ${first.body.data.length} entries per page, ${(bytes / 1024).toFixed(1)} KiB per answer`);
  console.log(`SQL statements per request: ${perRequest} (over the run: ${(statements.length / answered).toFixed(2)} per request, ${answered} requests; api-token lookups excluded)`);
  console.log(`autocannon -c 10 -d ${seconds}: ${r.requests.average.toFixed(1)} req/s average, ${r.requests.total} requests, latency avg ${r.latency.average.toFixed(1)} ms, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`);
} finally {
  await s.stop();
  await dropTestDatabases();
}
