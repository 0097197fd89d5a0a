/**
 * engine/actions: the one read action behind every door's reads of content entries. A door says
 * which read (a list, an entry by id, a single type's entry), its typed query and how its answer is
 * shaped (engine/response/answer-shape.ts); this plans the read, prepares it once per value
 * (prepared-reads.ts) and answers its JSON text by one of two executors, chosen here and nowhere
 * else (executorOf): the database writes the answer in one statement, or the entries are loaded
 * (statements per populate level) and printed in Node. Both print the same shape; QUIRE_CHECK_EXECUTORS
 * runs both and refuses an answer on which they differ.
 */
import { NotFoundError } from '../errors/index.js';
import { planFind, planFindOne } from '../plan/index.js';
import type { Entry, FindOnePlan, FindPlan } from '../plan/types.js';
import type { AnswerShape } from '../response/answer-shape.js';
import { printerOf, type Loaded } from '../response/print-answer.js';
import type { ParsedQuery } from '../request/parsed-query.js';
import type { ActionContext, Caller } from './action-context.js';
import { runHooks } from './action-hooks.js';
import { attachCreators } from './creators.js';
import { parseEntryId } from './entry-id.js';
import { firstDifference } from './first-difference.js';
import type { PreparedRead } from './prepared-reads.js';
import { readOptions, type ReadExtras } from './read-options.js';

/** A read a door asks for, and how its answer is shaped. */
export interface AnswerRequest {
  readonly uid: string;
  /** a list (`find`), else one entry */
  readonly list: boolean;
  /** one entry of a collection type: its id as the door received it; undefined: the single type's entry */
  readonly id?: unknown;
  readonly query: ParsedQuery;
  readonly extras?: ReadExtras;
  /** the shape of the answer to the read's plan (REST: from the plan; GraphQL: from the selection) */
  readonly shape: (plan: FindPlan | FindOnePlan) => AnswerShape;
  /**
   * what, besides the caller's permissions and the locales, the plan and shape depend on, as text
   * (REST: the read and its query string; GraphQL: the document, the field and its variables): the
   * prepared read is kept under it. Undefined: prepared for this request only.
   */
  readonly key?: string;
}

export interface Answer {
  /** the answer's JSON text, as its shape says */
  readonly text: string;
  /** a one-entry read found its entry (lists: always) */
  readonly found: boolean;
  readonly shape: AnswerShape;
}

/** how a read is answered: by the database in one statement, or loaded and printed in Node */
type Executor = 'statement' | 'rows';

/**
 * The one place that decides: one statement where the database writes answers (repository
 * `answersInSql`: PostgreSQL, outside transactions; see engine/repository/README.md for the SQLite
 * and MySQL measurements) and no lifecycle hook of the type must see the entries as objects (an
 * `after` hook may change them); else the rows.
 */
function executorOf(ctx: ActionContext, uid: string, list: boolean): Executor {
  if (!ctx.repo.answersInSql) return 'rows';
  if (ctx.hooks?.has(uid, list ? 'findMany' : 'findOne')) return 'rows';
  return 'statement';
}

const withId = (plan: FindOnePlan, id: number | undefined): FindOnePlan => (plan.id === id ? plan : { ...plan, id });

/**
 * Answer a read: its text as `request.shape` says, and whether a one-entry read found its entry.
 * A malformed id is a NotFoundError; planner errors (400) come before the database is asked.
 *   answerRead(ctx, caller, { uid: 'api::tag.tag', list: true, query, shape: (plan) => restListShape(model, plan), key: 'rest find ..' })
 *   -> { text: '{"data":[..],"meta":{"pagination":{..}}}', found: true, shape }
 */
