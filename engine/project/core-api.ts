/**
 * engine/project: Strapi's core service and core controller of a content-type, as project code
 * extends them (`createCoreController(uid, ({ strapi }) => ({ async find(ctx) { ... super.find(ctx) } }))`).
 * The core service reads and writes through the action layer; the core controller parses `ctx.query`
 * when it runs (after the route's middlewares) and answers what quire's REST door answers: when the
 * project has not replaced the service's method, by calling that door's handler itself (so `meta`,
 * `availableLocales` and creator fields are the same as without code); otherwise through the
 * project's service, `sanitizeOutput` and `transformResponse`, as Strapi does.
 */
import type { ActionContext, Caller } from '../actions/action-context.js';
import { createEntry, deleteEntry, findEntries, findEntry, updateEntry } from '../actions/entries.js';
import { NotFoundError, ValidationError } from '../errors/index.js';
import type { RestDoor } from '../http/rest/content-routes.js';
import { contentHandler } from '../http/rest/content-routes.js';
import type { HttpRequest } from '../http/route.js';
import { paginationMeta } from '../response/pagination-meta.js';
import { parseQuery, type ParsedQuery } from '../request/index.js';
import { PROJECT_CALLER, projectScope } from './entity-service.js';
import type { KoaContext } from './koa-context.js';
import { writableData } from './service-params.js';
import { sanitizeInput, sanitizeOutput, transformResponse } from './transform-response.js';

/** the request a context was built from (the core controller hands it to the REST door) */
export const REQUEST = Symbol('quire request');

/** the methods of a core service or controller, kept to tell whether the project replaced one */
export const CORE = Symbol('quire core methods');

export interface CoreApiDeps {
  readonly actions: ActionContext;
  readonly door: RestDoor;
  /** `strapi.service(uid)` */
  service(uid: string): Record<string, unknown> | undefined;
  /** `ctx.query` -> ParsedQuery as the lifecycle parses query strings (strict or lenient) */
  parse(raw: Record<string, unknown>): ParsedQuery;
}

type Methods = Record<string, (...args: any[]) => unknown>;
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** the caller of the request being served, else the project itself */
const callerNow = (): Caller => projectScope.getStore()?.caller ?? PROJECT_CALLER;

/**
 * Strapi's core service of `uid`: `find` answers `{ results, pagination }`; lists read `config.rest`'s
 * limits, `live` by default. Reads populate what the request's caller may read (Strapi's sanitizeQuery
 * has removed the rest before its service runs); writes check no permission, as Strapi's service does
 * (its controller's sanitizeInput has dropped what the caller may not write).
 */
export function coreService(deps: CoreApiDeps, uid: string): Methods {
  const { actions } = deps;
  const model = actions.model;
  const single = model.contentTypes[uid]?.kind === 'singleType';
  const query = (params: unknown): ParsedQuery => {
    const p = isRecord(params) ? params : {};
    const { data: _data, files: _files, ...rest } = p;
    return parseQuery(rest);
  };
  const body = (params: unknown) => ({ data: writableData(model, uid, isRecord(params) ? params.data : undefined) });
  const orNull = async <T>(read: () => Promise<T>): Promise<T | null> => {
    try {
      return await read();
    } catch (err) {
      if (err instanceof NotFoundError) return null;
      throw err;
    }
  };
  const methods: Methods = single
    ? {
        find: (params?: unknown) => orNull(() => findEntry(actions, callerNow(), uid, undefined, query(params))),
        createOrUpdate: (params?: unknown) => updateEntry(actions, PROJECT_CALLER, uid, undefined, body(params), { query: query(params) }, { locale: isRecord(params) ? params.locale : undefined }),
        delete: (params?: unknown) => deleteEntry(actions, PROJECT_CALLER, uid, undefined, { query: query(params) }, { locale: isRecord(params) ? params.locale : undefined }),
      }
    : {
        async find(params?: unknown) {
          const found = await findEntries(actions, callerNow(), uid, query(params));
          return { results: found.entries, pagination: paginationMeta(found.page, found.total) };
        },
        findOne: (id: unknown, params?: unknown) => orNull(() => findEntry(actions, callerNow(), uid, id, query(params))),
        create: (params?: unknown) => createEntry(actions, PROJECT_CALLER, uid, body(params), { query: query(params) }),
        update: (id: unknown, params?: unknown) => updateEntry(actions, PROJECT_CALLER, uid, id, body(params), { query: query(params) }),
        delete: (id: unknown, params?: unknown) => deleteEntry(actions, PROJECT_CALLER, uid, id, { query: query(params) }),
      };
  return Object.assign(Object.create(null) as object, methods, { [CORE]: { ...methods } }) as Methods;
}

/** Did the project replace the core method `name` of this service (or controller)? */
export function replaced(target: Record<string | symbol, unknown> | undefined, name: string): boolean {
  const core = target?.[CORE] as Methods | undefined;
  return !core || target?.[name] !== core[name];
}

