/**
 * engine/repository/stores: fixed-window counters on quire_rate_limits, one row per bucket (e.g.
 * `login:ip:10.0.0.7`). A hit is one atomic upsert, so several server processes sharing the database
 * count together. Windows are epoch milliseconds; expired rows are swept now and then. SQL text
 * through run-sql.ts; the upsert's form is the dialect's (Dialect.onConflictUpdate).
 */
import { list } from '../query/sql.js';
import { quoteId, RATE_LIMITS_TABLE } from '../naming.js';
import type { RunContext } from '../run-context.js';
import { runSql, runSqlHeader } from '../run-sql.js';

/** one hit in this many also deletes rows whose window is over */
const SWEEP_EVERY = 200;

const TABLE = quoteId(RATE_LIMITS_TABLE);
/** a column of the row as it stands (an upsert's assignments must name the table: PostgreSQL finds a bare name ambiguous) */
const old = (column: string) => `${TABLE}.${quoteId(column)}`;

/**
 * Count one hit on `bucket` and return the hits of its current window (this one included). The
 * assignments read the row as it was (MySQL runs them left to right: `hits` is set before the window
 * it reads is).
 *   INSERT INTO "quire_rate_limits" ("bucket", "hits", "window_start") VALUES (?, 1, ?)
 *   ON CONFLICT ("bucket") DO UPDATE SET "hits" = CASE WHEN "quire_rate_limits"."window_start" <= ? THEN 1
 *   ELSE "quire_rate_limits"."hits" + 1 END, "window_start" = CASE ... END RETURNING "hits"
 * Without RETURNING (MySQL), `LAST_INSERT_ID(expr)` hands the new count back in the result header: a
 * row inserted counts 1 affected row (its count is 1), a row updated 2.
 */
export async function hitRateLimit(ctx: RunContext, bucket: string, now: number, windowMs: number): Promise<number> {
  const expired = now - windowMs;
  const returning = ctx.dialect.insertReturning;
  const hits = `CASE WHEN ${old('window_start')} <= ? THEN 1 ELSE ${old('hits')} + 1 END`;
  const text =
    `INSERT INTO ${TABLE} ("bucket", "hits", "window_start") VALUES (?, 1, ?) ${ctx.dialect.onConflictUpdate(['"bucket"'])} ` +
    `"hits" = ${returning ? hits : `LAST_INSERT_ID(${hits})`}, "window_start" = CASE WHEN ${old('window_start')} <= ? THEN ? ELSE ${old('window_start')} END` +
    (returning ? ' RETURNING "hits"' : '');
  const bindings = [bucket, now, expired, expired, now];
  let count: unknown;
  if (returning) count = (await runSql(ctx, text, bindings))[0]?.hits;
  else {
    const header = await runSqlHeader(ctx, text, bindings);
    count = header.affectedRows === 1 ? 1 : header.insertId;
  }
  if (Math.random() * SWEEP_EVERY < 1) await runSql(ctx, `DELETE FROM ${TABLE} WHERE "window_start" <= ?`, [expired]);
  return Number(count ?? 1);
}

/** The largest hit count among `buckets` in their current windows (0 when none). */
export async function peekRateLimits(ctx: RunContext, buckets: readonly string[], now: number, windowMs: number): Promise<number> {
  if (buckets.length === 0) return 0;
  const names = list(buckets);
  const rows = await runSql(ctx, `SELECT "hits" FROM ${TABLE} WHERE "bucket" IN ${names.text} AND "window_start" > ?`, [...names.bindings, now - windowMs]);
  return rows.reduce((max, r) => Math.max(max, Number(r.hits)), 0);
}

export async function clearRateLimit(ctx: RunContext, bucket: string): Promise<void> {
  await runSql(ctx, `DELETE FROM ${TABLE} WHERE "bucket" = ?`, [bucket]);
}
