/**
 * compiler: a project with code of its own builds into byte-stable artifacts (the bundle included, so
 * `quire check` sees stale code), its routers decide which core operations are published, and its
 * custom routes are operations `quire diff` sees added or removed.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { main } from '../../compiler/cli.js';
import { copySpec, editJson, FIXTURES, runCli, tempDir } from '../helpers/spec-dir.js';

const NEWSROOM = join(FIXTURES, 'projects', 'newsroom');

async function build(src: string): Promise<string> {
  const out = join(tempDir(), 'artifacts');
  const r = await runCli(main, ['build', '--src', src, '--out', out]);
  assert.is(r.code, 0, r.err.join('\n'));
  assert.equal(r.err, [], 'the newsroom builds without a warning: all of its code runs');
  return out;
}

test('byte-stable artifacts; quire check compares the bundled code too', async () => {
  const a = await build(NEWSROOM);
  const b = await build(NEWSROOM);
  for (const f of ['model.json', 'openapi.json', 'schema.graphql', 'project-code.cjs']) assert.is(readFileSync(join(a, f), 'utf8'), readFileSync(join(b, f), 'utf8'), f);
  assert.is((await runCli(main, ['check', '--src', NEWSROOM, '--artifacts', a])).code, 0);
  const spec = copySpec(NEWSROOM);
  const policy = join(spec, 'src/api/article/policies/is-owner.js');
  rmSync(policy);
  const check = await runCli(main, ['check', '--src', spec, '--artifacts', a]);
  assert.is(check.code, 1);
  assert.ok(check.err.some((l) => l.startsWith(`stale: ${join(a, 'project-code.cjs')}`)), check.err.join('\n'));
});

test("a router's only/except decide the published core operations; custom routes carry x-quire-custom", async () => {
  const doc = JSON.parse(readFileSync(join(await build(NEWSROOM), 'openapi.json'), 'utf8'));
  assert.equal(Object.keys(doc.paths['/api/audit-logs']), ['get']);
  assert.equal(Object.keys(doc.paths['/api/audit-logs/{id}']), ['get']);
  const bySlug = doc.paths['/api/articles/by-slug/{slug}'].get;
  assert.equal([bySlug['x-quire-custom'], bySlug.security, bySlug.parameters], [true, [], [{ name: 'slug', in: 'path', required: true, schema: { type: 'string' } }]]);
  assert.is(doc.paths['/api/articles/{id}/like'].post.operationId, 'article.article.like');
});

test('quire diff: a custom route removed is a breaking change', async () => {
  const before = await build(NEWSROOM);
  const spec = copySpec(NEWSROOM);
  rmSync(join(spec, 'src/api/article/routes/01-custom-article.js'));
  // a permission naming an action no route has is refused: the list goes with the route
  editJson(spec, 'config/permissions.json', (p) => {
    p.authenticated = p.authenticated.filter((a: string) => a !== 'api::article.article.like');
  });
  const after = await build(spec);
  const r = await runCli(main, ['diff', before, after, '--json']);
  assert.is(r.code, 1);
  const changes = JSON.parse(r.out.join('\n')).changes as { level: string; path: string }[];
  assert.ok(changes.some((c) => c.level === 'breaking' && c.path.includes('/api/articles/by-slug/{slug}')), JSON.stringify(changes, null, 1));
});

test.run();
