/**
 * engine/repository: run a FindPlan or FindOnePlan as ONE statement whose text is the REST body
 * (compiled-read/compile-read.ts), handed back without parsing. PostgreSQL and SQLite, outside transactions;
 * any other read, or one the compiler does not cover, comes back as `{ fallback }` (counted), and the
 * caller answers it with runFind/runFindOne. A json value nested deeper than the compiled depth stops
 * the statement; that read falls back too.
 */
import { createHash } from 'node:crypto';
import type { FindOnePlan, FindPlan } from '../plan/types.js';
import { compileFind, compileFindOne, NotCompiled } from './compiled-read/compile-read.js';
import { JSON_TOO_DEEP, processInUtc } from './compiled-read/json-value.js';
import type { RunContext } from './run-context.js';
import { runSql } from './run-sql.js';
import type { CompiledRead, CompiledReadStats } from './types.js';

export async function runFindText(ctx: RunContext, plan: FindPlan | FindOnePlan, stats: CompiledReadStats): Promise<CompiledRead> {
  const fallback = (reason: string): CompiledRead => {
    stats.fallback++;
    return { fallback: reason };
  };
  if (ctx.compiledReads === false) return fallback('turned off (DATABASE_COMPILED_READS; SQLite: off unless true)');
  if (ctx.dialect.name === 'mysql') return fallback('mysql database');
  if (ctx.tx) return fallback('inside a transaction');
  // Strapi's PostgreSQL datetimes are `timestamp` columns without a zone, which pg reads in the
  // process's local zone: the statement writes them as UTC (json-value.ts strapiColumnJson)
  if (ctx.strapi && ctx.dialect.name === 'postgres' && !processInUtc()) return fallback('a PostgreSQL database Strapi manages, process not in UTC');
  let statement;
  try {
    statement = plan.kind === 'find' ? compileFind(ctx, plan) : compileFindOne(ctx, plan);
  } catch (err) {
    if (err instanceof NotCompiled) return fallback(err.reason);
    throw err;
  }
  try {
    // PostgreSQL: prepared per connection by a name of its text: the statement is long and its parse and
    // plan cost more than its run; with plan_cache_mode=force_generic_plan (connect.ts) it is planned
    // once. SQLite keeps its prepared statements by text (run-sql.ts): no name to compute
    const name = ctx.dialect.name === 'postgres' ? `quire_read_${createHash('sha1').update(statement.text).digest('base64url')}` : undefined;
    const [row] = await runSql(ctx, statement.text, statement.bindings, name);
    stats.compiled++;
    return { body: (row?.body as string | null | undefined) ?? null };
  } catch (err) {
    const message = (err as { message?: unknown })?.message;
    if (typeof message === 'string' && message.includes(JSON_TOO_DEEP)) return fallback('json value nested too deep');
    throw err;
  }
}
