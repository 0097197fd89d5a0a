/**
 * engine/repository: run a FindPlan or FindOnePlan as ONE statement whose text is the REST body
 * (compiled-read/compile-read.ts), handed back without parsing. PostgreSQL and SQLite, outside transactions;
 * any other read, or one the compiler does not cover, comes back as `{ fallback }` (counted), and the
 * caller answers it with runFind/runFindOne. json values are printed on the way (json-value.ts
 * printJsonValues). With a GraphQL shape (compile-graphql.ts) the text is that root field's value; a
 * value the shape cannot write stops the statement and the read falls back.
 */
import { createHash } from 'node:crypto';
import type { FindOnePlan, FindPlan } from '../plan/types.js';
import { compileGraphqlRead, GRAPHQL_NOT_SHAPED, type GraphqlShape } from './compiled-read/compile-graphql.js';
import { compileFind, compileFindOne, ENTRY_ID, NotCompiled } from './compiled-read/compile-read.js';
import { printJsonValues, processInUtc } from './compiled-read/json-value.js';
import type { Sql } from './query/sql.js';
import type { PlanMemo, RunContext } from './run-context.js';
import { runSql } from './run-sql.js';
import type { CompiledRead, CompiledReadStats } from './types.js';

/** a read compiled for the driver: its text, bindings (ENTRY_ID where the id goes) and, on PostgreSQL, the name it is prepared under */
interface ReadStatement {
  readonly text: string;
  readonly bindings: readonly unknown[];
  readonly name?: string;
}

/**
 * The statements of plans, compiled once per plan (and GraphQL shape): a plan remembered by the
 * action layer (actions/read-plans.ts) is the same object on every request sending the same query,
 * and a one-entry plan serves every id. A plan the compiler does not cover keeps its reason.
 */
export class ReadStatements implements PlanMemo {
  private readonly byPlan = new WeakMap<object, Map<object | undefined, unknown>>();

  get<T>(plan: object, shape: object | undefined, make: () => T): T {
    let shapes = this.byPlan.get(plan);
    if (shapes?.has(shape)) return shapes.get(shape) as T;
    const made = make();
    if (!shapes) this.byPlan.set(plan, (shapes = new Map()));
    shapes.set(shape, made);
    return made;
  }
}

function compile(ctx: RunContext, plan: FindPlan | FindOnePlan, shape: GraphqlShape | undefined): ReadStatement | NotCompiled {
  let statement: Sql;
  try {
    if (shape) statement = compileGraphqlRead(ctx, plan, shape);
    else statement = plan.kind === 'find' ? compileFind(ctx, plan) : compileFindOne(ctx, plan);
  } catch (err) {
    if (err instanceof NotCompiled) return err;
    throw err;
  }
  // PostgreSQL: prepared per connection by a name of its text: the statement is long and its parse and
  // plan cost more than its run; with plan_cache_mode=force_generic_plan (connect.ts) it is planned
  // once. SQLite keeps its prepared statements by text (run-sql.ts): no name to compute
  if (ctx.dialect.name !== 'postgres') return statement;
  let name = NAMES.get(statement);
  if (!name) NAMES.set(statement, (name = `quire_read_${createHash('sha1').update(statement.text).digest('base64url')}`));
  return { ...statement, name };
}

/** statement names by statement: a GraphQL statement compileGraphqlRead remembers for a new plan of the same query is hashed once */
const NAMES = new WeakMap<Sql, string>();

/** `id` (default: the plan's) in place of ENTRY_ID */
function bound(bindings: readonly unknown[], id: number | undefined): readonly unknown[] {
  return bindings.includes(ENTRY_ID) ? bindings.map((b) => (b === ENTRY_ID ? id : b)) : bindings;
}

/** `id`: the entry a one-entry plan reads, when the plan was made for another id of the same read */
export async function runFindText(ctx: RunContext, plan: FindPlan | FindOnePlan, stats: CompiledReadStats, shape?: GraphqlShape, id?: number): Promise<CompiledRead> {
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
  // the GraphQL statement writes PostgreSQL's value expressions for a database quire manages
  if (shape && (ctx.dialect.name !== 'postgres' || ctx.strapi)) return fallback(`GraphQL on ${ctx.strapi ? 'a database Strapi manages' : `a ${ctx.dialect.name} database`}`);
  const statement = ctx.reads ? ctx.reads.get(plan, shape, () => compile(ctx, plan, shape)) : compile(ctx, plan, shape);
  if (statement instanceof NotCompiled) return fallback(statement.reason);
  try {
    const [row] = await runSql(ctx, statement.text, bound(statement.bindings, id ?? (plan.kind === 'findOne' ? plan.id : undefined)), statement.name);
    stats.compiled++;
    const body = row?.body as string | null | undefined;
    return { body: typeof body === 'string' ? printJsonValues(body) : null };
  } catch (err) {
    const message = (err as { message?: unknown })?.message;
    if (typeof message === 'string' && message.includes(GRAPHQL_NOT_SHAPED)) return fallback('a value the GraphQL shape cannot write (null where non-null, an unnamed enum value)');
    throw err;
  }
}
