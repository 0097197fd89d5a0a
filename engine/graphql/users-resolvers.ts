/**
 * engine/graphql door: the users-permissions root fields quire serves, `register(input)`,
 * `login(input)` and `me`, on the same actions as REST (engine/actions/users.ts: input checks with
 * Strapi's wording, rate limits per client address and identifier, JWTs). Each names the permission
 * it needs, the one its REST route needs (wrap-resolvers.ts checks it): register `auth.register`,
 * login `auth.callback`, me `user.me` plus a JWT user (the action answers 401 'Unauthorized'
 * otherwise). Strapi's GraphQL skips the role check for register/login (`auth: false`); quire keeps
 * one rule for both front doors, so a role without `auth.register` cannot register over GraphQL either.
 */
import type { GraphQLFieldResolver } from 'graphql';
import { login, me, register, userRole } from '../actions/users.js';
import { AUTH_PERMISSION_UID, ROLE_UID, USER_UID } from '../auth/uids.js';
import type { Entry } from '../plan/types.js';
import { flatEntry, type FlatEntry } from '../response/shape-flat.js';
import type { GraphqlContext } from './graphql-context.js';

type Resolver = GraphQLFieldResolver<unknown, GraphqlContext, Record<string, unknown>>;

export interface UsersField {
  /** `plugin::users-permissions.auth.register` */
  readonly scope: readonly string[];
  readonly resolve: Resolver;
}

const flatUser = (ctx: GraphqlContext, user: Entry) => flatEntry(ctx.model, USER_UID, user);

/** `Type.field` -> scope and resolver; served only when the schema has the field and the model the user type */
export const USERS_FIELDS: Readonly<Record<string, UsersField>> = {
  'Mutation.register': {
    scope: [`${AUTH_PERMISSION_UID}.register`],
    resolve: async (_p, args, ctx) => {
      const { jwt, user } = await register(ctx.runtime.actions, ctx.caller, args.input);
      return { jwt, user: flatUser(ctx, user) };
    },
  },
  'Mutation.login': {
    scope: [`${AUTH_PERMISSION_UID}.callback`],
    resolve: async (_p, args, ctx) => {
      const { jwt, user } = await login(ctx.runtime.actions, ctx.caller, args.input);
      return { jwt, user: flatUser(ctx, user) };
    },
  },
  'Query.me': {
    scope: [`${USER_UID}.me`],
    resolve: async (_p, _args, ctx) => flatUser(ctx, await me(ctx.runtime.actions, ctx.caller, undefined, { withRole: true })),
  },
};

/**
 * `UsersPermissionsMe.role`: register and login answer the user without its role (as their REST
 * routes do); the GraphQL payload declares one, so it is read when selected and not already there.
 */
export const meRole: Resolver = async (parent, _args, ctx) => {
  const user = parent as FlatEntry;
  if (user.role !== undefined) return user.role;
  const role = await userRole(ctx.runtime.actions, Number(user.id));
  return role ? flatEntry(ctx.model, ROLE_UID, role) : null;
};
