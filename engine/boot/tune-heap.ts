/**
 * engine/boot: the serving process's V8 heap policy, set once by `quire serve` (never by createApp,
 * which may share a process).
 * - Old-generation growth: V8's default lets the old generation grow to several times the live set
 *   before a full collection (a ~40 MB live heap reached 100+ MB of mostly garbage under load);
 *   capping the growth per collection keeps RSS near the live set for the price of more frequent
 *   incremental, concurrent collections. QUIRE_HEAP_GROWTH_PERCENT (default 20; 0 keeps V8's default).
 * - No allocation-site pretenuring: V8 allocates straight into the old generation the objects of an
 *   allocation site whose objects it saw survive. A server's sites are shared by its phases: the
 *   driver's row objects live long while a burst of writes holds them in its transactions, and V8
 *   then pretenures the site; afterwards every read's rows are born old, the answer text they hold
 *   cannot die young (an old object keeps what it points to alive through every scavenge), and each
 *   answer is copied to the old generation and freed only by a full collection. Measured on
 *   PostgreSQL (`make bench` W1, a page of 25 articles after a seed of 1,000 through the API): 40 full
 *   collections instead of 8 and 420-450 us of CPU per request instead of 230-270. The site keeps
 *   its objects young without it. QUIRE_PRETENURING=1 leaves V8's default.
 */
import { setFlagsFromString } from 'node:v8';

export const DEFAULT_HEAP_GROWTH_PERCENT = 20;

export interface HeapPolicy {
  /** the old generation's growth per full collection, in percent (0: V8's default) */
  readonly growthPercent: number;
  /** V8's allocation-site pretenuring left on */
  readonly pretenuring: boolean;
}

/**
 * The policy the environment asks for. Pure.
 *   heapPolicy({}) -> { growthPercent: 20, pretenuring: false }
 *   heapPolicy({ QUIRE_HEAP_GROWTH_PERCENT: '0', QUIRE_PRETENURING: '1' }) -> { growthPercent: 0, pretenuring: true } (V8's defaults)
 */
export function heapPolicy(env: NodeJS.ProcessEnv): HeapPolicy {
  const raw = env.QUIRE_HEAP_GROWTH_PERCENT;
  const percent = raw === undefined || raw === '' ? DEFAULT_HEAP_GROWTH_PERCENT : Number(raw);
  return { growthPercent: Number.isInteger(percent) && percent >= 0 && percent <= 1000 ? percent : 0, pretenuring: env.QUIRE_PRETENURING === '1' };
}

/** heapPolicy(env) set on this process's V8 */
export function tuneHeap(env: NodeJS.ProcessEnv): HeapPolicy {
  const policy = heapPolicy(env);
  if (policy.growthPercent > 0) setFlagsFromString(`--heap-growing-percent=${policy.growthPercent}`);
  if (!policy.pretenuring) setFlagsFromString('--no-allocation-site-pretenuring');
  return policy;
}
