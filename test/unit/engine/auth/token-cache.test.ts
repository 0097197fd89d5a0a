/**
 * unit: ApiTokenCache remembers the hash of a key only once it found a token, keeps at most 1,000
 * keys (the oldest dropped), and never answers an unknown key from memory.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiTokenCache } from '../../../../engine/auth/token-cache.js';

test('hashOf computes until the key has found a token, then answers from memory', () => {
  const cache = new ApiTokenCache();
  let computed = 0;
  const hash = (key: string) => (computed++, `h(${key})`);
  assert.is(cache.hashOf('k1', hash), 'h(k1)');
  assert.is(cache.hashOf('k1', hash), 'h(k1)');
  assert.is(computed, 2, 'not remembered before a token was found');
  cache.found('k1', 'h(k1)');
  assert.is(cache.hashOf('k1', hash), 'h(k1)');
  assert.is(computed, 2, 'remembered after');
  assert.is(cache.hashOf('k2', hash), 'h(k2)');
  assert.is(computed, 3);
});

test('at most 1,000 keys are remembered, the oldest dropped first', () => {
  const cache = new ApiTokenCache();
  for (let i = 0; i <= 1000; i++) cache.found(`k${i}`, `h${i}`);
  let computed = 0;
  const hash = (key: string) => (computed++, `fresh(${key})`);
  assert.is(cache.hashOf('k0', hash), 'fresh(k0)', 'the oldest was dropped');
  assert.is(cache.hashOf('k1', hash), 'h1');
  assert.is(cache.hashOf('k1000', hash), 'h1000');
  assert.is(computed, 1);
});

test.run();
