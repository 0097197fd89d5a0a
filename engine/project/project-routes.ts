/**
 * engine/project: the project's routes bound into the one routing table. A core route whose
 * router config adds nothing and whose controller and service actions are quire's core ones is left
 * to the REST door as it is. Any other route (a policy, a middleware, `auth: false`, a controller or
 * service the project replaced, a custom route) runs, after the lifecycle has authenticated and
 * authorized the caller and read the body: Strapi's chain on a Koa-compatible context, i.e. the
 * route's policies (403 Forbidden unless each returns true or nothing, as Strapi 4.26.2 answers), its middlewares, then the
 * controller action, whose return value becomes the body. Names that resolve to nothing stop the start.
 */
import { openApiPath, parseHandler, type RouterRoute } from '../../compiler/model/project-code.js';
import type { OpenApiDocument } from '../artifacts/load-artifacts.js';
import type { Principal } from '../auth/permissions.js';
import { USER_UID } from '../auth/uids.js';
import type { ActionContext } from '../actions/action-context.js';
import type { HttpRequest, Route } from '../http/route.js';
import type { RouteEntry } from '../http/route-entry.js';
import { CORE, REQUEST, replaced } from './core-api.js';
import { projectScope } from './entity-service.js';
import { createKoaContext, replyOf, type KoaContext, type KoaState } from './koa-context.js';
import { ProjectCodeError, type LoadedProject } from './load-project.js';
import { ForbiddenError } from '../errors/index.js';
import { PolicyError } from './strapi-errors.js';

type Next = () => Promise<unknown>;
type Middleware = (ctx: KoaContext, next: Next) => unknown;
type Fn = (...args: any[]) => any;
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Koa's compose: each middleware runs the rest with `next()`. */
function compose(stack: readonly Middleware[]): (ctx: KoaContext) => Promise<unknown> {
  return (ctx) => {
    let last = -1;
    const dispatch = async (i: number): Promise<unknown> => {
      if (i <= last) throw new Error('next() called multiple times');
      last = i;
      const fn = stack[i];
      return fn ? fn(ctx, () => dispatch(i + 1)) : undefined;
    };
    return dispatch(0);
  };
}

/** A router's routes with their config: `createCoreRouter(...)` or `{ routes: [...] }`. */
function routesOf(value: unknown): RouterRoute[] {
  const routes = isRecord(value) ? value.routes : undefined;
  return Array.isArray(routes) ? (routes.filter((r) => isRecord(r)) as unknown as RouterRoute[]) : [];
}

/** `policies: ['is-owner', 'global::x', { name, config }, fn]` of a route of api `api`: `name` -> the api's, else the global one. */
function resolve(kind: 'policy' | 'middleware', entry: unknown, api: string, named: ReadonlyMap<string, Fn>, file: string): { fn: Fn; config: Record<string, unknown>; name: string } {
  if (typeof entry === 'function') return { fn: entry as Fn, config: {}, name: '(inline)' };
  const name = typeof entry === 'string' ? entry : isRecord(entry) && typeof entry.name === 'string' ? entry.name : undefined;
  const config = isRecord(entry) && isRecord(entry.config) ? entry.config : {};
  const candidates = name === undefined ? [] : name.includes('::') ? [name] : [`api::${api}.${name}`, `global::${name}`];
  for (const c of candidates) {
    const fn = named.get(c);
    if (fn) return { fn, config, name: c };
  }
  if (kind === 'policy' && (name === 'plugin::users-permissions.isAuthenticated' || name === 'global::is-authenticated')) {
    return { fn: (ctx: KoaContext) => ctx.state.user !== undefined, config, name };
  }
  const known = [...named.keys()].sort().join(', ') || 'none';
  throw new ProjectCodeError(`${file}: ${kind} ${JSON.stringify(name ?? entry)} not found (the project has: ${known})`);
}

/** Strapi's `ctx.state` for a caller: the user (with its role) for a JWT, the token for an API token. */
async function stateOf(actions: ActionContext, principal: Principal, route: KoaState['route']): Promise<KoaState> {
  if (principal.kind === 'user') {
    const user = await actions.repo.findOne({ kind: 'findOne', uid: USER_UID, id: principal.userId, populate: { role: {} }, publicationState: 'live' });
    return { user, auth: { strategy: { name: 'users-permissions' }, credentials: user }, isAuthenticated: true, route };
  }
  if (principal.kind === 'api-token') {
    const { accessKeyHash: _hash, ...token } = principal.token as unknown as Record<string, unknown>;
    return { auth: { strategy: { name: 'api-token' }, credentials: token }, isAuthenticated: true, route };
  }
  return { isAuthenticated: false, route };
}

export interface ProjectRoutesOptions {
  readonly openapi: OpenApiDocument;
}

/**
 * The routes of the project that run its code; the core routes that do not are left out (the REST
 * door serves them as it does without code).
 */
