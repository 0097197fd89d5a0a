/**
 * engine/project: boot a project's code from the artifacts (model.json's `project`, the bundle
 * project-code.cjs): refuse to start on a `strapi.*` use quire does not provide (one line each, with
 * the file), require every module (so a module that fails to load stops the start, not a request),
 * then build the `strapi` object, the services and controllers (the project's, else quire's core
 * ones), the named policies and middlewares, the lifecycle hooks of the action layer, and run
 * `register`. `bootstrap` runs once the routes are bound. A project without code loads nothing.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { BaseLogger as Logger } from 'pino';
import { supportedApis } from '../../compiler/model/strapi-api.js';
import type { ActionContext } from '../actions/action-context.js';
import type { ActionHooks, HookAction, HookCall } from '../actions/action-hooks.js';
import { extensionEnv } from '../graphql/extension.js';
import type { RestDoor } from '../http/rest/content-routes.js';
import type { ParsedQuery } from '../request/index.js';
import { coreController, coreService } from './core-api.js';
import { projectScope } from './entity-service.js';
import { createStrapi, strapiContentType } from './strapi-object.js';
import { strapiShims } from './strapi-shims.js';

export class ProjectCodeError extends Error {
  override readonly name = 'ProjectCodeError';
}

type Module = unknown;
type Fn = (...args: any[]) => any;
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const unwrap = (m: unknown): unknown => (isRecord(m) && 'default' in m && Object.keys(m).every((k) => k === 'default' || k === '__esModule') ? m.default : m);

export interface LoadedProject {
  readonly strapi: Record<string, unknown>;
  /** the action layer with the project's lifecycle hooks: every door (and the project's own calls) goes through it */
  readonly actions: ActionContext;
  /** the REST door over those actions */
  readonly door: RestDoor;
  /** router modules by file (`src/api/page/routes/page.js`) with their api */
  readonly routers: readonly { file: string; api: string; value: unknown }[];
  /** `api::page.page-populate-middleware`, `global::cache` -> the factory `(config, { strapi }) => (ctx, next) => ...` */
  readonly middlewares: ReadonlyMap<string, Fn>;
  /** `api::article.is-owner`, `global::is-admin` -> `(policyContext, config, { strapi }) => boolean` */
  readonly policies: ReadonlyMap<string, Fn>;
  controller(uid: string): Record<string, unknown> | undefined;
  service(uid: string): Record<string, unknown> | undefined;
  bootstrap(): Promise<void>;
}

export interface ProjectOptions {
  readonly log: Logger;
  /** the REST door over an action context (the project's, with its hooks) */
  door(actions: ActionContext): RestDoor;
  /** `ctx.query` -> ParsedQuery, as the lifecycle parses a query string */
  parse(raw: Record<string, unknown>): ParsedQuery;
}

/** Strapi's config files: a function of `{ env }` or an object; `env.array` as Strapi has it. */
function evaluateConfig(modules: Record<string, Module>): Record<string, unknown> {
  const base = extensionEnv();
  const env = Object.assign((k: string, d?: unknown) => base(k, d), base, {
    array: (k: string, d?: unknown) => (process.env[k] === undefined ? d : String(process.env[k]).replace(/^\[|\]$/g, '').split(',').map((s) => s.trim().replace(/^"|"$/g, ''))),
  });
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(modules)) out[name] = typeof value === 'function' ? (value as Fn)({ env }) : value;
  return out;
}

/** the app whose code was loaded last: the global `strapi` outside any request or hook */
let lastLoaded: Record<string, unknown> | undefined;

/**
 * Strapi's global `strapi`, which project code uses as much as the `{ strapi }` it is handed. Inside a
 * request or a lifecycle hook it is that app's (several apps may share a process: tests, tools).
 */
function exposeGlobal(strapi: Record<string, unknown>): void {
  lastLoaded = strapi;
  if (Object.getOwnPropertyDescriptor(globalThis, 'strapi')?.get) return;
  Object.defineProperty(globalThis, 'strapi', { configurable: true, get: () => projectScope.getStore()?.strapi ?? lastLoaded });
}

const LIFECYCLE_NAMES: Record<HookAction, string> = { create: 'Create', update: 'Update', delete: 'Delete', findMany: 'FindMany', findOne: 'FindOne', count: 'Count' };

