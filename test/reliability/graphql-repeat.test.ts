/**
 * reliability: a GraphQL document answers in bounded time however often it is sent. `quire serve`
 * runs as its own process (a server whose event loop stalls cannot stop its own test), and each
 * document of the shapes a GraphQL frontend sends (a `$filters: <Name>FiltersInput` variable, filters
 * through relations, `and` / `or` / `not` of them, a relation selection with its own filters) is sent
 * five times: every answer is the first one's, and none takes longer than the first by more than a
 * second. A compiler on the request path that recurses over the self-referencing filter input types
 * (graphql-jit's open issue #81) froze the server on the third sight of such a document. The
 * server's RSS stays under 200 MB. Every database.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testDatabaseUrl } from '../helpers/database.js';
import { EXAMPLE_ARTIFACTS, QUIRE_BIN, serveProcess, type ServeProcess } from '../helpers/serve-process.js';
import { tempDir } from '../helpers/spec-dir.js';

const REPEATS = 5;
/** what a repeat may take beyond the first answer: far above noise, far below a stalled compiler */
const SLACK_MS = 1000;
/** a request that takes this long has stalled */
const STALLED_MS = 15_000;

let s: ServeProcess;
let token: string;

test.before(async () => {
  const databaseUrl = await testDatabaseUrl('graphql-repeat');
  const state = tempDir();
  const env = {
    ...process.env, DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', API_TOKEN_SALT: 'repeat-salt-0123456789',
    JWT_SECRET: 'repeat-jwt-0123456789', LOG_LEVEL: 'warn',
  };
  const tok = spawnSync(process.execPath, [QUIRE_BIN, 'token', 'create', '--artifacts', EXAMPLE_ARTIFACTS, '--name', 'seed', '--type', 'full-access'], { env, cwd: state, encoding: 'utf8' });
  assert.is(tok.status, 0, tok.stderr);
  token = tok.stdout.trim();
  s = await serveProcess(env, state);
  const post = async (path: string, data: unknown): Promise<number> => {
    const r = await fetch(s.url + path, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ data }) });
    const body = (await r.json()) as { data: { id: number } };
    assert.is(r.status, 200, JSON.stringify(body));
    return body.data.id;
  };
  const author = await post('/api/authors', { name: 'Ada', email: 'ada@example.com' });
  const category = await post('/api/categories', { name: 'News', slug: 'news' });
  const tag = await post('/api/tags', { name: 'graphql' });
  for (let i = 0; i < 6; i++) await post('/api/articles', { title: `Article ${i}`, slug: `article-${i}`, author: i % 2 ? author : null, category, tags: i % 3 ? [tag] : [] });
});

test.after(async () => {
  s?.child.kill('SIGTERM');
  await s?.exit;
});

interface Timed {
  ms: number;
  status: number;
  text: string;
}

/** one anonymous POST (the public role may find), cut off when it stalls */
async function send(query: string, variables: Record<string, unknown>): Promise<Timed> {
  const started = performance.now();
  const r = await fetch(s.url + '/graphql', {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query, variables }), signal: AbortSignal.timeout(STALLED_MS),
  });
  const text = await r.text();
  return { ms: performance.now() - started, status: r.status, text };
}

const DOCUMENTS: readonly [string, string, Record<string, unknown>][] = [
  ['a filters variable, empty', 'query($f: ArticleFiltersInput){ articles(filters: $f){ data { id } } }', { f: {} }],
  ['a filters variable through relations', 'query($f: ArticleFiltersInput){ articles(filters: $f, sort: "id"){ data { id attributes { title } } meta { pagination { total } } } }',
    { f: { author: { name: { eq: 'Ada' } }, tags: { name: { containsi: 'graph' } }, category: { articles: { title: { startsWith: 'Art' } } } } }],
  ['and / or / not of relation filters', 'query($f: ArticleFiltersInput){ articles(filters: $f, sort: "id"){ data { id } } }',
    { f: { or: [{ and: [{ author: { name: { eq: 'Ada' } } }, { not: { tags: { name: { null: true } } } }] }, { category: { slug: { eq: 'news' } } }], not: { title: { eq: 'x' } } } }],
  ['relation arguments from variables', 'query($f: ArticleFiltersInput, $t: TagFiltersInput){ articles(filters: $f, sort: "id"){ data { id attributes { tags(filters: $t){ data { id attributes { name } } } author { data { attributes { name } } } } } } }',
    { f: { title: { contains: 'Article' } }, t: { name: { eq: 'graphql' } } }],
  ['a filters variable on another type', 'query($f: AuthorFiltersInput){ authors(filters: $f){ data { id attributes { name } } } }', { f: { articles: { or: [{ title: { eq: 'Article 1' } }, { tags: { name: { eq: 'graphql' } } }] } } }],
];

for (const [name, query, variables] of DOCUMENTS) {
  test(`${name}: ${REPEATS} sends, each answered like the first and in bounded time`, async () => {
    const first = await send(query, variables);
    assert.is(first.status, 200, first.text);
    assert.not.match(first.text, /"errors"/, first.text);
    for (let i = 1; i < REPEATS; i++) {
      const again = await send(query, variables);
      assert.is(again.text, first.text, `send ${i + 1}`);
      assert.ok(again.ms <= first.ms + SLACK_MS, `send ${i + 1} took ${Math.round(again.ms)} ms, the first ${Math.round(first.ms)} ms`);
    }
  });
}

test('the server stays under 200 MB of RSS', async () => {
  const status = readFileSync(`/proc/${s.child.pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  assert.ok(kb > 0 && kb < 200 * 1024, `RSS ${kb} kB`);
});

test.run();
