/**
 * unit (engine/boot) helper, run as its own process by tune-heap.test.ts: the allocation pattern
 * that V8's allocation-site pretenuring turns against a server. One site (`row`) first makes
 * objects that live (a burst of writes holding its rows), then objects that die young but hold a
 * 20 KB string each (the answers of reads). Prints `{ gcMs, major }` of the second phase as JSON.
 * With `--policy` the process takes quire serve's heap policy (tuneHeap) first; with `--fresh-site`
 * the living objects come from another site, so `row` has seen none of its objects live.
 */
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { tuneHeap } from '../../../../engine/boot/tune-heap.js';

if (process.argv.includes('--policy')) tuneHeap({});

let gcMs = 0;
let major = 0;
let measuring = false;
new PerformanceObserver((list) => {
  if (!measuring) return;
  for (const e of list.getEntries()) {
    gcMs += e.duration;
    if ((e as unknown as { detail: { kind: number } }).detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) major++;
  }
}).observe({ entryTypes: ['gc'] });

function row(n: number, s: string): { n: number; s: string } {
  return { n, s };
}

function otherRow(n: number, s: string): { n: number; s: string } {
  return { n, s };
}

const keep = process.argv.includes('--fresh-site') ? otherRow : row;
const kept: { n: number; s: string }[] = [];
for (let i = 0; i < 3_000_000; i++) kept.push(keep(i, `k${i}`));
await new Promise((resolve) => setTimeout(resolve, 20));
measuring = true;
const text = Buffer.alloc(20_000, 'y');
const inFlight: { n: number; s: string }[] = [];
let length = 0;
for (let i = 0; i < 100_000; i++) {
  const r = row(i, text.toString('latin1'));
  inFlight[i & 15] = r;
  length += r.s.length;
}
// the last entries are delivered asynchronously
await new Promise((resolve) => setTimeout(resolve, 50));
process.stdout.write(JSON.stringify({ gcMs, major, kept: kept.length, length }) + '\n');