/** Load the project's code of an artifacts dir; undefined when the model records none. */
export async function loadProject(artifactsDir: string, base: ActionContext, opts: ProjectOptions): Promise<LoadedProject | undefined> {
  const { model } = base;
  const project = model.project;
  if (!project) return undefined;
  if (project.unsupported.length > 0) {
    throw new ProjectCodeError(project.unsupported.map((u) => `${u.at}: ${u.api} is not provided by quire (quire provides ${supportedApis()})`).join('\n'));
  }
  const file = join(artifactsDir, project.file);
  let load: (shims: unknown) => Record<string, () => Module>;
  try {
    load = createRequire(import.meta.url)(file) as typeof load;
  } catch (err) {
    throw new ProjectCodeError(`${file}: cannot load the project's code (${(err as Error).message.split('\n')[0]}); rebuild the artifacts`);
  }

  const lifecycles = new Map<string, Record<string, unknown>>();
  const hooks: ActionHooks = {
    has(uid, action) {
      const l = lifecycles.get(uid);
      return l !== undefined && (typeof l[`before${LIFECYCLE_NAMES[action]}`] === 'function' || typeof l[`after${LIFECYCLE_NAMES[action]}`] === 'function');
    },
    async run(phase, uid, action, call: HookCall) {
      const name = `${phase}${LIFECYCLE_NAMES[action]}`;
      const hook = lifecycles.get(uid)?.[name];
      if (typeof hook !== 'function') return;
      const event: Record<string, unknown> = { action: name, model: strapiContentType(model, uid), params: call.params, state: call.state, ...(phase === 'after' && { result: call.result }) };
      await projectScope.run({ ...projectScope.getStore(), repo: call.repo, strapi }, () => (hook as Fn).call(lifecycles.get(uid), event));
      if (event.params !== call.params && isRecord(event.params)) Object.assign(call.params, event.params);
    },
  };

  const actions: ActionContext = { ...base, hooks };
  const door = opts.door(actions);
  const services = new Map<string, Record<string, unknown>>();
  const controllers = new Map<string, Record<string, unknown>>();
  const serviceFactories = new Map<string, Module>();
  const controllerFactories = new Map<string, Module>();
  let strapi: Record<string, unknown> = {};
  const deps = {
    actions,
    door,
    parse: opts.parse,
    service: (uid: string) => serviceOf(uid),
  };
  const instantiate = (factory: Module): Record<string, unknown> => {
    const value = typeof factory === 'function' ? (factory as Fn)({ strapi }) : factory;
    return isRecord(value) ? value : {};
  };
  const serviceOf = (uid: string): Record<string, unknown> | undefined => {
    let s = services.get(uid);
    if (s) return s;
    const factory = serviceFactories.get(uid);
    if (factory !== undefined) s = instantiate(factory);
    else if (model.contentTypes[uid]?.namespace === 'api') s = coreService(deps, uid);
    if (s) services.set(uid, s);
    return s;
  };
  const controllerOf = (uid: string): Record<string, unknown> | undefined => {
    let c = controllers.get(uid);
    if (c) return c;
    const factory = controllerFactories.get(uid);
    if (factory !== undefined) c = instantiate(factory);
    else if (model.contentTypes[uid]?.namespace === 'api') c = coreController(deps, uid);
    if (c) controllers.set(uid, c);
    return c;
  };

  const registry = load(strapiShims({ model, coreService: (uid) => coreService(deps, uid), coreController: (uid) => coreController(deps, uid) }));
  const modules = new Map<string, Module>();
  for (const [key, require] of Object.entries(registry)) {
    try {
      modules.set(key, unwrap(require()));
    } catch (err) {
      throw new ProjectCodeError(`${key}: cannot load (${(err as Error).message.split('\n')[0]})`);
    }
  }

  const routers: { file: string; api: string; value: unknown }[] = [];
  const middlewares = new Map<string, Fn>();
  const policies = new Map<string, Fn>();
  const configModules: Record<string, Module> = {};
  let index: Record<string, unknown> = {};
  for (const [key, value] of modules) {
    const parts = key.split('/');
    const [, top, api, folder, name] = parts;
    if (parts[0] === 'config') configModules[parts[1]] = value;
    else if (key === 'src/index') index = isRecord(value) ? value : {};
    else if (top === 'middlewares' || top === 'policies') (top === 'middlewares' ? middlewares : policies).set(`global::${parts[2]}`, value as Fn);
    else if (top === 'api' && folder === 'routes') routers.push({ file: key, api, value });
    else if (top === 'api' && folder === 'controllers') controllerFactories.set(`api::${api}.${name}`, value);
    else if (top === 'api' && folder === 'services') serviceFactories.set(`api::${api}.${name}`, value);
    else if (top === 'api' && folder === 'middlewares') middlewares.set(`api::${api}.${name}`, value as Fn);
    else if (top === 'api' && folder === 'policies') policies.set(`api::${api}.${name}`, value as Fn);
    else if (top === 'api' && folder === 'content-types' && isRecord(value)) lifecycles.set(`api::${api}.${name}`, value);
  }

  let config: Record<string, unknown>;
  try {
    config = evaluateConfig(configModules);
  } catch (err) {
    throw new ProjectCodeError(`config: cannot evaluate (${(err as Error).message.split('\n')[0]})`);
  }
  config.api = { ...(isRecord(config.api) ? config.api : {}), rest: { ...model.config.rest } };
  strapi = createStrapi({ actions, log: opts.log, config, service: serviceOf, controller: controllerOf });
  exposeGlobal(strapi);

  const register = index.register;
  if (typeof register === 'function') {
    try {
      await projectScope.run({ strapi }, () => (register as Fn)({ strapi }));
    } catch (err) {
      throw new ProjectCodeError(`src/index: register failed: ${(err as Error).message.split('\n')[0]}`);
    }
  }

  return {
    strapi,
    actions,
    door,
    routers,
    middlewares,
    policies,
    controller: controllerOf,
    service: serviceOf,
    async bootstrap() {
      const bootstrap = index.bootstrap;
      if (typeof bootstrap !== 'function') return;
      try {
        await projectScope.run({ strapi }, () => (bootstrap as Fn)({ strapi }));
      } catch (err) {
        throw new ProjectCodeError(`src/index: bootstrap failed: ${(err as Error).message.split('\n')[0]}`);
      }
    },
  };
}
