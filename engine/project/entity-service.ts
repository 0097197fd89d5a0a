/**
 * engine/project: `strapi.entityService` and `strapi.db.query(uid)` for project code, backed by the one
 * action layer (engine/actions/entries.ts: the planner, the repository, lifecycles and change events),
 * never by a second data path. Calls made inside a lifecycle hook run on that write's transaction
 * (`projectScope`), so on SQLite's single connection they cannot wait on themselves, and roll back
 * with it. Project code acts for the project, not for a client: no permission is checked and no page
 * limit applies; the entity service sees drafts unless asked for `publicationState: 'live'`, the
 * query engine sees drafts and every locale. Answers are flat entries (Strapi's form).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ActionContext, Caller } from '../actions/action-context.js';
import { countEntries, createEntry, deleteEntry, findEntries, findEntry, updateEntry } from '../actions/entries.js';
import { NotFoundError } from '../errors/index.js';
import type { PageLimits } from '../plan/index.js';
import type { Entry } from '../plan/types.js';
import type { ParsedQuery } from '../request/index.js';
import { dbQuery, entityServiceQuery, writableData } from './service-params.js';

/**
 * What project code runs inside: the transaction of the lifecycle hook that called it, the caller of
 * the request it serves, and the `strapi` object of its app (the global `strapi` of the code). The
 * transaction is typed as the action context's repository: this door imports no repository module.
 */
export const projectScope = new AsyncLocalStorage<{ readonly repo?: ActionContext['repo']; readonly caller?: Caller; readonly strapi?: Record<string, unknown> }>();

/** The project acts for itself: every type is readable, no permission applies. */
export const PROJECT_CALLER: Caller = { principal: { kind: 'public' }, canFind: () => true, mayLink: () => true };

const INT32_MAX = 2147483647;
const UNLIMITED: PageLimits = { defaultLimit: INT32_MAX, maxLimit: INT32_MAX, withCount: false };

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** the action context of the current scope (bound to a hook's transaction when inside one) */
function current(actions: ActionContext): ActionContext {
  const repo = projectScope.getStore()?.repo;
  return repo ? { ...actions, repo } : actions;
}

/** `fn` with every write it makes in one transaction (a savepoint inside a hook's) */
function inOneTransaction<T>(actions: ActionContext, fn: () => Promise<T>): Promise<T> {
  const store = projectScope.getStore();
  return current(actions).repo.transaction((tx) => projectScope.run({ ...store, repo: tx }, fn));
}

async function orNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof NotFoundError) return null;
    throw err;
  }
}

const pageOf = (query: ParsedQuery) => {
  const { page = 1, pageSize = 25 } = query.pagination ?? {};
  return { page: Math.max(1, page), pageSize: Math.max(1, pageSize) };
};

export function createEntityService(actions: ActionContext) {
  const model = actions.model;
  const single = (uid: string) => model.contentTypes[uid]?.kind === 'singleType';
  const preview = (q: ParsedQuery): ParsedQuery => ({ ...q, publicationState: q.publicationState ?? 'preview' });
  const write = (uid: string, params: unknown) => ({ data: writableData(model, uid, isRecord(params) ? params.data : undefined) });
  const back = (params: unknown) => ({ query: entityServiceQuery(isRecord(params) ? { fields: params.fields, populate: params.populate } : {}) });
  const written = { draftByDefault: true, strictDrafts: false };

  return {
    async findMany(uid: string, params?: unknown): Promise<Entry[] | Entry | null> {
      const query = preview(entityServiceQuery(params));
      if (single(uid)) return orNull(() => findEntry(current(actions), PROJECT_CALLER, uid, undefined, query));
      return (await findEntries(current(actions), PROJECT_CALLER, uid, query, { limits: UNLIMITED })).entries;
    },
    findOne(uid: string, id: unknown, params?: unknown): Promise<Entry | null> {
      return orNull(() => findEntry(current(actions), PROJECT_CALLER, uid, single(uid) ? undefined : id, preview(entityServiceQuery(params))));
    },
    async findPage(uid: string, params?: unknown) {
      const query = preview(entityServiceQuery(params));
      const { page, pageSize } = pageOf(query);
      const found = await findEntries(current(actions), PROJECT_CALLER, uid, { ...query, pagination: { page, pageSize, withCount: true } }, { limits: { ...UNLIMITED, withCount: true } });
      const total = found.total ?? found.entries.length;
      return { results: found.entries, pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } };
    },
    count(uid: string, params?: unknown): Promise<number> {
      return countEntries(current(actions), PROJECT_CALLER, uid, preview(entityServiceQuery(params)));
    },
    create(uid: string, params?: unknown): Promise<Entry> {
      return createEntry(current(actions), PROJECT_CALLER, uid, write(uid, params), back(params), written);
    },
    update(uid: string, id: unknown, params?: unknown): Promise<Entry | null> {
      return orNull(() => updateEntry(current(actions), PROJECT_CALLER, uid, single(uid) ? undefined : id, write(uid, params), back(params), written));
    },
    delete(uid: string, id: unknown, params?: unknown): Promise<Entry | null> {
      return orNull(() => deleteEntry(current(actions), PROJECT_CALLER, uid, single(uid) ? undefined : id, back(params)));
    },
  };
}

