/**
 * engine/auth: at every start, make up_roles / up_permissions hold the model's roles and grants
 * (config/permissions.json + the users-permissions defaults): missing roles and permissions are
 * created, stale or duplicate permissions of those roles deleted. Idempotent; roles the model does
 * not name are left alone. The rows are read and written through the repository's role store
 * (stores/roles.ts). Checks still read the in-memory Permissions table, never these rows.
 */
import type { NormalizedModel } from '../../compiler/model/types.js';
import { ValidationError } from '../errors/index.js';
import type { Repository } from '../repository/types.js';
import { PERMISSION_UID, ROLE_UID } from './uids.js';

export interface RoleSyncReport {
  rolesCreated: string[];
  permissionsCreated: number;
  permissionsDeleted: number;
}

const STRAPI_ROLES: Record<string, { name: string; description: string }> = {
  authenticated: { name: 'Authenticated', description: 'Default role given to authenticated user.' },
  public: { name: 'Public', description: 'Default role given to unauthenticated user.' },
};

async function syncOnce(tx: Repository, model: NormalizedModel): Promise<RoleSyncReport> {
  const wanted = model.config.permissions;
  const report: RoleSyncReport = { rolesCreated: [], permissionsCreated: 0, permissionsDeleted: 0 };
  const roleIds = new Map<string, number>();
  for (const r of await tx.roles.list()) if (r.type !== null) roleIds.set(r.type, r.id);
  for (const type of Object.keys(wanted)) {
    if (roleIds.has(type)) continue;
    const known = STRAPI_ROLES[type] ?? { name: type.charAt(0).toUpperCase() + type.slice(1), description: '' };
    roleIds.set(type, await tx.roles.create({ name: known.name, description: known.description, type }));
    report.rolesCreated.push(type);
  }
  const have = new Set<string>();
  const stale: number[] = [];
  for (const p of await tx.roles.permissions()) {
    const type = p.roleType;
    if (type === null || !(type in wanted)) continue;
    const key = `${type} ${p.action}`;
    if (wanted[type].includes(p.action) && !have.has(key)) have.add(key);
    else stale.push(p.id);
  }
  await tx.roles.revoke(stale);
  report.permissionsDeleted = stale.length;
  for (const [type, actions] of Object.entries(wanted)) {
    for (const action of actions) {
      if (have.has(`${type} ${action}`)) continue;
      await tx.roles.grant(roleIds.get(type) as number, action);
      report.permissionsCreated++;
    }
  }
  return report;
}

/** Two processes starting at once may race on the unique role type: the loser syncs again. */
export async function syncRoles(repo: Repository, model: NormalizedModel): Promise<RoleSyncReport> {
  if (!model.contentTypes[ROLE_UID] || !model.contentTypes[PERMISSION_UID]) return { rolesCreated: [], permissionsCreated: 0, permissionsDeleted: 0 };
  for (let attempt = 1; ; attempt++) {
    try {
      return await repo.transaction((tx) => syncOnce(tx, model));
    } catch (err) {
      if (attempt >= 3 || !(err instanceof ValidationError)) throw err;
    }
  }
}
