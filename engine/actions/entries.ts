/**
 * engine/actions: the Content API actions on entries of content-types, the same for every door:
 * find, findOne, create, update, delete and createLocalization. Each takes the caller, the uid and
 * the parsed query or body, plans, runs the plan on the repository and returns entries (never a
 * response shape). Writes run in one transaction that also stamps the creator, keeps i18n shared
 * attributes in sync, reads the entry back (creators included) and queues one change, published
 * after the commit. A missing or malformed id is a NotFoundError('Not Found').
 */
import type { ContentType } from '../../compiler/model/types.js';
import { NotFoundError } from '../errors/index.js';
import { ALL_LOCALES, parseLocale, planCreate, planFind, planFindOne } from '../plan/index.js';
import type { CreatePlan, Entry, FindOnePlan, PagePlan, UpdatePlan, WriteData } from '../plan/types.js';
import type { Repository } from '../repository/types.js';
import type { ParsedQuery } from '../request/parsed-query.js';
import type { ActionContext, Caller } from './action-context.js';
import { hasHooks, runHooks } from './action-hooks.js';
import { adminOf, attachCreators, stampCreator } from './creators.js';
import { planEntryUpdate } from './draft-state.js';
import { parseEntryId } from './entry-id.js';
import { assertReadableTargets } from './readable-targets.js';
import type { ChangeKind } from './events.js';
import { createLocalization as writeLocalization, refuseLocaleChange, singleEntryId, syncSharedAttributes, writeSingleType } from './localizations.js';
import { readOptions, type ReadExtras } from './read-options.js';
import { runWrite, type ChangeQueue } from './write-transaction.js';

export type { ReadExtras } from './read-options.js';

const FILE_UID = 'plugin::upload.file';

/** The read-back of a write: what the answer shows of the written entry. */
export interface ReadBack {
  /** the query the answer is shaped by (fields, populate) */
  readonly query: ParsedQuery;
  readonly extras?: ReadExtras;
}

export interface WriteOptions {
  /** validate drafts like published entries (by default drafts skip required and minLength, as in Strapi v4) */
  readonly strictDrafts?: boolean;
  /** a draft-and-publish entry created without `publishedAt` is a draft (GraphQL); else it is published (REST) */
  readonly draftByDefault?: boolean;
  /** single types: the locale written or deleted (`?locale=`, `data.locale`, the GraphQL argument) */
  readonly locale?: unknown;
}

export interface FoundEntries {
  readonly entries: Entry[];
  /** present when the query asked for a count */
  readonly total?: number;
  readonly page: PagePlan;
}

const contentType = (ctx: ActionContext, uid: string): ContentType => {
  const type = ctx.model.contentTypes[uid];
  if (!type) throw new NotFoundError('Not Found');
  return type;
};

const notFound = () => new NotFoundError('Not Found');
/** a write body's `data`, copied so that a lifecycle hook may change it (undefined when the body has none) */
const dataOf = (body: unknown): unknown => {
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  return data !== null && typeof data === 'object' ? structuredClone(data) : data;
};
/** the body with the data a before hook left */
const withData = (body: unknown, data: unknown): unknown => ({ ...(typeof body === 'object' && body !== null ? body : {}), data });
/** the plan with the admin behind the caller's token, when there is one (created_by_id / updated_by_id) */
const withAdmin = <P extends CreatePlan | UpdatePlan>(plan: P, caller: Caller): P => {
  const admin = adminOf(caller.principal);
  return admin === undefined ? plan : { ...plan, admin };
};
const isSingle = (type: ContentType) => type.kind === 'singleType';
const changeOf = (uid: string, verb: 'create' | 'update' | 'delete'): ChangeKind => (uid === FILE_UID ? `media.${verb}` : `entry.${verb}`);

/** A list: `GET /api/articles`, GraphQL `articles`; single types with `locale=all`: every localization. */
export async function findEntries(ctx: ActionContext, caller: Caller, uid: string, query: ParsedQuery, extras?: ReadExtras): Promise<FoundEntries> {
  const plan = planFind(ctx.model, uid, query, readOptions(caller.canFind, extras));
  extras?.inspect?.(plan);
  const hooks = ctx.hooks && (await runHooks(ctx.hooks, uid, 'findMany', ctx.repo, () => ({ ...query })));
  const { entries, total } = await ctx.repo.find(plan);
  if (extras?.creators) await attachCreators(ctx.repo, ctx.model, uid, entries);
  await hooks?.after(entries);
  return { entries, ...(total !== undefined && { total }), page: plan.page };
}

/**
 * One entry: by id (collection types; `rawId` as the door received it) or the single type's entry
 * (`rawId` undefined). NotFoundError when there is none.
 */
