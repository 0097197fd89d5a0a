/**
 * engine/graphql: the users-permissions root fields quire serves, `register(input)`, `login(input)`
 * and `me`, on the same UsersService as REST (auth/users-service.ts: input checks with Strapi's
 * wording, rate limits per client IP and identifier, JWTs). Each names the permission it needs, the
 * one its REST route needs (wrap-resolvers.ts checks it): register `auth.register`, login
 * `auth.callback`, me `user.me` plus a JWT user (the service answers 401 'Unauthorized' otherwise).
 * Strapi's GraphQL skips the role check for register/login (`auth: false`); quire keeps one rule for
 * both front doors, so a role without `auth.register` cannot register over GraphQL either.
 */
import type { GraphQLFieldResolver } from 'graphql';
import { AUTH_PERMISSION_UID, USER_UID } from '../auth/uids.js';
import type { FlatEntry } from '../response/shape-flat.js';
import type { GraphqlContext } from './graphql-context.js';

type Resolver = GraphQLFieldResolver<unknown, GraphqlContext, Record<string, unknown>>;

export interface UsersField {
  /** `plugin::users-permissions.auth.register` */
  readonly scope: readonly string[];
  readonly resolve: Resolver;
}

const ipOf = (ctx: GraphqlContext) => ({ ip: ctx.http.ip ?? ctx.http.req.socket?.remoteAddress });

/** `Type.field` -> scope and resolver; served only when the schema has the field and the engine a users service */
export const USERS_FIELDS: Readonly<Record<string, UsersField>> = {
  'Mutation.register': {
    scope: [`${AUTH_PERMISSION_UID}.register`],
    resolve: (_p, args, ctx) => users(ctx).register(args.input, ipOf(ctx)),
  },
  'Mutation.login': {
    scope: [`${AUTH_PERMISSION_UID}.callback`],
    resolve: (_p, args, ctx) => users(ctx).login(args.input, ipOf(ctx)),
  },
  'Query.me': {
    scope: [`${USER_UID}.me`],
    resolve: (_p, _args, ctx) => users(ctx).me(ctx.principal, { withRole: true }),
  },
};

function users(ctx: GraphqlContext) {
  const service = ctx.runtime.users;
  if (!service) throw new Error('the users-permissions service is not available');
  return service;
}

/**
 * `UsersPermissionsMe.role`: register and login answer the user without its role (as their REST
 * routes do); the GraphQL payload declares one, so it is read when selected and not already there.
 */
export const meRole: Resolver = async (parent, _args, ctx) => {
  const user = parent as FlatEntry;
  if (user.role !== undefined) return user.role;
  const read = await users(ctx).read(ctx.runtime.repo, Number(user.id), { withRole: true });
  return read?.role ?? null;
};
