/**
 * build: golden artifacts. Each test/golden/<case>/spec is compiled and compared byte-for-byte with
 * test/golden/<case>/expected; specs/example must match its committed artifacts (as `quire check`).
 * Goldens change only through `make golden-update` (QUIRE_GOLDEN_UPDATE=1), and that diff is reviewed.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, parse, print } from 'graphql';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileSpec } from '../../compiler/compile.js';
import { ARTIFACT_FILES } from '../../compiler/emit/emit-artifacts.js';
import { EXAMPLE_SPEC, MULTILINGUAL_SPEC, REPO_ROOT } from '../helpers/spec-dir.js';

const GOLDEN = join(REPO_ROOT, 'test', 'golden');
const update = process.env.QUIRE_GOLDEN_UPDATE === '1';

for (const name of readdirSync(GOLDEN).sort()) {
  test(`golden ${name}`, async () => {
    const { files } = await compileSpec(join(GOLDEN, name, 'spec'));
    const expectedDir = join(GOLDEN, name, 'expected');
    if (update) {
      mkdirSync(expectedDir, { recursive: true });
      for (const f of ARTIFACT_FILES) writeFileSync(join(expectedDir, f), files[f]);
    }
    for (const f of ARTIFACT_FILES) {
      assert.ok(existsSync(join(expectedDir, f)), `${name}/expected/${f} missing: run make golden-update`);
      assert.fixture(files[f], readFileSync(join(expectedDir, f), 'utf8'), `${name}/${f}`);
    }
  });
}

for (const [name, spec] of [['example', EXAMPLE_SPEC], ['multilingual', MULTILINGUAL_SPEC]]) {
  test(`specs/${name} artifacts are up to date (quire check)`, async () => {
    const { files } = await compileSpec(spec);
    for (const f of ARTIFACT_FILES) assert.fixture(readFileSync(join(spec, 'artifacts', f), 'utf8'), files[f], `specs/${name}/artifacts/${f} is stale: run make build-example`);
  });

  test(`the ${name} SDL survives a parse/print round trip and builds`, async () => {
    const sdl = readFileSync(join(spec, 'artifacts', 'schema.graphql'), 'utf8');
    const once = print(parse(sdl));
    assert.is(print(parse(once)), once);
    buildSchema(sdl);
  });
}

test.run();
