/**
 * unit (engine/boot): the serving process's heap policy. Allocation-site pretenuring off: a site
 * whose first objects lived does not make every later object of it old (heap-policy-load.ts runs
 * the pattern in processes of its own: with the policy, and with the policy on a site that never
 * saw an object live; in the same run, so the machine's speed cancels out).
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_HEAP_GROWTH_PERCENT, heapPolicy } from '../../../../engine/boot/tune-heap.js';

const LOAD = join(dirname(fileURLToPath(import.meta.url)), 'heap-policy-load.js');

function gcOf(...flags: string[]): { gcMs: number; major: number } {
  const r = spawnSync(process.execPath, [LOAD, ...flags], { encoding: 'utf8', timeout: 60_000 });
  assert.is(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as { gcMs: number; major: number };
}

test('the policy: old-generation growth capped (QUIRE_HEAP_GROWTH_PERCENT), pretenuring off unless QUIRE_PRETENURING=1', () => {
  assert.equal(heapPolicy({ QUIRE_PRETENURING: '1' }), { growthPercent: DEFAULT_HEAP_GROWTH_PERCENT, pretenuring: true });
  assert.equal(heapPolicy({ QUIRE_HEAP_GROWTH_PERCENT: '0', QUIRE_PRETENURING: '1' }), { growthPercent: 0, pretenuring: true });
  assert.equal(heapPolicy({ QUIRE_HEAP_GROWTH_PERCENT: 'lots', QUIRE_PRETENURING: '1' }), { growthPercent: 0, pretenuring: true });
  assert.equal(heapPolicy({}), { growthPercent: DEFAULT_HEAP_GROWTH_PERCENT, pretenuring: false });
});

test('short-lived objects of a site whose earlier objects lived die young, as those of a fresh site do', () => {
  const fresh = gcOf('--policy', '--fresh-site');
  const policy = gcOf('--policy');
  // pretenured (V8's default on Node 20: about 40 times the collection time), every later object of
  // the site is born old and keeps its 20 KB string alive until a full collection
  assert.ok(policy.gcMs < fresh.gcMs * 4 + 200, `collection time ${policy.gcMs.toFixed(0)} ms after the site's objects lived, ${fresh.gcMs.toFixed(0)} ms on a fresh site`);
  assert.ok(policy.major <= fresh.major + 2, `full collections ${policy.major} after the site's objects lived, ${fresh.major} on a fresh site`);
});

test.run();
