/**
 * compiler/model: what the artifacts record of a Strapi project's own code, and the routes Strapi's
 * core router makes. Shared by the compiler (which reads the project's routers to publish their
 * routes) and the engine (which runs them): plain data and pure functions, no I/O.
 */

/** The file of the artifacts dir that holds the project's code, bundled by `quire build`. */
export const PROJECT_CODE_FILE = 'project-code.cjs';

/** One Content API route of the project, as its routers declare it. */
export interface ProjectRoute {
  /** lower-case HTTP method: `get`, `post`, `put`, `delete`, `patch` */
  readonly method: string;
  /** the full path in OpenAPI form, prefix included: `/api/articles/by-slug/{slug}` */
  readonly path: string;
  /** the controller: `api::article.article` (a content-type uid, or `api::<api>.<controller>`) */
  readonly uid: string;
  /** the controller's action: `find`, `findBySlug` */
  readonly action: string;
  /** made by `createCoreRouter` (or written out exactly as it would make it) */
  readonly core: boolean;
  /** `config.auth === false`: no credentials are read, no permission is checked */
  readonly public: boolean;
  /** the router file, relative to the project root: `src/api/article/routes/custom.js` */
  readonly file: string;
}

/** A use of `strapi.<api>` that quire does not provide, found when the code was read. */
export interface UnsupportedApi {
  /** `src/index.js:12` */
  readonly at: string;
  /** `strapi.store` */
  readonly api: string;
}

export interface ProjectCode {
  /** the bundle's file name in the artifacts dir */
  readonly file: string;
  /** every Content API route of the project's `api` content-types and custom routers, sorted by path then method */
  readonly routes: readonly ProjectRoute[];
  /** what the code calls that quire does not provide: `quire serve` refuses to start and names each */
  readonly unsupported: readonly UnsupportedApi[];
}

/** The actions of Strapi's core controllers. */
export const CORE_ACTIONS = ['find', 'findOne', 'create', 'update', 'delete'] as const;

/** A content-type as the core router needs it. */
export interface RoutedType {
  readonly uid: string;
  readonly kind: 'collectionType' | 'singleType';
  readonly singularName: string;
  readonly pluralName: string;
}

/** A route as a Strapi router file declares it (`config` may hold functions: inline policies and middlewares). */
export interface RouterRoute {
  readonly method: string;
  /** Koa form: `/articles/:id` */
  readonly path: string;
  /** `api::article.article.find`, or `article.findBySlug` (controller of the router's api) */
  readonly handler: string;
  readonly config?: Readonly<Record<string, unknown>>;
}

export interface CoreRouterOptions {
  readonly prefix?: string;
  readonly only?: readonly string[];
  readonly except?: readonly string[];
  /** per action: `{ auth: false, policies: [...], middlewares: [...] }` */
  readonly config?: Readonly<Record<string, Readonly<Record<string, unknown>> | undefined>>;
}

/**
 * The routes `createCoreRouter(uid, options)` makes, in Strapi v4's order.
 *   coreRouterRoutes({ uid: 'api::article.article', kind: 'collectionType', pluralName: 'articles', ... }, { only: ['find'] })
 *   -> [{ method: 'GET', path: '/articles', handler: 'api::article.article.find', config: {} }]
 */
export function coreRouterRoutes(type: RoutedType, options: CoreRouterOptions = {}): RouterRoute[] {
  const single = type.kind === 'singleType';
  const base = `/${single ? type.singularName : type.pluralName}`;
  const all: [string, string, string][] = single
    ? [['find', 'GET', base], ['update', 'PUT', base], ['delete', 'DELETE', base]]
    : [['find', 'GET', base], ['findOne', 'GET', `${base}/:id`], ['create', 'POST', base], ['update', 'PUT', `${base}/:id`], ['delete', 'DELETE', `${base}/:id`]];
  const prefix = options.prefix ?? '';
  return all
    .filter(([action]) => (!options.only || options.only.includes(action)) && !(options.except ?? []).includes(action))
    .map(([action, method, path]) => ({ method, path: `${prefix}${path}`, handler: `${type.uid}.${action}`, config: options.config?.[action] ?? {} }));
}

/**
 * A route handler -> the controller uid and action. `api` is the api whose router declared it.
 *   parseHandler('article.findBySlug', 'article') -> { uid: 'api::article.article', action: 'findBySlug' }
 *   parseHandler('api::blog.post.find', 'blog') -> { uid: 'api::blog.post', action: 'find' }
 */
export function parseHandler(handler: string, api: string): { uid: string; action: string } | undefined {
  const full = /^(api::[\w-]+\.[\w-]+)\.([A-Za-z_$][\w$]*)$/.exec(handler);
  if (full) return { uid: full[1], action: full[2] };
  const short = /^([\w-]+)\.([A-Za-z_$][\w$]*)$/.exec(handler);
  if (short) return { uid: `api::${api}.${short[1]}`, action: short[2] };
  return undefined;
}

/** `/articles/:id/like` -> `/articles/{id}/like` (a Koa path in OpenAPI form); `(.*)` and regexps are refused (undefined). */
export function openApiPath(koaPath: string): string | undefined {
  const segments = koaPath.split('/');
  const out: string[] = [];
  for (const seg of segments) {
    const param = /^:([A-Za-z_][\w]*)$/.exec(seg);
    if (param) out.push(`{${param[1]}}`);
    else if (/^[\w.~-]*$/.test(seg)) out.push(seg);
    else return undefined;
  }
  return out.join('/').replace(/\/+$/, '') || '/';
}
