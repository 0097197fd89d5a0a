/**
 * compiler/normalize: the project's routers (read by load/load-project-code.ts) -> ProjectCode for
 * model.json: every Content API route with its full path, controller uid and action. An api with
 * router files gets exactly the routes they declare (Strapi's `only` / `except` honoured); an api
 * without any keeps every core route, as quire serves a spec without code. Pure.
 */
import { DefinitionError, DefinitionWarning } from '../errors.js';
import type { RawProjectCode } from '../load/load-project-code.js';
import { coreRouterRoutes, openApiPath, parseHandler, PROJECT_CODE_FILE, type ProjectCode, type ProjectRoute } from '../model/project-code.js';
import type { ContentType, NormalizedModel } from '../model/types.js';

const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);

const prefixOf = (model: NormalizedModel): string => {
  const trimmed = model.config.rest.prefix.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '' : `/${trimmed}`;
};

const apiOf = (uid: string) => uid.slice('api::'.length).split('.')[0];

/** `{ project, problems, warnings }`: the problems stop the build, the warnings are printed. */
export function projectRoutes(raw: RawProjectCode, model: NormalizedModel): { project: ProjectCode; problems: DefinitionError[]; warnings: DefinitionWarning[] } {
  const problems: DefinitionError[] = [];
  const warnings: DefinitionWarning[] = [];
  const prefix = prefixOf(model);
  const apiTypes = Object.values(model.contentTypes).filter((t) => t.namespace === 'api');
  const routed = new Set(raw.routers.map((r) => r.api));
  const routes: ProjectRoute[] = [];
  const claimed = new Map<string, string>();
  const add = (route: ProjectRoute) => {
    const key = `${route.method} ${route.path}`;
    const first = claimed.get(key);
    if (first !== undefined) {
      warnings.push(new DefinitionWarning(route.file, '', `${route.method.toUpperCase()} ${route.path} is already declared by ${first}; the first declaration is served, as Strapi's router does`));
      return;
    }
    claimed.set(key, route.file);
    routes.push(route);
  };
  const coreRoutes = (type: ContentType, options: Parameters<typeof coreRouterRoutes>[1]) => coreRouterRoutes(type, options);
  const isCorePath = (type: ContentType, method: string, path: string, action: string) =>
    coreRoutes(type, {}).some((r) => r.method === method && r.path === path && r.handler === `${type.uid}.${action}`);

  for (const router of raw.routers) {
    if (router.core) {
      const type = model.contentTypes[router.core.uid];
      if (!type || type.namespace !== 'api') {
        problems.push(new DefinitionError(router.file, '', `createCoreRouter('${router.core.uid}'): no such content-type`));
        continue;
      }
      for (const r of coreRoutes(type, router.core)) {
        const action = r.handler.slice(type.uid.length + 1);
        add({ method: r.method.toLowerCase(), path: `${prefix}${openApiPath(r.path)}`, uid: type.uid, action, core: true, public: router.core.publicActions.includes(action), file: router.file });
      }
      continue;
    }
    for (const r of router.routes ?? []) {
      const handler = parseHandler(r.handler, router.api);
      const path = openApiPath(r.path);
      if (!METHODS.has(r.method)) problems.push(new DefinitionError(router.file, '', `${r.method} ${r.path}: method must be GET, POST, PUT, DELETE or PATCH`));
      else if (!handler) problems.push(new DefinitionError(router.file, '', `${r.method} ${r.path}: handler "${r.handler}" must be '<controller>.<action>' or '<uid>.<action>'`));
      else if (path === undefined) problems.push(new DefinitionError(router.file, '', `${r.method} ${r.path}: quire serves paths of static segments and :params only`));
      else {
        const type = model.contentTypes[handler.uid];
        const core = type !== undefined && type.namespace === 'api' && isCorePath(type, r.method, r.path, handler.action);
        add({ method: r.method.toLowerCase(), path: `${prefix}${path}`, uid: handler.uid, action: handler.action, core, public: r.public, file: router.file });
      }
    }
  }
  for (const type of apiTypes) {
    if (routed.has(apiOf(type.uid))) continue;
    for (const r of coreRoutes(type, {})) {
      add({ method: r.method.toLowerCase(), path: `${prefix}${openApiPath(r.path)}`, uid: type.uid, action: r.handler.slice(type.uid.length + 1), core: true, public: false, file: `src/api/${apiOf(type.uid)}` });
    }
  }
  routes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.method < b.method ? -1 : a.method > b.method ? 1 : 0));
  return { project: { file: PROJECT_CODE_FILE, routes, unsupported: [...raw.unsupported] }, problems, warnings };
}
