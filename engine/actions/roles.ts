/**
 * engine/actions: the users-permissions roles API, the same for REST (`/api/users-permissions/roles...`,
 * `/api/users-permissions/permissions`) and GraphQL (`createUsersPermissionsRole`...): list and read
 * roles with Strapi's permissions map (`{ 'api::post': { controllers: { post: { find: { enabled,
 * policy } } } } }`), create, update and delete roles. Roles that config/permissions.json defines are
 * read here but changed only there (400, quire's decision: the config is versioned with the project and
 * its access notes are in the published contract); the roles this API makes are kept in up_roles /
 * up_permissions and take effect at once (auth/custom-roles.ts).
 */
import type { NormalizedModel } from '../../compiler/model/types.js';
import { loadCustomRoles } from '../auth/custom-roles.js';
import { PERMISSION_UID, ROLE_UID, USER_UID } from '../auth/uids.js';
import { ApplicationError, messages, NotFoundError, ValidationError, validationIssue } from '../errors/index.js';
import { planCreate, planUpdate } from '../plan/index.js';
import type { Entry, FindPlan, WhereNode, WriteData } from '../plan/types.js';
import type { Repository } from '../repository/types.js';
import type { ActionContext, Caller } from './action-context.js';
import { parseEntryId } from './entry-id.js';
import { runWrite } from './write-transaction.js';

/** `{ 'api::post': { controllers: { post: { find: { enabled: true, policy: '' } } } } }` */
export type PermissionsMap = Record<string, { controllers: Record<string, Record<string, { enabled: boolean; policy: string }>> }>;

const USERS_PERMISSIONS: Record<string, readonly string[]> = {
  auth: ['callback', 'changePassword', 'resetPassword', 'connect', 'forgotPassword', 'register', 'emailConfirmation', 'sendEmailConfirmation'],
  user: ['create', 'update', 'find', 'findOne', 'count', 'destroy', 'me'],
  role: ['createRole', 'findOne', 'find', 'updateRole', 'deleteRole'],
  permissions: ['getPermissions'],
};

/** Every action quire knows, grouped as Strapi's map groups them (`api::post` -> post -> find...). */
export function knownActions(model: NormalizedModel): [string, string, readonly string[]][] {
  const out: [string, string, readonly string[]][] = [];
  for (const ct of Object.values(model.contentTypes)) {
    if (ct.namespace !== 'api') continue;
    const actions = ct.kind === 'singleType' ? ['find', 'update', 'delete'] : ['find', 'findOne', 'create', 'update', 'delete'];
    out.push([`api::${ct.apiName}`, ct.singularName, ct.localized ? [...actions, 'createLocalization'] : actions]);
  }
  if (model.contentTypes['plugin::upload.file']) out.push(['plugin::upload', 'content-api', ['find', 'findOne', 'destroy', 'upload']]);
  for (const [controller, actions] of Object.entries(USERS_PERMISSIONS)) out.push(['plugin::users-permissions', controller, actions]);
  out.push(['plugin::i18n', 'locales', ['listLocales']]);
  return out;
}

/** The map of `granted` (every known action, enabled or not). */
export function permissionsMap(model: NormalizedModel, granted: ReadonlySet<string>): PermissionsMap {
  const map: PermissionsMap = {};
  for (const [key, controller, actions] of knownActions(model)) {
    const controllers = (map[key] ??= { controllers: {} }).controllers;
    const entry: Record<string, { enabled: boolean; policy: string }> = {};
    for (const action of actions) entry[action] = { enabled: granted.has(`${key}.${controller}.${action}`), policy: '' };
    controllers[controller] = entry;
  }
  return map;
}

/** the permission strings a map enables, among those quire knows (`unknown` gets the others' names) */
function enabledIn(model: NormalizedModel, raw: unknown, unknown: string[]): string[] {
  const known = new Set(knownActions(model).flatMap(([key, controller, actions]) => actions.map((a) => `${key}.${controller}.${a}`)));
  const out: string[] = [];
  if (typeof raw !== 'object' || raw === null) return out;
  for (const [key, group] of Object.entries(raw as Record<string, unknown>)) {
    const controllers = (group as { controllers?: unknown })?.controllers;
    if (typeof controllers !== 'object' || controllers === null) continue;
    for (const [controller, actions] of Object.entries(controllers as Record<string, unknown>)) {
      if (typeof actions !== 'object' || actions === null) continue;
      for (const [action, value] of Object.entries(actions as Record<string, unknown>)) {
        if ((value as { enabled?: unknown })?.enabled !== true) continue;
        const permission = `${key}.${controller}.${action}`;
        if (known.has(permission)) out.push(permission);
        else unknown.push(permission);
      }
    }
  }
  return [...new Set(out)].sort();
}