export type EntityService = ReturnType<typeof createEntityService>;

/** `strapi.db.query(uid)`: the query engine's methods on one type. */
export function createDbQuery(actions: ActionContext, uid: string) {
  const model = actions.model;
  const findMany = async (params?: unknown): Promise<Entry[]> => (await findEntries(current(actions), PROJECT_CALLER, uid, dbQuery(params), { limits: UNLIMITED })).entries;
  const findOne = async (params?: unknown): Promise<Entry | null> => (await findMany({ ...(isRecord(params) ? params : {}), limit: 1 }))[0] ?? null;
  /** the ids a `where` designates: `{ id }` directly, else by reading them */
  const idsOf = async (params: unknown): Promise<number[]> => {
    const where = isRecord(params) && isRecord(params.where) ? params.where : {};
    if (Object.keys(where).length === 1 && (typeof where.id === 'number' || typeof where.id === 'string')) return [Number(where.id)];
    return (await findMany({ where, select: ['id'] })).map((e) => e.id);
  };
  const back = (params: unknown) => ({ query: dbQuery(isRecord(params) ? { select: params.select, populate: params.populate } : {}) });
  const data = (params: unknown) => ({ data: writableData(model, uid, isRecord(params) ? params.data : undefined) });
  const single = model.contentTypes[uid]?.kind === 'singleType';
  const options = { draftByDefault: true, strictDrafts: false };

  return {
    findMany,
    findOne,
    async findPage(params?: unknown) {
      const p = isRecord(params) ? params : {};
      const page = Math.max(1, Number(p.page ?? 1));
      const pageSize = Math.max(1, Number(p.pageSize ?? 10));
      const total = await countEntries(current(actions), PROJECT_CALLER, uid, dbQuery(p));
      const results = await findMany({ ...p, offset: (page - 1) * pageSize, limit: pageSize });
      return { results, pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } };
    },
    count: (params?: unknown) => countEntries(current(actions), PROJECT_CALLER, uid, dbQuery(params)),
    create: (params?: unknown) => createEntry(current(actions), PROJECT_CALLER, uid, data(params), back(params), options),
    async update(params?: unknown): Promise<Entry | null> {
      const [id] = await idsOf(params);
      if (id === undefined) return null;
      return orNull(() => updateEntry(current(actions), PROJECT_CALLER, uid, single ? undefined : id, data(params), back(params), options));
    },
    async delete(params?: unknown): Promise<Entry | null> {
      const [id] = await idsOf(params);
      if (id === undefined) return null;
      return orNull(() => deleteEntry(current(actions), PROJECT_CALLER, uid, single ? undefined : id, back(params)));
    },
    updateMany: (params?: unknown): Promise<{ count: number }> => inOneTransaction(actions, async () => {
      let count = 0;
      for (const id of await idsOf(params)) if (await orNull(() => updateEntry(current(actions), PROJECT_CALLER, uid, id, data(params), { query: {} }, options))) count++;
      return { count };
    }),
    deleteMany: (params?: unknown): Promise<{ count: number }> => inOneTransaction(actions, async () => {
      let count = 0;
      for (const id of await idsOf(params)) if (await orNull(() => deleteEntry(current(actions), PROJECT_CALLER, uid, id, { query: {} }))) count++;
      return { count };
    }),
  };
}
