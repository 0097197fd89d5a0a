/**
 * build: `quire build` and `quire check` end to end: deterministic output, stale detection, the
 * Strapi project layout (config/*.js, users-permissions extension, custom fields), run as a user would.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { main } from '../../compiler/cli.js';
import { copySpec, editJson, EXAMPLE_SPEC, readJsonFile, REPO_ROOT, runCli, tempDir, writeJsonFile } from '../helpers/spec-dir.js';

const quire = join(REPO_ROOT, 'bin', 'quire.js');

test('npx quire build twice gives byte-identical artifacts', () => {
  const a = join(tempDir(), 'a');
  const b = join(tempDir(), 'b');
  for (const out of [a, b]) {
    const r = spawnSync('npx', ['quire', 'build', '--src', 'specs/example', '--out', out], { cwd: REPO_ROOT, encoding: 'utf8' });
    assert.is(r.status, 0, r.stderr);
    assert.match(r.stdout, /quire build: 8 content-types/);
  }
  for (const f of ['openapi.json', 'schema.graphql', 'model.json']) assert.ok(readFileSync(join(a, f)).equals(readFileSync(join(b, f))), f);
});

test('quire check passes on fresh artifacts and names each stale file', async () => {
  const spec = copySpec(EXAMPLE_SPEC);
  const out = join(tempDir(), 'art');
  assert.is((await runCli(main, ['build', '--src', spec, '--out', out])).code, 0);
  const ok = await runCli(main, ['check', '--src', spec, '--artifacts', out]);
  assert.is(ok.code, 0);
  editJson(spec, 'api/tag/content-types/tag/schema.json', (s) => (s.attributes.color = { type: 'string' }));
  const stale = await runCli(main, ['check', '--src', spec, '--artifacts', out]);
  assert.is(stale.code, 1);
  for (const f of ['model.json', 'openapi.json', 'schema.graphql']) assert.ok(stale.err.some((l) => l.startsWith('stale: ') && l.includes(f)), `${f} named\n${stale.err.join('\n')}`);
});

test('quire check fails when an artifact is missing', async () => {
  const out = join(tempDir(), 'empty');
  mkdirSync(out);
  const r = await runCli(main, ['check', '--src', EXAMPLE_SPEC, '--artifacts', out]);
  assert.is(r.code, 1);
  assert.ok(r.err.some((l) => /openapi\.json: missing/.test(l)));
});

test('usage errors exit 2 with a message', async () => {
  assert.is((await runCli(main, ['build', '--src', EXAMPLE_SPEC])).code, 2);
  assert.is((await runCli(main, ['build', '--src', '/nonexistent/spec', '--out', '/tmp/x'])).code, 2);
  assert.is((await runCli(main, ['build', '--bogus'])).code, 2);
  const r = spawnSync(process.execPath, [quire, 'frobnicate'], { encoding: 'utf8' });
  assert.is(r.status, 2);
  assert.match(r.stderr, /unknown command "frobnicate"/);
});

test('a Strapi v4 project root is accepted as it is', async () => {
  const root = join(tempDir(), 'strapi-app');
  const ct = join(root, 'src', 'api', 'recipe', 'content-types', 'recipe');
  writeJsonFile(join(ct, 'schema.json'), {
    kind: 'collectionType',
    collectionName: 'recipes',
    info: { singularName: 'recipe', pluralName: 'recipes', displayName: 'Recipe' },
    options: { draftAndPublish: false },
    attributes: {
      title: { type: 'string' },
      color: { type: 'customField', customField: 'plugin::color-picker.color' },
      mood: { type: 'string', customField: 'plugin::mood.picker' },
    },
  });
  mkdirSync(join(root, 'src', 'api', 'recipe', 'controllers'), { recursive: true });
  writeFileSync(join(root, 'src', 'api', 'recipe', 'controllers', 'recipe.js'), "module.exports = require('@strapi/strapi').factories.createCoreController('api::recipe.recipe');\n");
  writeJsonFile(join(root, 'src', 'extensions', 'users-permissions', 'content-types', 'user', 'schema.json'), {
    kind: 'collectionType',
    collectionName: 'up_users',
    info: { singularName: 'user', pluralName: 'users', displayName: 'User' },
    attributes: { nickname: { type: 'string' } },
  });
  mkdirSync(join(root, 'config'), { recursive: true });
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'strapi-app', private: true }));
  writeFileSync(join(root, 'config', 'api.js'), "module.exports = ({ env }) => ({ rest: { defaultLimit: env.int('QUIRE_TEST_DEFAULT_LIMIT', 10), maxLimit: 50 } });\n");
  writeFileSync(join(root, 'config', 'plugins.js'), "module.exports = { graphql: { config: { depthLimit: 7, amountLimit: 40 } } };\n");
  const out = join(tempDir(), 'art');
  const r = await runCli(main, ['build', '--src', root, '--out', out]);
  assert.is(r.code, 0, r.err.join('\n'));
  const model = readJsonFile(join(out, 'model.json'));
  const recipe = model.contentTypes['api::recipe.recipe'];
  assert.is(recipe.attributes.color.type, 'string');
  assert.is(recipe.attributes.color.customField, 'plugin::color-picker.color');
  assert.is(recipe.attributes.mood.type, 'string');
  assert.is(model.contentTypes['plugin::users-permissions.user'].attributes.nickname.type, 'string');
  assert.equal(model.config.rest, { prefix: '/api', defaultLimit: 10, maxLimit: 50, withCount: true });
  assert.is(model.config.graphql.depthLimit, 7);
  assert.is(model.config.graphql.amountLimit, 40);
});

test('the compiled CLI prints usage for --help', () => {
  const out = execFileSync(process.execPath, [quire, 'build', '--help'], { encoding: 'utf8' });
  assert.match(out, /quire build --src <spec-dir> --out <artifacts-dir>/);
});

test.run();