const ALL = 1_000_000;
const findAll = (uid: string, where: WhereNode | undefined, fields: string[], populate: FindPlan['populate'] = {}): FindPlan => ({
  kind: 'find', uid, ...(where && { where }), sort: [{ path: ['id'], direction: 'asc' }], fields, populate, publicationState: 'live',
  page: { style: 'offset', start: 0, limit: ALL, withCount: false },
});
const cmp = (field: string, value: unknown): WhereNode => ({ kind: 'cmp', field, op: '$eq', value });
const ROLE_FIELDS = ['name', 'description', 'type', 'createdAt', 'updatedAt'];

async function roleById(repo: Repository, rawId: unknown): Promise<Entry> {
  const id = parseEntryId(rawId);
  const role = id === undefined ? undefined : await repo.findOne({ kind: 'findOne', uid: ROLE_UID, id, fields: ROLE_FIELDS, populate: {}, publicationState: 'live' });
  if (!role) throw new NotFoundError(messages.roleNotFound());
  return role;
}

async function grantsOf(repo: Repository, roleId: number): Promise<Entry[]> {
  const role = await repo.findOne({ kind: 'findOne', uid: ROLE_UID, id: roleId, fields: [], populate: { permissions: { fields: ['action'] } }, publicationState: 'live' });
  return (role?.permissions as Entry[] | undefined) ?? [];
}

/** GET /api/users-permissions/roles: every role with its number of users (`nb_users`), as Strapi lists them. */
export async function findRoles(ctx: ActionContext, _caller: Caller): Promise<Entry[]> {
  const { entries } = await ctx.repo.find(findAll(ROLE_UID, undefined, ROLE_FIELDS, { users: { fields: [] } }));
  return entries.map(({ users, ...role }) => ({ ...role, nb_users: ((users as Entry[] | undefined) ?? []).length }) as Entry);
}

/** GET /api/users-permissions/roles/:id: the role with its permissions map. 404 'Role not found'. */
export async function findRole(ctx: ActionContext, _caller: Caller, rawId: unknown): Promise<Entry & { permissions: PermissionsMap }> {
  const role = await roleById(ctx.repo, rawId);
  const type = String(role.type);
  const granted = ctx.permissions.isConfigRole(type)
    ? new Set(ctx.model.config.permissions[type] ?? [])
    : new Set((await grantsOf(ctx.repo, role.id)).map((p) => String(p.action)));
  return { ...role, permissions: permissionsMap(ctx.model, granted) };
}

/** GET /api/users-permissions/permissions: every action quire knows, none enabled. */
export function listPermissions(ctx: ActionContext, _caller: Caller): PermissionsMap {
  return permissionsMap(ctx.model, new Set());
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Strapi's role type of a name: lower-cased, accents dropped, words joined by `_` ("Content Editor" -> content_editor) */
const typeOf = (name: string) => name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');

function roleData(body: Record<string, unknown>, create: boolean): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const key of ['name', 'description']) if (Object.hasOwn(body, key)) data[key] = body[key];
  if (create) data.type = typeof body.type === 'string' && body.type !== '' ? body.type : typeof body.name === 'string' ? typeOf(body.name) : undefined;
  return data;
}

const permissionRow = (action: string, roleId: number): WriteData => ({ scalars: { action }, relations: { role: { kind: 'set', ids: [roleId] } }, media: {}, components: {}, dynamicZones: {} });

function refuseConfigRole(ctx: ActionContext, role: Entry): void {
  if (role.type === 'public') return;
  if (ctx.permissions.isConfigRole(String(role.type))) throw new ApplicationError(messages.roleFromConfig(String(role.type)));
}

async function afterRoleWrite(ctx: ActionContext, unknown: string[]): Promise<void> {
  if (unknown.length > 0) ctx.log?.info({ ignored: unknown }, 'roles: permissions quire does not serve were ignored');
  await loadCustomRoles(ctx.repo, ctx.permissions);
}

