/**
 * engine/repository: fixed-window counters on quire_rate_limits, one row per bucket (e.g.
 * `login:ip:10.0.0.7`). A hit is one atomic upsert, so several server processes sharing the
 * database count together. Windows are epoch milliseconds; expired rows are swept now and then.
 */
import { RATE_LIMITS_TABLE } from './naming.js';
import type { RunContext } from './run-context.js';
import { query, runSql } from './run-sql.js';

const T = `"${RATE_LIMITS_TABLE}"`;
/** one hit in this many also deletes rows whose window is over */
const SWEEP_EVERY = 200;

/** Count one hit on `bucket` and return the hits of its current window (this one included). */
export async function hitRateLimit(ctx: RunContext, bucket: string, now: number, windowMs: number): Promise<number> {
  const expired = now - windowMs;
  const rows = await runSql(
    ctx,
    `INSERT INTO ${T} ("bucket", "hits", "window_start") VALUES (?, 1, ?)
     ON CONFLICT ("bucket") DO UPDATE SET
       "hits" = CASE WHEN ${T}."window_start" <= ? THEN 1 ELSE ${T}."hits" + 1 END,
       "window_start" = CASE WHEN ${T}."window_start" <= ? THEN ? ELSE ${T}."window_start" END
     RETURNING "hits"`,
    [bucket, now, expired, expired, now],
  );
  if (Math.random() * SWEEP_EVERY < 1) await query(ctx, RATE_LIMITS_TABLE).where('window_start', '<=', expired).del();
  return Number(rows[0]?.hits ?? 1);
}

/** The largest hit count among `buckets` in their current windows (0 when none). */
export async function peekRateLimits(ctx: RunContext, buckets: readonly string[], now: number, windowMs: number): Promise<number> {
  if (buckets.length === 0) return 0;
  const rows: Record<string, unknown>[] = await query(ctx, RATE_LIMITS_TABLE)
    .select('hits')
    .whereIn('bucket', [...buckets])
    .where('window_start', '>', now - windowMs);
  return rows.reduce((max, r) => Math.max(max, Number(r.hits)), 0);
}

export async function clearRateLimit(ctx: RunContext, bucket: string): Promise<void> {
  await query(ctx, RATE_LIMITS_TABLE).where('bucket', bucket).del();
}
