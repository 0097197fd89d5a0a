/**
 * engine/boot: the serving process's V8 heap policy, set once by `quire serve` (never by createApp,
 * which may share a process). V8's default lets the old generation grow to several times the live
 * set before a full collection (a ~40 MB live heap reached 100+ MB of mostly garbage under load);
 * capping the growth per collection keeps RSS near the live set for the price of more frequent
 * incremental, concurrent collections. QUIRE_HEAP_GROWTH_PERCENT (default 20; 0 keeps V8's default).
 */
import { setFlagsFromString } from 'node:v8';

export const DEFAULT_HEAP_GROWTH_PERCENT = 20;

/** `{}` -> V8 grows the old generation by at most 20% per full collection; `{ QUIRE_HEAP_GROWTH_PERCENT: '0' }` -> untouched */
export function tuneHeap(env: NodeJS.ProcessEnv): number {
  const raw = env.QUIRE_HEAP_GROWTH_PERCENT;
  const percent = raw === undefined || raw === '' ? DEFAULT_HEAP_GROWTH_PERCENT : Number(raw);
  if (!Number.isInteger(percent) || percent < 0 || percent > 1000) return 0;
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
  return percent;
}
