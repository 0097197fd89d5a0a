/**
 * unit (engine/actions): prepared reads are kept by value: the same key gives the same prepared
 * read (a hit), another key or no key prepares anew (no key: not kept), a read that fails to prepare
 * is not kept, and the cache is bounded.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PreparedReads } from '../../../../engine/actions/prepared-reads.js';

test('same key: the same value, counted as a hit; no key: made each time and not kept', () => {
  const reads = new PreparedReads();
  let made = 0;
  const make = () => ({ n: ++made });
  const a = reads.get('k', make);
  assert.is(reads.get('k', make), a);
  assert.is(made, 1);
  assert.equal([reads.hits, reads.misses, reads.size], [1, 1, 1]);
  reads.get(undefined, make);
  reads.get(undefined, make);
  assert.equal([made, reads.size], [3, 1]);
});

test('a read that fails to prepare is not kept: the next request prepares again', () => {
  const reads = new PreparedReads();
  assert.throws(() => reads.get('bad', () => { throw new Error('no'); }), /no/);
  assert.is(reads.size, 0);
  assert.equal(reads.get('bad', () => ({ ok: true })), { ok: true });
});

test('bounded: the least recently used goes', () => {
  const reads = new PreparedReads();
  for (let i = 0; i < 1500; i++) reads.get(`k${i}`, () => ({ i }));
  assert.is(reads.size, 1000);
  let again = 0;
  reads.get('k0', () => ({ again: ++again }));
  assert.is(again, 1, 'the oldest was dropped');
});

test.run();
