/**
 * engine/repository/stores: the users-permissions plugin's roles and grants (up_roles, up_permissions
 * and their link table, named by the model), as SQL nodes through run-sql.ts like every statement on
 * content tables. Reads and writes rows only; which roles and grants should exist is decided by the
 * caller (engine/auth/sync-roles.ts).
 */
import { PERMISSION_UID, ROLE_UID } from '../naming.js';
import type { RunContext } from '../run-context.js';
import { runStatement } from '../run-sql.js';
import { asc, binary, call, col, columnIn, columnIs, eq, lit, param, select, subquery, table } from '../sql/build.js';
import type { Expr } from '../sql/sql-node.js';
import { linkSides, typeOf, type LinkSides } from '../storage-map.js';
import type { PermissionRecord, RoleRecord } from '../types.js';
import { deleteRows } from '../write/change-rows.js';
import { insertRow } from '../write/insert-rows.js';
import { nowValue } from '../write/scalar-row.js';

function tableOf(ctx: RunContext, uid: string): string {
  const type = ctx.storage.types.get(uid);
  if (!type) throw new Error(`quire repository: the model has no ${uid}`);
  return type.table;
}

/** every role, by id */
export async function listRoles(ctx: RunContext): Promise<RoleRecord[]> {
  const id = col(undefined, 'id');
  const rows = await runStatement(ctx, select({ columns: [id, col(undefined, 'type')], from: table(tableOf(ctx, ROLE_UID)), orderBy: [asc(id)] }));
  return rows.map((r) => ({ id: Number(r.id), type: typeof r.type === 'string' ? r.type : null }));
}

export async function createRole(ctx: RunContext, role: { name: string; description: string; type: string }): Promise<number> {
  const now = nowValue(ctx.dialect);
  return insertRow(ctx, tableOf(ctx, ROLE_UID), { name: role.name, description: role.description, type: role.type, created_at: now, updated_at: now });
}

/**
 * Every permission with the type of its role (null without one), by id; one statement (a LEFT JOIN
 * through the link table). A permission linked to several roles counts with the lowest role id.
 *   SELECT "p"."id", "p"."action", "r"."type" AS "role_type" FROM "up_permissions" AS "p"
 *   LEFT JOIN "up_permissions_role_links" AS "l" ON "l"."permission_id" = "p"."id" LEFT JOIN "up_roles" AS "r" ON "r"."id" = "l"."role_id"
 *   ORDER BY "p"."id", "r"."id"
 */
export async function listPermissions(ctx: RunContext): Promise<PermissionRecord[]> {
  const link = roleLink(ctx);
  const rows = await runStatement(ctx, select({
    columns: [{ item: col('p', 'id'), as: 'id' }, { item: col('p', 'action'), as: 'action' }, { item: col('r', 'type'), as: 'role_type' }],
    from: table(tableOf(ctx, PERMISSION_UID), 'p'),
    joins: [
      { left: true, source: table(link.table, 'l'), on: eq(col('l', link.self), col('p', 'id')) },
      { left: true, source: table(tableOf(ctx, ROLE_UID), 'r'), on: eq(col('r', 'id'), col('l', link.other)) },
    ],
    orderBy: [asc(col('p', 'id')), asc(col('r', 'id'))],
  }));
  const out = new Map<number, PermissionRecord>();
  for (const r of rows) {
    const id = Number(r.id);
    if (!out.has(id)) out.set(id, { id, action: String(r.action), roleType: typeof r.role_type === 'string' ? r.role_type : null });
  }
  return [...out.values()];
}

/**
 * A new permission `action` of role `roleId`: its row, then its link, placed last among the role's
 * permissions as a relation write places a new link:
 *   INSERT INTO "up_permissions_role_links" ("permission_id", "role_id", "permission_order")
 *   VALUES (?, ?, (SELECT COALESCE(MAX("permission_order"), 0) + 1 FROM "up_permissions_role_links" WHERE "role_id" = ?))
 */
export async function grantPermission(ctx: RunContext, roleId: number, action: string): Promise<number> {
  const now = nowValue(ctx.dialect);
  const id = await insertRow(ctx, tableOf(ctx, PERMISSION_UID), { action, created_at: now, updated_at: now });
  const link = roleLink(ctx);
  const columns = [link.self, link.other];
  const values: Expr[] = [param(id), param(roleId)];
  if (link.selfOrder) {
    columns.push(link.selfOrder);
    values.push(lit(1));
  }
  if (link.otherOrder) {
    columns.push(link.otherOrder);
    const last = binary('+', call('COALESCE', call('MAX', col(undefined, link.otherOrder)), lit(0)), lit(1));
    values.push(subquery(select({ columns: [last], from: table(link.table), where: columnIs(link.other, roleId) })));
  }
  await runStatement(ctx, { kind: 'insert', table: link.table, columns, rows: [values] });
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
  await deleteRows(ctx, tableOf(ctx, PERMISSION_UID), columnIn('id', ids));
}
