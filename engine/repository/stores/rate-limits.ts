/**
 * engine/repository/stores: fixed-window counters on quire_rate_limits (RateLimitModel), one row per
 * bucket (e.g. `login:ip:10.0.0.7`). A hit is one atomic upsert (INSERT ... ON CONFLICT DO UPDATE),
 * so several server processes sharing the database count together. Windows are epoch milliseconds;
 * expired rows are swept now and then.
 */
import { raw } from 'objection';
import type { RunContext } from '../run-context.js';
import { RateLimitModel } from './internal-models.js';
import { runSql, runSqlHeader } from '../run-sql.js';
import { modelQuery } from './model-query.js';

/** one hit in this many also deletes rows whose window is over */
const SWEEP_EVERY = 200;

/**
 * Count one hit on `bucket` and return the hits of its current window (this one included).
 *   INSERT INTO "quire_rate_limits" ("bucket", "hits", "window_start") VALUES (?, 1, ?)
 *   ON CONFLICT ("bucket") DO UPDATE SET "hits" = CASE WHEN ... THEN 1 ELSE "hits" + 1 END, ... RETURNING "hits"
 */
export async function hitRateLimit(ctx: RunContext, bucket: string, now: number, windowMs: number): Promise<number> {
  const expired = now - windowMs;
  const table = RateLimitModel.tableName;
  const upsert = {
    hits: raw('CASE WHEN ??.?? <= ? THEN 1 ELSE ??.?? + 1 END', [table, 'window_start', expired, table, 'hits']),
    window_start: raw('CASE WHEN ??.?? <= ? THEN ? ELSE ??.?? END', [table, 'window_start', expired, now, table, 'window_start']),
  };
  const row = ctx.dialect.name === 'mysql' ? await hitOnMysql(ctx, bucket, now, expired) : await modelQuery(ctx, RateLimitModel)
    .insert({ bucket, hits: 1, window_start: now })
    .onConflict('bucket')
    .merge(upsert)
    .returning('hits');
  if (Math.random() * SWEEP_EVERY < 1) await modelQuery(ctx, RateLimitModel).where('window_start', '<=', expired).delete();
  return Number(row?.hits ?? 1);
}

/** The largest hit count among `buckets` in their current windows (0 when none). */
export async function peekRateLimits(ctx: RunContext, buckets: readonly string[], now: number, windowMs: number): Promise<number> {
  if (buckets.length === 0) return 0;
  const rows = await modelQuery(ctx, RateLimitModel)
    .select('hits')
    .whereIn('bucket', [...buckets])
    .where('window_start', '>', now - windowMs);
  return rows.reduce((max, r) => Math.max(max, Number(r.hits)), 0);
}

export async function clearRateLimit(ctx: RunContext, bucket: string): Promise<void> {
  await modelQuery(ctx, RateLimitModel).where('bucket', bucket).delete();
}

/**
 * MySQL has no ON CONFLICT; MariaDB's ON DUPLICATE KEY UPDATE ... RETURNING answers the row as
 * written (the assignments run left to right, so `hits` reads the old window first). Without
 * RETURNING (MySQL), `LAST_INSERT_ID(expr)` hands the new count back in the result header: a row
 * inserted counts 1 affected row (its count is 1), a row updated 2.
 */
async function hitOnMysql(ctx: RunContext, bucket: string, now: number, expired: number): Promise<{ hits: unknown } | undefined> {
  const returning = ctx.dialect.insertReturning;
  const hits = `CASE WHEN "window_start" <= ? THEN 1 ELSE "hits" + 1 END`;
  const text =
    `INSERT INTO "${RateLimitModel.tableName}" ("bucket", "hits", "window_start") VALUES (?, 1, ?) ON DUPLICATE KEY UPDATE ` +
    `"hits" = ${returning ? hits : `LAST_INSERT_ID(${hits})`}, "window_start" = CASE WHEN "window_start" <= ? THEN ? ELSE "window_start" END${returning ? ' RETURNING "hits"' : ''}`;
  const bindings = [bucket, now, expired, expired, now];
  if (!returning) {
    const header = await runSqlHeader(ctx, text, bindings);
    return { hits: header.affectedRows === 1 ? 1 : header.insertId };
  }
  const [row] = await runSql(ctx, text, bindings);
  return row as { hits: unknown } | undefined;
}