/**
 * POST /api/users-permissions/roles `{ name, description, type?, permissions }` -> `{ ok: true }`: a
 * custom role (type from the name, as Strapi makes it) with the enabled actions of the map. name is
 * required (3 characters at least), where Strapi stores a role without one.
 */
export async function createRole(ctx: ActionContext, _caller: Caller, body: unknown): Promise<{ ok: true }> {
  const input = isObject(body) ? body : {};
  const unknown: string[] = [];
  const actions = enabledIn(ctx.model, input.permissions, unknown);
  const plan = planCreate(ctx.model, ROLE_UID, { data: roleData(input, true) }, { now: ctx.now() });
  const type = String(plan.data.scalars.type ?? '');
  if (ctx.permissions.isConfigRole(type)) throw ValidationError.of([validationIssue(['type'], messages.unique())]);
  await runWrite(ctx, async (tx, queue) => {
    const id = await tx.create(plan);
    for (const action of actions) await tx.create({ kind: 'create', uid: PERMISSION_UID, data: permissionRow(action, id) });
    const role = await roleById(tx, id);
    queue.add('entry.create', ROLE_UID, role);
  });
  await afterRoleWrite(ctx, unknown);
  return { ok: true };
}

/**
 * PUT /api/users-permissions/roles/:id `{ name?, description?, permissions? }` -> `{ ok: true }`: a
 * custom role's name and description, and (when sent) its permissions: exactly the enabled actions of
 * the map, as Strapi replaces them. 404 'Role not found'; a role of config/permissions.json: 400.
 */
export async function updateRole(ctx: ActionContext, _caller: Caller, rawId: unknown, body: unknown): Promise<{ ok: true }> {
  const input = isObject(body) ? body : {};
  const unknown: string[] = [];
  const actions = Object.hasOwn(input, 'permissions') ? enabledIn(ctx.model, input.permissions, unknown) : undefined;
  await runWrite(ctx, async (tx, queue) => {
    const role = await roleById(tx, rawId);
    if (role.type === 'public' || ctx.permissions.isConfigRole(String(role.type))) throw new ApplicationError(messages.roleFromConfig(String(role.type)));
    await tx.update(planUpdate(ctx.model, ROLE_UID, role.id, { data: roleData(input, false) }));
    if (actions) {
      const rows = await grantsOf(tx, role.id);
      for (const row of rows) if (!actions.includes(String(row.action))) await tx.delete({ kind: 'delete', uid: PERMISSION_UID, id: row.id });
      const kept = new Set(rows.map((r) => String(r.action)));
      for (const action of actions) if (!kept.has(action)) await tx.create({ kind: 'create', uid: PERMISSION_UID, data: permissionRow(action, role.id) });
    }
    queue.add('entry.update', ROLE_UID, await roleById(tx, role.id));
  });
  await afterRoleWrite(ctx, unknown);
  return { ok: true };
}

/**
 * DELETE /api/users-permissions/roles/:id -> `{ ok: true }`: a custom role; its users get the public
 * role, as Strapi moves them. 404 'Role not found'; 'Cannot delete public role'; a role of
 * config/permissions.json: 400.
 */
export async function deleteRole(ctx: ActionContext, _caller: Caller, rawId: unknown): Promise<{ ok: true }> {
  await runWrite(ctx, async (tx, queue) => {
    const role = await roleById(tx, rawId);
    if (role.type === 'public') throw new ApplicationError(messages.publicRoleDelete());
    refuseConfigRole(ctx, role);
    const publicRole = (await tx.find(findAll(ROLE_UID, cmp('type', 'public'), []))).entries[0];
    const { entries: users } = await tx.find(findAll(USER_UID, { kind: 'relation', attribute: 'role', target: ROLE_UID, where: cmp('id', role.id) }, []));
    for (const user of users) await tx.update(planUpdate(ctx.model, USER_UID, user.id, { data: { role: publicRole?.id ?? null } }));
    for (const row of await grantsOf(tx, role.id)) await tx.delete({ kind: 'delete', uid: PERMISSION_UID, id: row.id });
    await tx.delete({ kind: 'delete', uid: ROLE_UID, id: role.id });
    queue.add('entry.delete', ROLE_UID, role);
  });
  await loadCustomRoles(ctx.repo, ctx.permissions);
  return { ok: true };
}
