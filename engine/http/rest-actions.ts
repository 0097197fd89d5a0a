/**
 * engine/http: the generic REST handlers, one per action, shared by every content-type. Each takes
 * the matched route and the parsed request, plans, calls the repository and shapes the answer.
 * Writes run in one transaction and re-read the entry inside it, so the answer is what was stored.
 */
import type { ContentType } from '../../build/model/types.js';
import { stampCreator } from '../auth/stamp-creator.js';
import { NotFoundError } from '../errors/index.js';
import { planCreate, planFind, planFindOne, planUpdate } from '../plan/index.js';
import type { Entry, FindOnePlan } from '../plan/types.js';
import type { Repository } from '../repository/types.js';
import { paginationMeta } from '../response/pagination-meta.js';
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

const single = (ctx: EngineContext, req: RestRequest, entry: Entry): RestResult => ({
  status: 200,
  body: { data: ctx.shaper.entry(req.uid, entry), meta: {} },
});

export const find: Action = async (ctx, req) => {
  const ct = ctx.model.contentTypes[req.uid];
  if (isSingle(ct)) {
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
      const existing = await tx.findOne({ kind: 'findOne', uid: req.uid, populate: {}, publicationState: 'preview', fields: [] });
      const id = existing
        ? ((await tx.update(planUpdate(ctx.model, req.uid, existing.id, req.body, { now }))) as number)
        : await tx.create(planCreate(ctx.model, req.uid, req.body, { now }));
      await stampCreator(tx, req.principal, req.uid, id, !existing);
      return mustFind(tx, readBack(ctx, req, id));
    }
    const id = entryId(req);
    const updated = await tx.update(planUpdate(ctx.model, req.uid, id, req.body, { now }));
    if (updated === undefined) throw new NotFoundError('Not Found');
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
      const existing = await tx.findOne({ kind: 'findOne', uid: req.uid, populate: {}, publicationState: 'preview', fields: [] });
      if (!existing) throw new NotFoundError('Not Found');
      id = existing.id;
    } else id = entryId(req);
    const before = await mustFind(tx, readBack(ctx, req, id));
    if ((await tx.delete({ kind: 'delete', uid: req.uid, id })) === undefined) throw new NotFoundError('Not Found');
    return before;
  });
  return single(ctx, req, entry);
};

export const REST_ACTIONS: Readonly<Record<string, Action>> = { find, findOne, create, update, delete: remove };