export function projectRoutes(project: LoadedProject, opts: ProjectRoutesOptions): RouteEntry[] {
  const { actions } = project;
  const model = actions.model;
  const declared = model.project?.routes ?? [];
  const prefix = model.config.rest.prefix.replace(/^\/+|\/+$/g, '');
  const full = (path: string) => `${prefix ? `/${prefix}` : ''}${path}`;

  // the routers' routes as the code declares them, config (and inline functions) included
  const configured = new Map<string, { route: RouterRoute; api: string; file: string }>();
  for (const router of project.routers) {
    for (const route of routesOf(router.value)) {
      const path = openApiPath(String(route.path));
      if (path === undefined || typeof route.method !== 'string') continue;
      const key = `${route.method.toLowerCase()} ${full(path)}`;
      if (!configured.has(key)) configured.set(key, { route, api: router.api, file: router.file });
    }
  }

  const entries: RouteEntry[] = [];
  for (const declaredRoute of declared) {
    const key = `${declaredRoute.method} ${declaredRoute.path}`;
    const found = configured.get(key);
    const config = isRecord(found?.route.config) ? found.route.config : {};
    const api = found?.api ?? declaredRoute.uid.slice('api::'.length).split('.')[0];
    const file = declaredRoute.file;
    const handler = found ? parseHandler(found.route.handler, api) : { uid: declaredRoute.uid, action: declaredRoute.action };
    if (!handler) continue;
    const controller = project.controller(handler.uid);
    if (!controller || typeof controller[handler.action] !== 'function') {
      throw new ProjectCodeError(`${file}: ${declaredRoute.method.toUpperCase()} ${declaredRoute.path}: handler ${handler.uid}.${handler.action} not found (no controller ${handler.uid} with an action ${handler.action})`);
    }
    const policies = (Array.isArray(config.policies) ? config.policies : []).map((p) => resolve('policy', p, api, project.policies, file));
    const middlewares = (Array.isArray(config.middlewares) ? config.middlewares : []).map((m) => resolve('middleware', m, api, project.middlewares, file));
    const isPublic = config.auth === false;
    const core = declaredRoute.core;
    const ownController = replaced(controller as Record<string | symbol, unknown>, handler.action);
    const ownService = controller[CORE as unknown as string] !== undefined && replaced(project.service(handler.uid) as Record<string | symbol, unknown>, handler.action === 'update' && model.contentTypes[handler.uid]?.kind === 'singleType' ? 'createOrUpdate' : handler.action);
    if (core && !isPublic && policies.length === 0 && middlewares.length === 0 && !ownController && !ownService) continue;

    const operation = opts.openapi.paths[declaredRoute.path]?.[declaredRoute.method];
    // quire's contract holds for what quire's own core actions answer, and for custom routes (undescribed)
    const operationId = !core || (!ownController && !ownService) ? operation?.operationId : undefined;
    const routeInfo: KoaState['route'] = {
      method: declaredRoute.method.toUpperCase(), path: found?.route.path ?? declaredRoute.path, handler: `${handler.uid}.${handler.action}`, config, info: { apiName: api, type: 'content-api' },
    };
    const strapi = project.strapi;
    const stack: Middleware[] = [];
    if (policies.length > 0) {
      stack.push(async (ctx, next) => {
        // Strapi's policy context: the Koa context, telling policies that serve REST and GraphQL which one it is
        const policyContext = new Proxy(ctx, { get: (t, prop, r) => (prop === 'type' ? 'koa' : prop === 'is' ? (k: string) => k === 'koa' : Reflect.get(t, prop, r)) });
        for (const p of policies) {
          let result: unknown;
          try {
            result = await p.fn(policyContext, p.config, { strapi });
          } catch (err) {
            // a PolicyError thrown is answered as a refusal too (Strapi 4.26.2: 403 Forbidden, its message dropped)
            if (err instanceof PolicyError) throw new ForbiddenError('Forbidden');
            throw err;
          }
          if (result !== true && result !== undefined) throw new ForbiddenError('Forbidden');
        }
        return next();
      });
    }
    for (const m of middlewares) stack.push(m.name === '(inline)' ? (m.fn as Middleware) : (m.fn(m.config, { strapi }) as Middleware));
    stack.push(async (ctx, next) => {
      const value = await (controller[handler.action] as Fn).call(controller, ctx, next);
      if ((ctx.body === undefined || ctx.body === null) && value !== undefined) ctx.body = value;
    });
    const run = compose(stack);
    const writes = ['post', 'put', 'patch'].includes(declaredRoute.method);
    const route: Route = {
      ...(operationId && { operationId }),
      authenticate: !isPublic,
      ...(!isPublic && { permission: [handler.uid, handler.action] as const }),
      query: 'raw',
      body: writes ? 'json' : 'none',
      async handle(r: HttpRequest) {
        const ctx = createKoaContext(r, await stateOf(actions, r.caller.principal, routeInfo));
        (ctx as unknown as Record<symbol, unknown>)[REQUEST] = r;
        await projectScope.run({ caller: r.caller, strapi }, () => run(ctx));
        return replyOf(ctx);
      },
    };
    entries.push({ methods: [declaredRoute.method.toUpperCase()], path: declaredRoute.path, route });
  }
  return entries;
}

