/**
 * build: `quire diff` as a user runs it: the example against itself and against an edited build (both
 * APIs reported, text and --json), `--base <git-ref>` against artifacts committed in a git repository,
 * and the usage errors (exit 2).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { main } from '../../compiler/cli.js';
import { copySpec, editJson, EXAMPLE_SPEC, REPO_ROOT, runCli, tempDir } from '../helpers/spec-dir.js';

const quire = join(REPO_ROOT, 'bin', 'quire.js');
const ARTIFACTS = join(EXAMPLE_SPEC, 'artifacts');

/** the example built with Tag.name removed and Article.readingTime turned into a string */
let edited: string;

test.before(async () => {
  const spec = copySpec(EXAMPLE_SPEC);
  editJson(spec, 'api/tag/content-types/tag/schema.json', (s) => {
    s.attributes.label = { type: 'string' };
    s.attributes.name.required = false;
  });
  editJson(spec, 'api/article/content-types/article/schema.json', (s) => delete s.attributes.excerpt);
  edited = join(tempDir(), 'edited');
  const r = await runCli(main, ['build', '--src', spec, '--out', edited]);
  assert.is(r.code, 0, r.err.join('\n'));
});

test('the example against itself: no changes, exit 0', () => {
  const r = spawnSync(process.execPath, [quire, 'diff', ARTIFACTS, ARTIFACTS], { encoding: 'utf8' });
  assert.is(r.status, 0, r.stderr);
  assert.match(r.stdout, /quire diff: no changes/);
});

test('an edited build: REST and GraphQL changes, classed, exit 1 unless --allow-breaking', async () => {
  const r = await runCli(main, ['diff', ARTIFACTS, edited, '--json']);
  assert.is(r.code, 1);
  const report = JSON.parse(r.out.join('\n'));
  const has = (api: string, level: string, kind: string, path: string) =>
    assert.ok(report.changes.some((c: any) => c.api === api && c.level === level && c.kind === kind && c.path === path), `${api} ${level} ${kind} ${path}`);
  has('rest', 'breaking', 'response-property-removed', 'ArticleAttributes.excerpt');
  has('rest', 'breaking', 'request-property-removed', 'ArticleInput.excerpt');
  has('rest', 'safe', 'request-property-became-optional', 'TagInput.name');
  has('rest', 'safe', 'response-property-added', 'TagAttributes.label');
  has('graphql', 'breaking', 'FIELD_REMOVED', 'Article.excerpt');
  has('graphql', 'breaking', 'FIELD_TYPE_CHANGED', 'Tag.name');
  has('graphql', 'safe', 'FIELD_ADDED', 'Tag.label');
  assert.equal(report.summary.breaking, report.changes.filter((c: any) => c.level === 'breaking').length);
  assert.equal(report.changes.map((c: any) => c.level), [...report.changes.map((c: any) => c.level)].sort((a: string, b: string) => ['breaking', 'dangerous', 'safe'].indexOf(a) - ['breaking', 'dangerous', 'safe'].indexOf(b)));

  const text = await runCli(main, ['diff', ARTIFACTS, edited]);
  assert.is(text.code, 1);
  assert.ok(text.out.some((l) => /^\s+breaking\s+rest\s+ArticleAttributes\.excerpt: property removed/.test(l)), text.out.join('\n'));
  assert.match(text.out.at(-1)!, /^quire diff: \d+ breaking, \d+ dangerous, \d+ safe$/);
  assert.match(text.err.join('\n'), /pass --allow-breaking/);
  assert.is((await runCli(main, ['diff', ARTIFACTS, edited, '--allow-breaking'])).code, 0);
  assert.is((await runCli(main, ['diff', edited, ARTIFACTS, '--json'])).code, 1, 'adding the field back is safe, but the label removal breaks');
});

test('--base <git-ref> compares with the artifacts committed at that ref', () => {
  const repo = join(tempDir(), 'repo');
  const art = join(repo, 'specs', 'example', 'artifacts');
  mkdirSync(art, { recursive: true });
  for (const f of ['openapi.json', 'schema.graphql']) cpSync(join(ARTIFACTS, f), join(art, f));
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=quire', '-c', 'user.email=quire@example.com', ...args], { cwd: repo, encoding: 'utf8' });
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'artifacts');
  const run = (...args: string[]) => spawnSync(process.execPath, [quire, 'diff', ...args], { cwd: repo, encoding: 'utf8' });
  const same = run('--base', 'HEAD');
  assert.is(same.status, 0, same.stderr);
  assert.match(same.stdout, /HEAD:specs\/example\/artifacts -> specs\/example\/artifacts/);
  assert.match(same.stdout, /no changes/);
  // the working tree gets the edited build: breaking against HEAD
  for (const f of ['openapi.json', 'schema.graphql']) cpSync(join(edited, f), join(art, f));
  const changed = run('--base', 'HEAD', '--json');
  assert.is(changed.status, 1, changed.stderr);
  assert.ok(JSON.parse(changed.stdout).changes.some((c: any) => c.kind === 'FIELD_REMOVED' && c.path === 'Article.excerpt'));
  // another directory, compared with the committed path named by --artifacts
  const elsewhere = join(tempDir(), 'new');
  cpSync(art, elsewhere, { recursive: true });
  const named = run('--base', 'HEAD', elsewhere, '--artifacts', 'specs/example/artifacts', '--allow-breaking');
  assert.is(named.status, 0, named.stderr);
  assert.match(named.stdout, /breaking/);
  const badRef = run('--base', 'no-such-ref');
  assert.is(badRef.status, 2);
  assert.match(badRef.stderr, /quire diff: .*no-such-ref/);
  rmSync(join(art, 'openapi.json'));
  const removed = run('--base', 'HEAD', '--json');
  assert.is(removed.status, 1);
  assert.ok(JSON.parse(removed.stdout).changes.some((c: any) => c.kind === 'contract-removed' && c.path === 'openapi.json'));
});

test('usage errors exit 2', async () => {
  for (const argv of [['diff'], ['diff', ARTIFACTS], ['diff', ARTIFACTS, join(tempDir(), 'missing')], ['diff', ARTIFACTS, ARTIFACTS, '--bogus'], ['diff', ARTIFACTS, ARTIFACTS, '--artifacts', 'x']]) {
    const r = await runCli(main, argv);
    assert.is(r.code, 2, argv.join(' '));
    assert.match(r.err.join('\n'), /^quire diff: /);
  }
  const empty = tempDir();
  const r = await runCli(main, ['diff', ARTIFACTS, empty]);
  assert.is(r.code, 2);
  assert.match(r.err.join('\n'), /neither openapi\.json nor schema\.graphql/);
});

test.run();
