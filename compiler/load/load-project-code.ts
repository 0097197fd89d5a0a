/**
 * compiler/load: a Strapi v4 project root's own code -> RawProjectCode: the bundle for the artifacts
 * (bundle-project-code.ts), the routers as data (the bundle is loaded once with stand-ins for Strapi's
 * factories and only the route files are required: no controller, service or hook runs at build time),
 * and the `strapi.*` uses quire does not provide. Undefined for a project without code of its own.
 * Problems are collected, never thrown.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { compileFunction } from 'node:vm';
import { DefinitionError } from '../errors.js';
import { PROJECT_CODE_FILE, type UnsupportedApi } from '../model/project-code.js';
import { bundleProjectCode, configModules, hasOwnCode, projectModules, type ProjectModule } from './bundle-project-code.js';
import { scanApiUses } from './scan-api-uses.js';

/** A route of a custom router, as written (Koa path, handler string). */
export interface RawRoute {
  readonly method: string;
  readonly path: string;
  readonly handler: string;
  /** `config.auth === false` */
  readonly public: boolean;
}

/** One router file: `createCoreRouter(uid, options)` or a list of routes. */
export interface RawRouter {
  /** relative to the project root */
  readonly file: string;
  readonly api: string;
  readonly core?: { readonly uid: string; readonly prefix?: string; readonly only?: string[]; readonly except?: string[]; readonly publicActions: string[] };
  readonly routes?: readonly RawRoute[];
}

export interface RawProjectCode {
  /** the bundle, written into the artifacts as project-code.cjs */
  readonly source: string;
  readonly routers: readonly RawRouter[];
  readonly unsupported: readonly UnsupportedApi[];
}

const CORE_ROUTER = Symbol('quire core router');
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const unwrap = (m: unknown): unknown => (isRecord(m) && 'default' in m && Object.keys(m).every((k) => k === 'default' || k === '__esModule') ? m.default : m);
const strings = (v: unknown): string[] | undefined => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : undefined);

/** What the route files see of `@strapi/strapi` at build time: the core router as data, the other factories inert. */
const BUILD_SHIMS = {
  '@strapi/strapi': {
    factories: {
      createCoreRouter: (uid: string, options: unknown = {}) => ({ [CORE_ROUTER]: { uid, options } }),
      createCoreController: () => () => ({}),
      createCoreService: () => () => ({}),
    },
  },
  '@strapi/utils': {},
};

type Registry = Record<string, () => unknown>;

function loadRegistry(root: string, source: string): Registry {
  const fn = compileFunction(source, ['exports', 'require', 'module', '__filename', '__dirname'], { filename: join(root, PROJECT_CODE_FILE) });
  const mod: { exports: unknown } = { exports: {} };
  fn(mod.exports, createRequire(join(root, 'package.json')), mod, join(root, PROJECT_CODE_FILE), root);
  return (mod.exports as (shims: unknown) => Registry)(BUILD_SHIMS);
}

function readRouter(file: string, api: string, exported: unknown): RawRouter | string {
  const value = unwrap(exported);
  if (isRecord(value) && CORE_ROUTER in value) {
    const { uid, options } = (value as unknown as Record<symbol, { uid: string; options: unknown }>)[CORE_ROUTER];
    const o = isRecord(options) ? options : {};
    const config = isRecord(o.config) ? o.config : {};
    const publicActions = Object.entries(config).filter(([, c]) => isRecord(c) && c.auth === false).map(([a]) => a).sort();
    return { file, api, core: { uid, ...(typeof o.prefix === 'string' && { prefix: o.prefix }), ...(strings(o.only) && { only: strings(o.only) }), ...(strings(o.except) && { except: strings(o.except) }), publicActions } };
  }
  const routes = isRecord(value) ? value.routes : undefined;
  if (!Array.isArray(routes)) return 'a router exports createCoreRouter(...) or { routes: [...] }';
  if (isRecord(value) && value.type === 'admin') return { file, api, routes: [] };
  const out: RawRoute[] = [];
  for (const [i, r] of routes.entries()) {
    if (!isRecord(r) || typeof r.method !== 'string' || typeof r.path !== 'string' || typeof r.handler !== 'string') {
      return `routes[${i}] needs a method, a path and a handler string ('<controller>.<action>')`;
    }
    const config = isRecord(r.config) ? r.config : {};
    out.push({ method: r.method.toUpperCase(), path: r.path, handler: r.handler, public: config.auth === false });
  }
  return { file, api, routes: out };
}

/** The project's code under `root`, or undefined when it has none of its own. */
export async function loadProjectCode(root: string, problems: DefinitionError[]): Promise<RawProjectCode | undefined> {
  const modules = projectModules(root);
  if (!hasOwnCode(root, modules)) return undefined;
  const bundled = await bundleProjectCode(root, [...modules, ...configModules(root)]);
  if ('problems' in bundled) {
    problems.push(...bundled.problems);
    return undefined;
  }
  const unsupported: UnsupportedApi[] = [];
  for (const file of bundled.files.filter((f) => !f.startsWith('config/'))) {
    try {
      unsupported.push(...scanApiUses(file, readFileSync(join(root, file), 'utf8')));
    } catch (err) {
      problems.push(new DefinitionError(file, '', `cannot parse: ${(err as Error).message}`));
    }
  }
  let registry: Registry;
  try {
    registry = loadRegistry(root, bundled.source);
  } catch (err) {
    problems.push(new DefinitionError(PROJECT_CODE_FILE, '', `cannot load the bundled code: ${(err as Error).message.split('\n')[0]}`));
    return undefined;
  }
  const routers: RawRouter[] = [];
  for (const m of modules.filter((x: ProjectModule) => /^src\/api\/[^/]+\/routes\//.test(x.file))) {
    const api = m.file.split('/')[2];
    let router: RawRouter | string;
    try {
      router = readRouter(m.file, api, registry[m.key]());
    } catch (err) {
      router = `cannot load: ${(err as Error).message.split('\n')[0]}`;
    }
    if (typeof router === 'string') problems.push(new DefinitionError(m.file, '', router));
    else routers.push(router);
  }
  return { source: bundled.source, routers, unsupported };
}
