/**
 * engine/graphql door: the users-permissions root fields, on the same actions as REST
 * (engine/actions/users.ts, user-accounts.ts: input checks with Strapi's wording, rate limits, JWTs,
 * emails): `register`, `login`, `me`, `forgotPassword`, `resetPassword`, `changePassword`,
 * `emailConfirmation`, and the user mutations replacing shadowCRUD's (`createUsersPermissionsUser`,
 * `updateUsersPermissionsUser`, `deleteUsersPermissionsUser`). Each names the permission its REST
 * route needs (wrap-resolvers.ts checks it). Strapi's GraphQL skips the role check for register/login
 * (`auth: false`); quire keeps one rule for both front doors.
 */
import type { GraphQLFieldResolver } from 'graphql';
import { createRole, deleteRole, updateRole } from '../actions/roles.js';
import { changePassword, confirmEmail, forgotPassword, resetPassword } from '../actions/user-accounts.js';
import { createUser, destroyUser, login, me, register, updateUser, userRole } from '../actions/users.js';
import { entityOf } from './read-entries.js';
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
      // null until the email is confirmed (advanced.email_confirmation), as Strapi answers
      return { jwt: jwt ?? null, user: flatUser(ctx, user) };
    },
  },
  'Mutation.forgotPassword': {
    scope: [`${AUTH_PERMISSION_UID}.forgotPassword`],
    resolve: async (_p, args, ctx) => forgotPassword(ctx.runtime.actions, ctx.caller, { email: args.email }),
  },
  'Mutation.resetPassword': {
    scope: [`${AUTH_PERMISSION_UID}.resetPassword`],
    resolve: async (_p, args, ctx) => {
      const { jwt, user } = await resetPassword(ctx.runtime.actions, ctx.caller, args);
      return { jwt, user: flatUser(ctx, user) };
    },
  },
  'Mutation.changePassword': {
    scope: [`${AUTH_PERMISSION_UID}.changePassword`],
    resolve: async (_p, args, ctx) => {
      const { jwt, user } = await changePassword(ctx.runtime.actions, ctx.caller, args);
      return { jwt, user: flatUser(ctx, user) };
    },
  },
  'Mutation.emailConfirmation': {
    scope: [`${AUTH_PERMISSION_UID}.emailConfirmation`],
    // the user as confirmed (Strapi's GraphQL answers it as it was before, confirmed: false)
    resolve: async (_p, args, ctx) => {
      const { jwt, user } = await confirmEmail(ctx.runtime.actions, ctx.caller, { confirmation: args.confirmation });
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

/**
 * GraphQL role input (`name`, `description`, `type`; its `permissions` and `users` are ids of rows,
 * not Strapi's map, and are not taken: the REST roles API sets permissions)
 */
const roleInput = (data: unknown) => {
  const d = (data ?? {}) as Record<string, unknown>;
  return Object.fromEntries(['name', 'description', 'type'].filter((k) => d[k] !== undefined && d[k] !== null).map((k) => [k, d[k]]));
};

/** The user and role mutations of the plugin's schema (the generic shadowCRUD ones are not served for them), by `uid.action`. */
export const USER_MUTATIONS: Readonly<Record<string, Resolver>> = {
  [`${ROLE_UID}.create`]: async (_p, args, ctx) => createRole(ctx.runtime.actions, ctx.caller, roleInput(args.data)),
  [`${ROLE_UID}.update`]: async (_p, args, ctx) => updateRole(ctx.runtime.actions, ctx.caller, args.id, roleInput(args.data)),
  [`${ROLE_UID}.delete`]: async (_p, args, ctx) => deleteRole(ctx.runtime.actions, ctx.caller, args.id),
  [`${USER_UID}.create`]: async (_p, args, ctx) => ({ data: entityOf(await createUser(ctx.runtime.actions, ctx.caller, args.data)) }),
  [`${USER_UID}.update`]: async (_p, args, ctx) => ({ data: entityOf(await updateUser(ctx.runtime.actions, ctx.caller, args.id, args.data ?? {})) }),
  [`${USER_UID}.delete`]: async (_p, args, ctx) => ({ data: entityOf(await destroyUser(ctx.runtime.actions, ctx.caller, args.id)) }),
};