export async function findEntry(ctx: ActionContext, caller: Caller, uid: string, rawId: unknown, query: ParsedQuery, extras?: ReadExtras): Promise<Entry> {
  const type = contentType(ctx, uid);
  const id = rawId === undefined && isSingle(type) ? undefined : parseEntryId(rawId);
  if (id === undefined && !isSingle(type)) throw notFound();
  const plan = planFindOne(ctx.model, uid, id, query, readOptions(caller.canFind, extras));
  extras?.inspect?.(plan);
  const hooks = ctx.hooks && (await runHooks(ctx.hooks, uid, 'findOne', ctx.repo, () => ({ ...query, ...(id !== undefined && { where: { id } }) })));
  const entry = await ctx.repo.findOne(plan);
  await hooks?.after(entry ?? null);
  if (!entry) throw notFound();
  if (extras?.creators) await attachCreators(ctx.repo, ctx.model, uid, [entry]);
  return entry;
}

/** How many entries match `query.filters` (locale and publication state as a list reads them): `strapi.entityService.count`. */
export async function countEntries(ctx: ActionContext, caller: Caller, uid: string, query: ParsedQuery): Promise<number> {
  const plan = planFind(ctx.model, uid, { ...query, pagination: { start: 0, limit: 1, withCount: true } }, readOptions(caller.canFind, undefined));
  const hooks = await runHooks(ctx.hooks, uid, 'count', ctx.repo, () => ({ ...query }));
  const { total } = await ctx.repo.find({ ...plan, fields: [], populate: {} });
  await hooks?.after(total ?? 0);
  return total ?? 0;
}

/** A single type read with `locale=all`: is it a list? (REST answers an array then). */
export function readsEveryLocale(ctx: ActionContext, uid: string, locale: string | undefined): boolean {
  return contentType(ctx, uid).localized && locale === ALL_LOCALES;
}

/**
 * The read-back of a write, planned before anything is written (a bad `populate` writes nothing):
 * a one-entry plan with a placeholder id, run under `preview` with the written entry's id.
 */
function planReadBack(ctx: ActionContext, caller: Caller, uid: string, back: ReadBack): (tx: Repository, id: number) => Promise<Entry> {
  const single = isSingle(contentType(ctx, uid));
  const plan = planFindOne(ctx.model, uid, single ? undefined : 1, back.query, readOptions(caller.canFind, back.extras));
  return async (tx, id) => {
    const read: FindOnePlan = { ...plan, id, publicationState: 'preview' };
    back.extras?.inspect?.(read);
    const entry = await tx.findOne(read);
    if (!entry) throw notFound();
    if (back.extras?.creators) await attachCreators(tx, ctx.model, uid, [entry]);
    return entry;
  };
}

/**
 * A write body completed inside the write's transaction, from the body as sent: a multipart write
 * puts the ids of the file rows it just made into it (entry-files.ts). Its writes share the
 * transaction and its changes the queue.
 */
export type CompleteBody = (tx: Repository, queue: ChangeQueue, body: unknown) => Promise<unknown>;

/** `POST /api/articles`, GraphQL `createArticle`: `body` is `{ data }`. */
export async function createEntry(ctx: ActionContext, caller: Caller, uid: string, body: unknown, back: ReadBack, options: WriteOptions = {}, complete?: CompleteBody): Promise<Entry> {
  contentType(ctx, uid);
  const readBack = planReadBack(ctx, caller, uid, back);
  const planOptions = { now: ctx.now(), strictDrafts: options.strictDrafts, draftByDefault: options.draftByDefault };
  const guard = (data: WriteData) => assertReadableTargets(ctx.model, uid, data, (t, id) => caller.mayLink(t, id));
  // planned before anything is written: a bad body costs no transaction (and no stored file);
  // with lifecycle hooks, the body is planned after beforeCreate, which may change its data
  const hooked = hasHooks(ctx.hooks, uid, 'create');
  const planned = hooked ? undefined : planCreate(ctx.model, uid, body, planOptions);
  if (planned) guard(planned.data);
  return runWrite(ctx, async (tx, queue) => {
    const sent = complete ? await complete(tx, queue, body) : body;
    const hooks = hooked ? await runHooks(ctx.hooks, uid, 'create', tx, () => ({ data: dataOf(sent) })) : undefined;
    const plan = planned && !complete ? planned : planCreate(ctx.model, uid, hooks ? withData(sent, hooks.params.data) : sent, planOptions);
    if (plan !== planned) guard(plan.data);
    // the admin behind an admin's token is written with the row
    const id = await tx.create(withAdmin(plan, caller));
    const entry = await readBack(tx, id);
    await hooks?.after(entry);
    queue.add(changeOf(uid, 'create'), uid, entry);
    return entry;
  });
}

/**
 * `PUT /api/articles/:id`, GraphQL `updateArticle(id)`; single types (`rawId` undefined): update the
 * entry of `options.locale`, or create it. `body` is `{ data }`.
 */
