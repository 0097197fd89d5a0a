/**
 * engine/repository/stores: the users-permissions plugin's roles and grants (up_roles, up_permissions
 * and their link table, named by the model) through the Objection models of those types
 * (objection-models.ts). Reads and writes rows only; which roles and grants should exist is decided
 * by the caller (engine/auth/sync-roles.ts).
 */
import { raw, type Model } from 'objection';
import { PERMISSION_UID, ROLE_UID } from '../naming.js';
import type { RunContext } from '../run-context.js';
import { linkSides, typeOf, type LinkSides } from '../storage-map.js';
import { nowValue } from '../write/scalar-row.js';
import type { PermissionRecord, RoleRecord } from '../types.js';
import { bindModelQuery, modelQuery } from './model-query.js';

type Row = Model & Record<string, unknown>;

function modelOf(ctx: RunContext, uid: string): typeof Model {
  const model = ctx.models.get(uid);
  if (!model) throw new Error(`quire repository: the model has no ${uid}`);
  return model;
}

/** every role, by id */
export async function listRoles(ctx: RunContext): Promise<RoleRecord[]> {
  const rows = (await modelQuery(ctx, modelOf(ctx, ROLE_UID)).select('id', 'type').orderBy('id')) as Row[];
  return rows.map((r) => ({ id: Number(r.id), type: typeof r.type === 'string' ? r.type : null }));
}

export async function createRole(ctx: RunContext, role: { name: string; description: string; type: string }): Promise<number> {
  const now = nowValue(ctx.dialect);
  const row = (await modelQuery(ctx, modelOf(ctx, ROLE_UID)).insert({ ...role, created_at: now, updated_at: now })) as Row;
  return Number(row.id);
}

/**
 * Every permission with the type of its role (null without one), by id; one statement (a LEFT JOIN
 * through the link table). A permission linked to several roles counts with the lowest role id.
 */
export async function listPermissions(ctx: RunContext): Promise<PermissionRecord[]> {
  const Permission = modelOf(ctx, PERMISSION_UID);
  const table = Permission.tableName;
  const rows = (await modelQuery(ctx, Permission)
    .leftJoinRelated('role')
    .select(`${table}.id`, `${table}.action`, 'role.type as role_type')
    .orderBy(`${table}.id`)
    .orderBy('role.id')) as Row[];
  const out = new Map<number, PermissionRecord>();
  for (const r of rows) {
    const id = Number(r.id);
    if (!out.has(id)) out.set(id, { id, action: String(r.action), roleType: typeof r.role_type === 'string' ? r.role_type : null });
  }
  return [...out.values()];
}

/**
 * A new permission `action` of role `roleId`: its row, then its link (Objection's relate), placed
 * last among the role's permissions as a relation write places a new link:
 *   INSERT INTO "up_permissions_role_links" ("permission_id", "role_id", "permission_order")
 *   VALUES (?, ?, (SELECT COALESCE(MAX("permission_order"), 0) + 1 FROM "up_permissions_role_links" WHERE "role_id" = ?))
 */
export async function grantPermission(ctx: RunContext, roleId: number, action: string): Promise<number> {
  const Permission = modelOf(ctx, PERMISSION_UID);
  const now = nowValue(ctx.dialect);
  const permission = (await modelQuery(ctx, Permission).insert({ action, created_at: now, updated_at: now })) as Row;
  const id = Number(permission.id);
  const link = roleLink(ctx);
  const last = link.otherOrder
    ? raw('(SELECT COALESCE(MAX(??), 0) + 1 FROM ?? WHERE ?? = ?)', [link.otherOrder, link.table, link.other, roleId])
    : undefined;
  await bindModelQuery(ctx, Permission.relatedQuery('role', ctx.knex).for(id)).relate({
    id: roleId,
    ...(link.selfOrder ? { order: 1 } : {}),
    ...(last ? { inverseOrder: last } : {}),
  });
  return id;
}

/** the link table of permission.role, seen from the permission */
function roleLink(ctx: RunContext): LinkSides {
  const attr = typeOf(ctx.storage, PERMISSION_UID).attributes.role;
  if (attr?.kind !== 'relation') throw new Error(`quire repository: ${PERMISSION_UID} has no role relation`);
  return linkSides(attr);
}

/** delete permissions (their links go by cascade) */
export async function revokePermissions(ctx: RunContext, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await modelQuery(ctx, modelOf(ctx, PERMISSION_UID)).whereIn('id', [...ids]).delete();
}