/** Strapi's core controller of `uid`. */
export function coreController(deps: CoreApiDeps, uid: string): Methods {
  const { actions } = deps;
  const model = actions.model;
  const single = model.contentTypes[uid]?.kind === 'singleType';
  const service = () => deps.service(uid) as Methods;

  /** the REST door's own answer for this action, from the context as the middlewares left it */
  const viaDoor = async (action: string, ctx: KoaContext): Promise<unknown> => {
    const request = ctx[REQUEST as unknown as string] as HttpRequest | undefined;
    const handler = contentHandler(deps.door, uid, action);
    if (!request || !handler) throw new NotFoundError('Not Found');
    // `search` names the query the door reads, as text: the query as the middlewares left it
    const reply = await handler({ ...request, search: `\u0000${JSON.stringify(ctx.query)}`, params: ctx.params, rawQuery: ctx.query, query: deps.parse(ctx.query), body: ctx.request.body });
    // a project's controller works on the value: a body the database wrote is read back into one
    return reply.jsonText !== undefined ? JSON.parse(reply.jsonText) : reply.json;
  };
  /** `data` of a write body, as Strapi's core controller requires it */
  const dataOf = (ctx: KoaContext): Record<string, unknown> => {
    const b = ctx.request.body;
    const data = isRecord(b) ? b.data : undefined;
    if (!isRecord(data)) throw new ValidationError('Missing "data" payload in the request body');
    return data;
  };

  const helpers: Methods = {
    transformResponse: (data: unknown, meta?: unknown) => transformResponse(model, uid, data, meta),
    sanitizeOutput: async (data: unknown, ctx?: KoaContext) => sanitizeOutput(model, uid, data, (t) => (ctx ? callerNow().canFind(t) : true)),
    sanitizeInput: async (data: unknown, ctx?: KoaContext) => sanitizeInput(model, uid, data, (t) => (ctx ? callerNow().canFind(t) : true)),
    sanitizeQuery: async (ctx: KoaContext) => ctx.query,
    validateQuery: async (ctx: KoaContext) => void deps.parse(ctx.query),
    validateInput: async () => undefined,
  };
  const through = async function (this: Methods, action: string, ctx: KoaContext, call: () => Promise<unknown>): Promise<unknown> {
    if (!replaced(deps.service(uid) as Record<string | symbol, unknown>, action === 'find' && single ? 'find' : serviceMethod(action, single))) return viaDoor(action, ctx);
    const result = await call();
    if (result === null || result === undefined) throw new NotFoundError('Not Found');
    if (isRecord(result) && 'results' in result) {
      return this.transformResponse(await this.sanitizeOutput(result.results, ctx), { pagination: result.pagination });
    }
    return this.transformResponse(await this.sanitizeOutput(result, ctx));
  };
  const actionsOf: Methods = single
    ? {
        async find(this: Methods, ctx: KoaContext) {
          return through.call(this, 'find', ctx, async () => service().find(await this.sanitizeQuery(ctx)) as Promise<unknown>);
        },
        async update(this: Methods, ctx: KoaContext) {
          return through.call(this, 'update', ctx, async () => service().createOrUpdate({ ...ctx.query, data: await this.sanitizeInput(dataOf(ctx), ctx) }) as Promise<unknown>);
        },
        async delete(this: Methods, ctx: KoaContext) {
          return through.call(this, 'delete', ctx, async () => service().delete(ctx.query) as Promise<unknown>);
        },
      }
    : {
        async find(this: Methods, ctx: KoaContext) {
          return through.call(this, 'find', ctx, async () => service().find(await this.sanitizeQuery(ctx)) as Promise<unknown>);
        },
        async findOne(this: Methods, ctx: KoaContext) {
          return through.call(this, 'findOne', ctx, async () => service().findOne(ctx.params.id, await this.sanitizeQuery(ctx)) as Promise<unknown>);
        },
        async create(this: Methods, ctx: KoaContext) {
          return through.call(this, 'create', ctx, async () => service().create({ ...ctx.query, data: await this.sanitizeInput(dataOf(ctx), ctx) }) as Promise<unknown>);
        },
        async update(this: Methods, ctx: KoaContext) {
          return through.call(this, 'update', ctx, async () => service().update(ctx.params.id, { ...ctx.query, data: await this.sanitizeInput(dataOf(ctx), ctx) }) as Promise<unknown>);
        },
        async delete(this: Methods, ctx: KoaContext) {
          return through.call(this, 'delete', ctx, async () => service().delete(ctx.params.id, ctx.query) as Promise<unknown>);
        },
      };
  const methods = { ...helpers, ...actionsOf };
  return Object.assign(Object.create(null) as object, methods, { [CORE]: { ...methods } }) as Methods;
}

/** the core service method a core controller action calls */
function serviceMethod(action: string, single: boolean): string {
  if (single) return action === 'update' ? 'createOrUpdate' : action;
  return action;
}