export async function updateEntry(ctx: ActionContext, caller: Caller, uid: string, rawId: unknown, body: unknown, back: ReadBack, options: WriteOptions = {}, complete?: CompleteBody): Promise<Entry> {
  const type = contentType(ctx, uid);
  const readBack = planReadBack(ctx, caller, uid, back);
  const now = ctx.now();
  const guard = (data: WriteData) => assertReadableTargets(ctx.model, uid, data, (t, id) => caller.mayLink(t, id));
  const writeOptions = { now, strictDrafts: options.strictDrafts, draftByDefault: options.draftByDefault, guard };
  if (isSingle(type)) {
    const locale = parseLocale(ctx.model, type, options.locale, false);
    return runWrite(ctx, async (tx, queue) => {
      const sent = complete ? await complete(tx, queue, body) : body;
      const existing = hasHooks(ctx.hooks, uid, 'update') || hasHooks(ctx.hooks, uid, 'create') ? await singleEntryId(tx, uid, locale) : undefined;
      const action = existing === undefined ? 'create' : 'update';
      const hooks = await runHooks(ctx.hooks, uid, action, tx, () => ({ ...(existing !== undefined && { where: { id: existing } }), data: dataOf(sent) }));
      const { id, created } = await writeSingleType(tx, ctx.model, uid, locale, hooks ? withData(sent, hooks.params.data) : sent, writeOptions);
      await stampCreator(tx, caller.principal, uid, id, created);
      const entry = await readBack(tx, id);
      await hooks?.after(entry);
      queue.add(changeOf(uid, created ? 'create' : 'update'), uid, entry);
      return entry;
    });
  }
  const id = parseEntryId(rawId);
  if (id === undefined) throw notFound();
  return runWrite(ctx, async (tx, queue) => {
    const sent = complete ? await complete(tx, queue, body) : body;
    // with lifecycle hooks, the body is planned after beforeUpdate, which may change its data
    const hooks = await runHooks(ctx.hooks, uid, 'update', tx, () => ({ where: { id }, data: dataOf(sent) }));
    const written = hooks ? withData(sent, hooks.params.data) : sent;
    const plan = await planEntryUpdate(tx, ctx.model, uid, id, written, writeOptions);
    if (plan === undefined) throw notFound();
    guard(plan.data);
    await refuseLocaleChange(tx, uid, id, plan.locale);
    const updated = await tx.update(withAdmin(plan, caller));
    if (updated === undefined) throw notFound();
    await syncSharedAttributes(tx, ctx.model, uid, updated, (written as { data?: unknown }).data, now);
    const entry = await readBack(tx, updated);
    await hooks?.after(entry);
    queue.add(changeOf(uid, 'update'), uid, entry);
    return entry;
  });
}

/** `DELETE /api/articles/:id`, GraphQL `deleteArticle(id)`; single types: the entry of `options.locale`. The entry as it was. */
export async function deleteEntry(ctx: ActionContext, caller: Caller, uid: string, rawId: unknown, back: ReadBack, options: WriteOptions = {}): Promise<Entry> {
  const type = contentType(ctx, uid);
  const readBack = planReadBack(ctx, caller, uid, back);
  const single = isSingle(type);
  const locale = single ? parseLocale(ctx.model, type, options.locale, false) : undefined;
  const parsed = single ? undefined : parseEntryId(rawId);
  if (!single && parsed === undefined) throw notFound();
  return runWrite(ctx, async (tx, queue) => {
    const id = single ? await singleEntryId(tx, uid, locale) : parsed;
    if (id === undefined) throw notFound();
    const entry = await readBack(tx, id);
    const hooks = await runHooks(ctx.hooks, uid, 'delete', tx, () => ({ where: { id } }));
    if ((await tx.delete({ kind: 'delete', uid, id })) === undefined) throw notFound();
    await hooks?.after(entry);
    queue.add(changeOf(uid, 'delete'), uid, entry);
    return entry;
  });
}

/**
 * `POST /api/products/:id/localizations` (single types: `rawSourceId` undefined, the entry of any
 * locale), GraphQL `createProductLocalization`: a new localization, shared values copied, linked to
 * the group; a draft unless `data` publishes it. `data` is unwrapped (`{ name, locale }`).
 * Errors as Strapi's i18n plugin: "locale is missing", "locale is invalid", "locale is already used",
 * 404 "Entity not found".
 */
export async function createLocalization(ctx: ActionContext, caller: Caller, uid: string, rawSourceId: unknown, data: unknown, back: ReadBack, options: WriteOptions = {}): Promise<Entry> {
  const type = contentType(ctx, uid);
  if (!type.localized) throw notFound();
  const single = isSingle(type);
  const sourceId = single && (rawSourceId === undefined || rawSourceId === null) ? undefined : parseEntryId(rawSourceId);
  if (!single && sourceId === undefined) throw new NotFoundError('Entity not found');
  const readBack = planReadBack(ctx, caller, uid, back);
  const now = ctx.now();
  return runWrite(ctx, async (tx, queue) => {
    const guard = (written: WriteData) => assertReadableTargets(ctx.model, uid, written, (t, id) => caller.mayLink(t, id));
    const id = await writeLocalization(tx, ctx.model, uid, sourceId, data, { now, strictDrafts: options.strictDrafts ?? false, guard });
    await stampCreator(tx, caller.principal, uid, id, true);
    const entry = await readBack(tx, id);
    queue.add('entry.create', uid, entry);
    return entry;
  });
}
