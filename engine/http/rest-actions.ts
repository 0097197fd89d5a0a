/**
 * engine/http: the generic REST handlers, one per action, shared by every content-type. Each takes
 * the matched route and the parsed request, plans, calls the repository and shapes the answer.
 * Writes run in one transaction and re-read the entry inside it, so the answer is what was stored.
 */
import type { ContentType } from '../../compiler/model/types.js';
import { stampCreator } from '../auth/stamp-creator.js';
import { NotFoundError } from '../errors/index.js';
import { createLocalization as createLocalizationOf, refuseLocaleChange, singleEntryId, syncSharedAttributes, writeSingleType } from '../i18n/localizations.js';
import { ALL_LOCALES, parseLocale, planCreate, planFind, planFindOne, planUpdate } from '../plan/index.js';
import type { Entry, FindOnePlan } from '../plan/types.js';
import type { Repository } from '../repository/types.js';
import { paginationMeta } from '../response/pagination-meta.js';
import { flatEntry } from '../response/shape-flat.js';
import type { EngineContext, RestRequest, RestResult } from './engine-context.js';

type Action = (ctx: EngineContext, req: RestRequest) => Promise<RestResult>;

const ID = /^[1-9][0-9]{0,15}$/;

function entryId(req: RestRequest): number {
  const raw = req.params.id;
  if (raw === undefined || !ID.test(raw) || !Number.isSafeInteger(Number(raw))) throw new NotFoundError('Not Found');
  return Number(raw);
}

const isSingle = (ct: ContentType) => ct.kind === 'singleType';

function readBack(ctx: EngineContext, req: RestRequest, id: number): FindOnePlan {
  const plan = planFindOne(ctx.model, req.uid, id, req.query, { canFind: req.canFind });
  return { ...plan, id, publicationState: 'preview' };
}

async function mustFind(repo: Repository, plan: FindOnePlan): Promise<Entry> {
  const entry = await repo.findOne(plan);
  if (!entry) throw new NotFoundError('Not Found');
  return entry;
}

/** `data` of a write body (undefined when the body has none; the planner has refused it by then). */
const bodyData = (body: unknown): unknown => (typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined);

/** A single type's locale for a write (`?locale=`, else `data.locale`, else the default); undefined without i18n. */
function writeLocale(ctx: EngineContext, ct: ContentType, req: RestRequest): string | undefined {
  const data = bodyData(req.body) as { locale?: unknown } | undefined;
  return parseLocale(ctx.model, ct, req.query.locale ?? data?.locale, false);
}

const single = (ctx: EngineContext, req: RestRequest, entry: Entry): RestResult => ({
  status: 200,
  body: { data: ctx.shaper.entry(req.uid, entry), meta: {} },
});

export const find: Action = async (ctx, req) => {
  const ct = ctx.model.contentTypes[req.uid];
  if (isSingle(ct)) {
    if (ct.localized && req.query.locale === ALL_LOCALES) {
      // every localization of the single type, as an array (Strapi v4)
      const { entries } = await ctx.repo.find(planFind(ctx.model, req.uid, req.query, { canFind: req.canFind }));
      return { status: 200, body: { data: entries.map((e) => ctx.shaper.entry(req.uid, e)), meta: {} } };
    }
    const entry = await mustFind(ctx.repo, planFindOne(ctx.model, req.uid, undefined, req.query, { canFind: req.canFind }));
    return single(ctx, req, entry);
  }
  const plan = planFind(ctx.model, req.uid, req.query, { canFind: req.canFind });
  const { entries, total } = await ctx.repo.find(plan);
  return {
    status: 200,
    body: { data: entries.map((e) => ctx.shaper.entry(req.uid, e)), meta: { pagination: paginationMeta(plan.page, total) } },
  };
};

export const findOne: Action = async (ctx, req) => {
  const id = entryId(req);
  const entry = await mustFind(ctx.repo, planFindOne(ctx.model, req.uid, id, req.query, { canFind: req.canFind }));
  return single(ctx, req, entry);
};

export const create: Action = async (ctx, req) => {
  const plan = planCreate(ctx.model, req.uid, req.body, { now: new Date() });
  const entry = await ctx.repo.transaction(async (tx) => {
    const id = await tx.create(plan);
    await stampCreator(tx, req.principal, req.uid, id, true);
    return mustFind(tx, readBack(ctx, req, id));
  });
  return single(ctx, req, entry);
};

export const update: Action = async (ctx, req) => {
  const ct = ctx.model.contentTypes[req.uid];
  const now = new Date();
  const entry = await ctx.repo.transaction(async (tx) => {
    if (isSingle(ct)) {
      const { id, created } = await writeSingleType(tx, ctx.model, req.uid, writeLocale(ctx, ct, req), req.body, { now });
      await stampCreator(tx, req.principal, req.uid, id, created);
      return mustFind(tx, readBack(ctx, req, id));
    }
    const id = entryId(req);
    const plan = planUpdate(ctx.model, req.uid, id, req.body, { now });
    await refuseLocaleChange(tx, req.uid, id, plan.locale);
    const updated = await tx.update(plan);
    if (updated === undefined) throw new NotFoundError('Not Found');
    await syncSharedAttributes(tx, ctx.model, req.uid, updated, bodyData(req.body), now);
    await stampCreator(tx, req.principal, req.uid, updated, false);
    return mustFind(tx, readBack(ctx, req, updated));
  });
  return single(ctx, req, entry);
};

export const remove: Action = async (ctx, req) => {
  const ct = ctx.model.contentTypes[req.uid];
  const entry = await ctx.repo.transaction(async (tx) => {
    let id: number;
    if (isSingle(ct)) {
      const existing = await singleEntryId(tx, req.uid, parseLocale(ctx.model, ct, req.query.locale, false));
      if (existing === undefined) throw new NotFoundError('Not Found');
      id = existing;
    } else id = entryId(req);
    const before = await mustFind(tx, readBack(ctx, req, id));
    if ((await tx.delete({ kind: 'delete', uid: req.uid, id })) === undefined) throw new NotFoundError('Not Found');
    return before;
  });
  return single(ctx, req, entry);
};

/**
 * `POST /api/<plural>/:id/localizations` (single types: `/api/<singular>/localizations`): the body is
 * unwrapped and the answer flat, as Strapi's i18n plugin does; the new entry lists its localizations.
 */
export const createLocalization: Action = async (ctx, req) => {
  const ct = ctx.model.contentTypes[req.uid];
  if (!ct.localized) throw new NotFoundError('Not Found');
  const sourceId = isSingle(ct) ? undefined : entryId(req);
  const entry = await ctx.repo.transaction(async (tx) => {
    const id = await createLocalizationOf(tx, ctx.model, req.uid, sourceId, req.body, new Date());
    await stampCreator(tx, req.principal, req.uid, id, true);
    return mustFind(tx, { kind: 'findOne', uid: req.uid, id, populate: { localizations: {} }, publicationState: 'preview' });
  });
  return { status: 200, body: flatEntry(ctx.model, req.uid, entry) };
};

export const REST_ACTIONS: Readonly<Record<string, Action>> = { find, findOne, create, update, delete: remove, createLocalization };
