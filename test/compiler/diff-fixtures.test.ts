/**
 * build: `quire diff` on one fixture pair per change class (test/fixtures/diff/<case>/{old,new}), REST
 * and GraphQL: the exact list of changes (level, kind, path, in order) and the exit code.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { main } from '../../compiler/cli.js';
import { FIXTURES, readJsonFile, runCli } from '../helpers/spec-dir.js';

const DIR = join(FIXTURES, 'diff');
const cases = readdirSync(DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();

test('there is a case for every class on both sides', () => {
  assert.ok(cases.length >= 30, `${cases.length} cases`);
  const levels = new Set<string>();
  for (const c of cases) for (const ch of readJsonFile(join(DIR, c, 'expected.json')).changes) levels.add(`${c.split('-')[0]}:${ch.level}`);
  assert.equal([...levels].sort(), ['graphql:breaking', 'graphql:dangerous', 'graphql:safe', 'rest:breaking', 'rest:dangerous', 'rest:safe']);
});

for (const name of cases) {
  test(`diff ${name}`, async () => {
    const expected = readJsonFile(join(DIR, name, 'expected.json')) as { exit: number; changes: { level: string; kind: string; path: string }[] };
    const r = await runCli(main, ['diff', join(DIR, name, 'old'), join(DIR, name, 'new'), '--json']);
    assert.is(r.code, expected.exit, r.err.join('\n'));
    const report = JSON.parse(r.out.join('\n'));
    assert.equal(report.changes.map((c: any) => ({ level: c.level, kind: c.kind, path: c.path })), expected.changes);
    for (const c of report.changes) assert.ok(typeof c.message === 'string' && c.message.length > 0);
    if (expected.exit === 1) assert.is((await runCli(main, ['diff', join(DIR, name, 'old'), join(DIR, name, 'new'), '--allow-breaking'])).code, 0, '--allow-breaking');
  });
}

test.run();