export async function answerRead(ctx: ActionContext, caller: Caller, request: AnswerRequest): Promise<Answer> {
  const { uid, list, query, extras } = request;
  const type = ctx.model.contentTypes[uid];
  if (!type) throw new NotFoundError('Not Found');
  const single = !list && type.kind === 'singleType' && request.id === undefined;
  const id = list || single ? undefined : parseEntryId(request.id);
  // a malformed id names no entry: Not Found before anything is planned, as for every one-entry read
  if (!list && !single && id === undefined) throw new NotFoundError('Not Found');
  const executor = executorOf(ctx, uid, list);
  const { i18n } = ctx.model.config;
  const key = request.key === undefined ? undefined
    : `${request.key}\u0000${ctx.permissions.fingerprint(caller.principal)}\u0000${i18n.defaultLocale}\u0000${i18n.locales.join(',')}\u0000${executor}`;
  const prepared = ctx.reads.get(key, () => {
    const options = readOptions(caller.canFind, extras);
    // a one-entry read is planned once for every id of the same request: the id is bound per request
    const plan = list ? planFind(ctx.model, uid, query, options) : planFindOne(ctx.model, uid, id, query, options);
    const shape = request.shape(plan);
    return {
      plan, shape, print: printerOf(shape),
      ...(executor === 'statement' && { statement: ctx.repo.prepareAnswer(plan, shape) }),
    } satisfies PreparedRead;
  });
  const plan = prepared.plan.kind === 'findOne' ? withId(prepared.plan, id) : prepared.plan;
  extras?.inspect?.(plan);
  const answer = executor === 'statement'
    ? await ctx.repo.answer(prepared.statement!, id)
    : await answerFromRows(ctx, prepared, plan, query);
  if (ctx.checkExecutors && executor === 'statement') {
    const rows = await answerFromRows({ ...ctx, repo: ctx.checkExecutors.repo }, prepared, plan, query);
    if (rows.text !== answer.text || rows.found !== answer.found) {
      throw new Error(`the statement and the rows answer ${uid} differently (found ${answer.found} / ${rows.found}), ${firstDifference(answer.text, rows.text)}`);
    }
  }
  return { ...answer, shape: prepared.shape };
}

/** the entries loaded (lifecycle hooks around the load, creators attached) and printed */
async function answerFromRows(ctx: ActionContext, prepared: PreparedRead, plan: FindPlan | FindOnePlan, query: ParsedQuery): Promise<{ text: string; found: boolean }> {
  const { uid } = plan;
  let loaded: Loaded;
  if (plan.kind === 'find') {
    const hooks = ctx.hooks && (await runHooks(ctx.hooks, uid, 'findMany', ctx.repo, () => ({ ...query })));
    const { entries, total } = await ctx.repo.find(plan);
    if (plan.creators) await attachCreators(ctx.repo, ctx.model, uid, entries);
    await hooks?.after(entries);
    loaded = { rows: entries, ...(total !== undefined && { total }), page: plan.page };
  } else {
    const id = plan.id;
    const hooks = ctx.hooks && (await runHooks(ctx.hooks, uid, 'findOne', ctx.repo, () => ({ ...query, ...(id !== undefined && { where: { id } }) })));
    const entry: Entry | undefined = await ctx.repo.findOne(plan);
    await hooks?.after(entry ?? null);
    if (entry && plan.creators) await attachCreators(ctx.repo, ctx.model, uid, [entry]);
    loaded = { rows: entry ?? null };
  }
  return { text: prepared.print(loaded), found: loaded.rows !== null };
}

/**
 * The answer of a write: the entry it read back (engine/actions/entries.ts), printed in the shape a
 * one-entry read of `query` has (the same plan, so the same members).
 *   answerEntry(ctx, caller, 'api::tag.tag', { id: 3, name: 'x' }, query, extras, (plan) => restEntryShape(model, plan))
 *   -> '{"data":{"id":3,"attributes":{"name":"x"},"meta":{}},"meta":{}}'
 */
export function answerEntry(ctx: ActionContext, caller: Caller, uid: string, entry: Entry, query: ParsedQuery, extras: ReadExtras | undefined, shape: (plan: FindOnePlan) => AnswerShape): string {
  const single = ctx.model.contentTypes[uid]?.kind === 'singleType';
  const plan = planFindOne(ctx.model, uid, single ? undefined : entry.id, query, readOptions(caller.canFind, extras));
  return printerOf(shape(plan))({ rows: entry });
}
