/**
 * engine/http REST door: the users-permissions plugin's routes (`/api/auth/local`,
 * `/api/auth/local/register`, `/api/users/me`, `/api/users...`). Each names the Strapi permission it
 * needs, calls its action (engine/actions/users.ts) and answers flat JSON, no data/attributes
 * envelope, as Strapi's plugin does (private attributes dropped by flatEntry).
 */
import { changePassword, confirmEmail, forgotPassword, resetPassword, sendEmailConfirmation } from '../../actions/user-accounts.js';
import { countUsers, createUser, destroyUser, findUser, findUsers, login, me, register, updateUser } from '../../actions/users.js';
import { AUTH_PERMISSION_UID, USER_UID } from '../../auth/uids.js';
import type { Entry } from '../../plan/types.js';
import { flatEntry } from '../../response/shape-flat.js';
import { ok, type HttpRequest, type Reply, type Route } from '../route.js';
import type { RestDoor } from './content-routes.js';

interface UsersRoute {
  /** the permission as Strapi names it: [`plugin::users-permissions.auth`, `callback`] */
  readonly permission: readonly [uid: string, action: string];
  readonly body: boolean;
  /** reads the Content API query (fields, populate, filters...) */
  readonly query?: true;
  readonly handle: (door: RestDoor, r: HttpRequest) => Promise<Reply>;
}

const flat = (door: RestDoor, user: Entry) => flatEntry(door.actions.model, USER_UID, user);

const USERS_ROUTES: Readonly<Record<string, UsersRoute>> = {
  login: {
    permission: [AUTH_PERMISSION_UID, 'callback'], body: true,
    handle: async (door, r) => {
      const { jwt, user } = await login(door.actions, r.caller, r.body);
      return ok({ jwt, user: flat(door, user) });
    },
  },
  register: {
    permission: [AUTH_PERMISSION_UID, 'register'], body: true,
    handle: async (door, r) => {
      const { jwt, user } = await register(door.actions, r.caller, r.body);
      // with email confirmation on: no JWT until the link is followed
      return ok(jwt === undefined ? { user: flat(door, user) } : { jwt, user: flat(door, user) });
    },
  },
  forgotPassword: { permission: [AUTH_PERMISSION_UID, 'forgotPassword'], body: true, handle: async (door, r) => ok(await forgotPassword(door.actions, r.caller, r.body)) },
  resetPassword: {
    permission: [AUTH_PERMISSION_UID, 'resetPassword'], body: true,
    handle: async (door, r) => {
      const { jwt, user } = await resetPassword(door.actions, r.caller, r.body);
      return ok({ jwt, user: flat(door, user) });
    },
  },
  changePassword: {
    permission: [AUTH_PERMISSION_UID, 'changePassword'], body: true,
    handle: async (door, r) => {
      const { jwt, user } = await changePassword(door.actions, r.caller, r.body);
      return ok({ jwt, user: flat(door, user) });
    },
  },
  // a link from an email: confirms, then redirects to the front-end (Strapi: 302 to email_confirmation_redirection, else /)
  emailConfirmation: {
    permission: [AUTH_PERMISSION_UID, 'emailConfirmation'], body: false,
    handle: async (door, r) => {
      await confirmEmail(door.actions, r.caller, r.rawQuery);
      return { status: 302, headers: { Location: door.actions.auth.settings.emailConfirmationRedirection ?? '/' } };
    },
  },
  sendEmailConfirmation: { permission: [AUTH_PERMISSION_UID, 'sendEmailConfirmation'], body: true, handle: async (door, r) => ok(await sendEmailConfirmation(door.actions, r.caller, r.body)) },
  // 201, the user with its role, as Strapi answers
  create: { permission: [USER_UID, 'create'], body: true, handle: async (door, r) => ({ status: 201, json: flat(door, await createUser(door.actions, r.caller, r.body)) }) },
  me: { permission: [USER_UID, 'me'], body: false, query: true, handle: async (door, r) => ok(flat(door, await me(door.actions, r.caller, r.query))) },
  // a plain array of users (no meta)
  find: { permission: [USER_UID, 'find'], body: false, query: true, handle: async (door, r) => ok((await findUsers(door.actions, r.caller, r.query)).map((u) => flat(door, u))) },
  findOne: { permission: [USER_UID, 'findOne'], body: false, query: true, handle: async (door, r) => ok(flat(door, await findUser(door.actions, r.caller, r.params.id, r.query))) },
  // a bare number; only `filters` is read
  count: { permission: [USER_UID, 'count'], body: false, query: true, handle: async (door, r) => ok(await countUsers(door.actions, r.caller, r.query.filters)) },
  update: { permission: [USER_UID, 'update'], body: true, handle: async (door, r) => ok(flat(door, await updateUser(door.actions, r.caller, r.params.id, r.body))) },
  destroy: { permission: [USER_UID, 'destroy'], body: false, handle: async (door, r) => ok(flat(door, await destroyUser(door.actions, r.caller, r.params.id))) },
};

/** The route of users-permissions operation `action`, or undefined when quire has none. */
export function usersRoute(door: RestDoor, operationId: string, action: string): Route | undefined {
  const bound = Object.hasOwn(USERS_ROUTES, action) ? USERS_ROUTES[action] : undefined;
  if (!bound) return undefined;
  return {
    operationId,
    authenticate: true,
    permission: bound.permission,
    query: bound.query ? 'content' : 'raw',
    // users-permissions bodies are checked by their actions, in Strapi's wording
    body: bound.body ? 'json' : 'none',
    handle: (r) => bound.handle(door, r),
  };
}
