/**
 * engine/graphql: the extension module of the spec (plugins.json `graphql.config.extension`), copied
 * by `quire build` into the artifacts as graphql-extension.mjs. Its typeDefs are already in
 * schema.graphql; here its resolvers and resolversConfig are loaded and checked once at boot, so a
 * bad extension stops the server with a clear message instead of failing requests.
 *   export default { typeDefs, resolvers, resolversConfig }   or   export default ({ env }) => ({ ... })
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { GraphQLResolveInfo } from 'graphql';
import type { IResolvers } from '@graphql-tools/utils';
import type { NormalizedModel } from '../../compiler/model/types.js';
import type { Principal } from '../auth/permissions.js';
import type { GraphqlContext } from './graphql-context.js';

export const EXTENSION_FILE = 'graphql-extension.mjs';

export type FieldResolver = (parent: any, args: any, context: GraphqlContext, info: GraphQLResolveInfo) => unknown;

/** What a policy receives (Strapi's policy context, without Koa). */
export interface PolicyContext {
  parent: unknown;
  args: Record<string, unknown>;
  context: GraphqlContext;
  info: GraphQLResolveInfo;
  principal: Principal;
  http: GraphqlContext['http'];
}

/** true lets the request through; anything else is a ForbiddenError "Policy Failed". */
export type Policy = (context: PolicyContext, server: { model: NormalizedModel }) => boolean | Promise<boolean>;
export type Middleware = (next: FieldResolver, parent: any, args: any, context: GraphqlContext, info: GraphQLResolveInfo) => unknown;

export interface ResolverConfig {
  /** false: no authorization; `{ scope: ['api::article.article.find'] }`: every listed permission */
  auth?: false | { scope: string[] };
  policies?: Policy[];
  middlewares?: Middleware[];
}

export interface GraphqlExtension {
  typeDefs?: string;
  resolvers?: IResolvers;
  /** keyed `Type.field`: `Query.articles`, `Mutation.createArticle`, `Article.title` */
  resolversConfig?: Record<string, ResolverConfig>;
}

export class ExtensionError extends Error {}

/** The `env` helper Strapi gives config functions (same rules as compiler/load/strapi-env.ts). */
export function extensionEnv(vars: NodeJS.ProcessEnv = process.env) {
  const has = (k: string) => Object.prototype.hasOwnProperty.call(vars, k) && vars[k] !== undefined;
  const env = (key: string, fallback?: unknown) => (has(key) ? vars[key] : fallback);
  return Object.assign(env, {
    int: (k: string, d?: unknown) => (has(k) ? parseInt(vars[k] as string, 10) : d),
    float: (k: string, d?: unknown) => (has(k) ? parseFloat(vars[k] as string) : d),
    bool: (k: string, d?: unknown) => (has(k) ? vars[k] === 'true' : d),
    json: (k: string, d?: unknown) => (has(k) ? JSON.parse(vars[k] as string) : d),
  });
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function checkConfig(key: string, raw: unknown): ResolverConfig {
  const fail = (what: string) => new ExtensionError(`${EXTENSION_FILE}: resolversConfig["${key}"]: ${what}`);
  if (!isObject(raw)) throw fail('must be an object');
  const { auth, policies, middlewares } = raw;
  if (auth !== undefined && auth !== false && !(isObject(auth) && Array.isArray(auth.scope) && auth.scope.every((s) => typeof s === 'string' && s.lastIndexOf('.') > 0))) {
    throw fail('auth must be false or { scope: ["<uid>.<action>", ...] }');
  }
  for (const [name, list] of [['policies', policies], ['middlewares', middlewares]] as const) {
    if (list !== undefined && !(Array.isArray(list) && list.every((f) => typeof f === 'function'))) {
      throw fail(`${name} must be an array of functions (registered ${name} by name are not supported)`);
    }
  }
  return raw as ResolverConfig;
}

/** Check the shape of what the module exported. */
export function checkExtension(value: unknown): GraphqlExtension {
  if (!isObject(value)) throw new ExtensionError(`${EXTENSION_FILE}: the default export must be an object or a function returning one`);
  if (value.typeDefs !== undefined && typeof value.typeDefs !== 'string') throw new ExtensionError(`${EXTENSION_FILE}: typeDefs must be a string of SDL`);
  if (value.resolvers !== undefined && !isObject(value.resolvers)) throw new ExtensionError(`${EXTENSION_FILE}: resolvers must be an object keyed by type name`);
  if (value.resolversConfig !== undefined && !isObject(value.resolversConfig)) throw new ExtensionError(`${EXTENSION_FILE}: resolversConfig must be an object keyed by "Type.field"`);
  const resolversConfig = Object.fromEntries(Object.entries((value.resolversConfig as Record<string, unknown>) ?? {}).map(([k, v]) => [k, checkConfig(k, v)]));
  return { ...(value as GraphqlExtension), resolversConfig };
}

/** Load the artifacts' extension when the model names one; undefined otherwise. */
export async function loadExtension(artifactsDir: string, model: NormalizedModel): Promise<GraphqlExtension | undefined> {
  if (!model.config.graphql.extension) return undefined;
  const file = join(artifactsDir, EXTENSION_FILE);
  if (!existsSync(file)) throw new ExtensionError(`${file} not found: the model names a GraphQL extension; rebuild the artifacts`);
  const mod = (await import(pathToFileURL(file).href)) as { default?: unknown };
  const exported = mod.default;
  const value = typeof exported === 'function' ? await (exported as (c: unknown) => unknown)({ env: extensionEnv() }) : exported;
  return checkExtension(value);
}
