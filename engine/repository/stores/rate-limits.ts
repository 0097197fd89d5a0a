/**
 * engine/repository/stores: fixed-window counters on quire_rate_limits, one row per bucket (e.g.
 * `login:ip:10.0.0.7`). A hit is one atomic upsert, so several server processes sharing the database
 * count together. Windows are epoch milliseconds; expired rows are swept now and then. SQL nodes
 * through run-sql.ts; the upsert's form is the dialect printer's.
 */
import { RATE_LIMITS_TABLE } from '../naming.js';
import type { RunContext } from '../run-context.js';
import { runStatement, runStatementHeader } from '../run-sql.js';
import { and, binary, call, col, columnIn, columnIs, deleteFrom, lit, param, select, table } from '../sql/build.js';
import type { Expr, Insert } from '../sql/sql-node.js';

/** one hit in this many also deletes rows whose window is over */
const SWEEP_EVERY = 200;

/** a column of the row as it stands (an upsert's assignments must name the table: PostgreSQL finds a bare name ambiguous) */
const old = (column: string) => col(RATE_LIMITS_TABLE, column);
/** `CASE WHEN <the window is over> THEN <fresh> ELSE <current> END` */
const ifExpired = (expired: number, fresh: Expr, current: Expr): Expr => ({ kind: 'case', whens: [[binary('<=', old('window_start'), param(expired)), fresh]], otherwise: current });

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
  const hits = ifExpired(expired, lit(1), binary('+', old('hits'), lit(1)));
  const statement: Insert = {
    kind: 'insert', table: RATE_LIMITS_TABLE, columns: ['bucket', 'hits', 'window_start'], rows: [[param(bucket), lit(1), param(now)]],
    upsert: {
      conflict: ['bucket'],
      // `hits` first: it reads the window as it stands
      set: [['hits', returning ? hits : call('LAST_INSERT_ID', hits)], ['window_start', ifExpired(expired, param(now), old('window_start'))]],
    },
    ...(returning ? { returning: [col(undefined, 'hits')] } : {}),
  };
  let count: unknown;
  if (returning) count = (await runStatement(ctx, statement))[0]?.hits;
  else {
    const header = await runStatementHeader(ctx, statement);
    count = header.affectedRows === 1 ? 1 : header.insertId;
  }
  if (Math.random() * SWEEP_EVERY < 1) await runStatement(ctx, deleteFrom(RATE_LIMITS_TABLE, binary('<=', col(undefined, 'window_start'), param(expired))));
  return Number(count ?? 1);
}

/** The largest hit count among `buckets` in their current windows (0 when none). */
export async function peekRateLimits(ctx: RunContext, buckets: readonly string[], now: number, windowMs: number): Promise<number> {
  if (buckets.length === 0) return 0;
  const rows = await runStatement(ctx, select({
    columns: [col(undefined, 'hits')], from: table(RATE_LIMITS_TABLE),
    where: and([columnIn('bucket', buckets), binary('>', col(undefined, 'window_start'), param(now - windowMs))]),
  }));
  return rows.reduce((max, r) => Math.max(max, Number(r.hits)), 0);
}

export async function clearRateLimit(ctx: RunContext, bucket: string): Promise<void> {
  await runStatement(ctx, deleteFrom(RATE_LIMITS_TABLE, columnIs('bucket', bucket)));
}
