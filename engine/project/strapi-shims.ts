/**
 * engine/project: what `require('@strapi/strapi')` and `require('@strapi/utils')` give a project's
 * code under quire: the core factories (`createCoreRouter` as data, `createCoreController` /
 * `createCoreService` extending quire's core ones so `super.find(ctx)` works) and Strapi's error
 * classes. A member these shims do not have throws one line naming it.
 */
import { coreRouterRoutes, type CoreRouterOptions, type RouterRoute } from '../../compiler/model/project-code.js';
import type { NormalizedModel } from '../../compiler/model/types.js';
import { ProjectApiError } from './strapi-object.js';
import { strapiErrors } from './strapi-errors.js';

type Factory = (arg: { strapi: unknown }) => Record<string, unknown>;
type Config = Record<string, unknown> | ((arg: { strapi: unknown }) => Record<string, unknown>);

export interface ShimDeps {
  readonly model: NormalizedModel;
  /** quire's core service / controller of a content-type */
  coreService(uid: string): Record<string, unknown>;
  coreController(uid: string): Record<string, unknown>;
}

/** Strapi's factory pattern: the project's methods, the core ones under them (`super`), the missing ones copied in. */
function extend(base: Record<string, unknown>, cfg: Config | undefined, strapi: unknown): Record<string, unknown> {
  const own = typeof cfg === 'function' ? cfg({ strapi }) : { ...(cfg ?? {}) };
  for (const name of Object.keys(base)) if (own[name] === undefined) own[name] = base[name];
  Object.setPrototypeOf(own, base);
  return own;
}

function shim<T extends object>(name: string, value: T): T {
  return new Proxy(value, {
    get(t, prop, receiver) {
      if (typeof prop === 'symbol' || prop in t || prop === 'then' || prop === '__esModule' || prop === 'default') return Reflect.get(t, prop, receiver);
      throw new ProjectApiError(`require('${name}').${prop} is not provided by quire (it provides ${Object.keys(t).join(', ')})`);
    },
  });
}

/** A router `createCoreRouter` made: its routes with their config (inline policies and middlewares kept). */
export interface CoreRouter {
  readonly type: 'content-api';
  readonly prefix?: string;
  readonly routes: RouterRoute[];
}

export function strapiShims(deps: ShimDeps): Record<string, unknown> {
  const factories = {
    createCoreRouter(uid: string, options: CoreRouterOptions = {}): CoreRouter {
      const type = deps.model.contentTypes[uid];
      if (!type) throw new ProjectApiError(`createCoreRouter('${uid}'): no such content-type`);
      return { type: 'content-api', prefix: options.prefix, routes: coreRouterRoutes(type, options) };
    },
    createCoreController: (uid: string, cfg?: Config): Factory => ({ strapi }) => extend(deps.coreController(uid), cfg, strapi),
    createCoreService: (uid: string, cfg?: Config): Factory => ({ strapi }) => extend(deps.coreService(uid), cfg, strapi),
  };
  return {
    '@strapi/strapi': shim('@strapi/strapi', { factories, ...factories }),
    '@strapi/utils': shim('@strapi/utils', { errors: strapiErrors }),
  };
}
