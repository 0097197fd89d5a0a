/**
 * engine/http REST door: the users-permissions roles API (`/api/users-permissions/roles[/:id]`,
 * `/api/users-permissions/permissions`). Each names Strapi's permission (`plugin::users-permissions.
 * role.find|findOne|createRole|updateRole|deleteRole`, `.permissions.getPermissions`), calls its action
 * (engine/actions/roles.ts) and answers Strapi's flat shapes: `{ roles }`, `{ role }`, `{ ok: true }`,
 * `{ permissions }`.
 */
import { createRole, deleteRole, findRole, findRoles, listPermissions, updateRole } from '../../actions/roles.js';
import { ROLE_UID } from '../../auth/uids.js';
import { flatEntry } from '../../response/shape-flat.js';
import { ok, type HttpRequest, type Reply, type Route } from '../route.js';
import type { RestDoor } from './content-routes.js';

const UP = 'plugin::users-permissions';

interface RoleRoute {
  readonly permission: readonly [uid: string, action: string];
  readonly body: boolean;
  readonly handle: (door: RestDoor, r: HttpRequest) => Promise<Reply>;
}

const flatRole = (door: RestDoor, role: Record<string, unknown> & { id: number }) => flatEntry(door.actions.model, ROLE_UID, role);

const ROUTES: Readonly<Record<string, RoleRoute>> = {
  find: {
    permission: [`${UP}.role`, 'find'], body: false,
    handle: async (door, r) => ok({ roles: (await findRoles(door.actions, r.caller)).map((role) => ({ ...flatRole(door, role), nb_users: role.nb_users })) }),
  },
  findOne: {
    permission: [`${UP}.role`, 'findOne'], body: false,
    handle: async (door, r) => {
      const { permissions, ...role } = await findRole(door.actions, r.caller, r.params.id);
      return ok({ role: { ...flatRole(door, role), permissions } });
    },
  },
  createRole: { permission: [`${UP}.role`, 'createRole'], body: true, handle: async (door, r) => ok(await createRole(door.actions, r.caller, r.body)) },
  updateRole: { permission: [`${UP}.role`, 'updateRole'], body: true, handle: async (door, r) => ok(await updateRole(door.actions, r.caller, r.params.id, r.body)) },
  deleteRole: { permission: [`${UP}.role`, 'deleteRole'], body: false, handle: async (door, r) => ok(await deleteRole(door.actions, r.caller, r.params.id)) },
  getPermissions: { permission: [`${UP}.permissions`, 'getPermissions'], body: false, handle: async (door, r) => ok({ permissions: listPermissions(door.actions, r.caller) }) },
};

/** The route of roles operation `action`, or undefined when quire has none. */
export function rolesRoute(door: RestDoor, operationId: string, action: string): Route | undefined {
  const bound = Object.hasOwn(ROUTES, action) ? ROUTES[action] : undefined;
  if (!bound) return undefined;
  return {
    operationId,
    authenticate: true,
    permission: bound.permission,
    query: 'none',
    body: bound.body ? 'json' : 'none',
    handle: (r) => bound.handle(door, r),
  };
}
