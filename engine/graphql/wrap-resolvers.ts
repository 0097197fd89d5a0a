/**
 * engine/graphql: authorization, policies and middlewares around field resolvers, in Strapi's order:
 * auth check, then each middleware (next, parent, args, context, info), then the policies, then the
 * resolver. Every Query/Mutation field is checked: shadowCRUD operations need `<uid>.<action>` (as in
 * REST), register/login/me the permission of their REST route (users-resolvers.ts), other root fields
 * an authenticated requester unless resolversConfig says otherwise.
 * Other fields are wrapped only when resolversConfig names them. Mutates the schema once, at boot.
 */
import { defaultFieldResolver, isObjectType, type GraphQLSchema } from 'graphql';
import type { NormalizedModel } from '../../compiler/model/types.js';
import type { Permissions } from '../auth/permissions.js';
import { ForbiddenError, messages } from '../errors/index.js';
import { ExtensionError, type FieldResolver, type ResolverConfig } from './extension.js';
import type { GraphqlContext } from './graphql-context.js';
import type { TypeIndex } from './type-index.js';
import { USERS_FIELDS } from './users-resolvers.js';

/** `undefined`: any authenticated requester; `false`: anyone; a list: every permission in it. */
type Scope = readonly string[] | undefined | false;

function authorize(permissions: Permissions, ctx: GraphqlContext, scope: Scope): void {
  if (scope === false) return;
  if (scope === undefined || scope.length === 0) {
    if (ctx.principal.kind === 'public') throw new ForbiddenError(messages.graphqlForbidden());
    return;
  }
  for (const permission of scope) {
    const dot = permission.lastIndexOf('.');
    if (!permissions.can(ctx.principal, permission.slice(0, dot), permission.slice(dot + 1))) throw new ForbiddenError(messages.graphqlForbidden());
  }
}

function wrap(base: FieldResolver, scope: Scope | null, config: ResolverConfig | undefined, permissions: Permissions, model: NormalizedModel): FieldResolver {
  const middlewares = config?.middlewares ?? [];
  const policies = config?.policies ?? [];
  const guarded: FieldResolver = policies.length === 0
    ? base
    : async (parent, args, context, info) => {
        for (const policy of policies) {
          const ok = await policy({ parent, args, context, info, principal: context.principal, http: context.http }, { model });
          if (ok !== true) throw new ForbiddenError('Policy Failed');
        }
        return base(parent, args, context, info);
      };
  const run = (i: number): FieldResolver =>
    i < middlewares.length ? (parent, args, context, info) => middlewares[i](run(i + 1), parent, args, context, info) : guarded;
  const chain = run(0);
  if (scope === null) return chain;
  return (parent, args, context, info) => {
    authorize(permissions, context, scope);
    return chain(parent, args, context, info);
  };
}

/**
 * Wrap the resolvers of `schema` in place.
 *   resolversConfig { 'Query.articles': { auth: false } } -> articles readable without any permission
 */
export function wrapResolvers(schema: GraphQLSchema, index: TypeIndex, resolversConfig: Record<string, ResolverConfig>, permissions: Permissions, model: NormalizedModel): void {
  for (const key of Object.keys(resolversConfig)) {
    const [typeName, fieldName, ...rest] = key.split('.');
    const type = schema.getType(typeName);
    if (rest.length > 0 || !isObjectType(type) || !type.getFields()[fieldName]) {
      throw new ExtensionError(`resolversConfig["${key}"]: no such field in the schema (expected "Type.field")`);
    }
  }
  const roots = new Set([schema.getQueryType()?.name, schema.getMutationType()?.name].filter(Boolean));
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    const root = roots.has(type.name);
    for (const field of Object.values(type.getFields())) {
      const key = `${type.name}.${field.name}`;
      const config = resolversConfig[key];
      if (!root && !config) continue;
      const op = index.operations.get(key);
      let scope: Scope | null = root ? (op ? [op.permission ?? `${op.uid}.${op.action}`] : USERS_FIELDS[key]?.scope) : null;
      if (config?.auth === false) scope = false;
      else if (config?.auth) scope = config.auth.scope;
      field.resolve = wrap((field.resolve ?? defaultFieldResolver) as FieldResolver, scope, config, permissions, model);
    }
  }
}
