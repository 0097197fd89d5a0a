/**
 * engine/auth: at every start, make up_roles / up_permissions hold the model's roles and grants
 * (config/permissions.json + the users-permissions defaults): missing roles and permissions are
 * created, stale or duplicate permissions of those roles deleted. Idempotent; roles the model does
 * not name are left alone. Checks still read the in-memory Permissions table, never these rows.
 */
import type { NormalizedModel } from '../../compiler/model/types.js';
import { ValidationError } from '../errors/index.js';
import type { CreatePlan, Entry, FindPlan, WriteData } from '../plan/types.js';
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

const ALL = 1_000_000;

function findAll(uid: string, fields: string[], populate: FindPlan['populate'] = {}): FindPlan {
  return { kind: 'find', uid, sort: [], fields, populate, publicationState: 'live', page: { style: 'offset', start: 0, limit: ALL, withCount: false } };
}

function data(scalars: Record<string, unknown>, relations: WriteData['relations'] = {}): WriteData {
  return { scalars, relations, media: {}, components: {}, dynamicZones: {} };
}

function create(uid: string, write: WriteData): CreatePlan {
  return { kind: 'create', uid, data: write };
}

async function syncOnce(tx: Repository, model: NormalizedModel): Promise<RoleSyncReport> {
  const wanted = model.config.permissions;
  const report: RoleSyncReport = { rolesCreated: [], permissionsCreated: 0, permissionsDeleted: 0 };
  const roleIds = new Map<string, number>();
  for (const r of (await tx.find(findAll(ROLE_UID, ['type']))).entries) if (typeof r.type === 'string') roleIds.set(r.type, r.id);
  for (const type of Object.keys(wanted)) {
    if (roleIds.has(type)) continue;
    const known = STRAPI_ROLES[type] ?? { name: type.charAt(0).toUpperCase() + type.slice(1), description: '' };
    roleIds.set(type, await tx.create(create(ROLE_UID, data({ name: known.name, description: known.description, type }))));
    report.rolesCreated.push(type);
  }
  const have = new Set<string>();
  const permissions = await tx.find(findAll(PERMISSION_UID, ['action'], { role: { fields: ['type'] } }));
  for (const p of permissions.entries) {
    const type = (p.role as Entry | null)?.type;
    if (typeof type !== 'string' || !(type in wanted)) continue;
    const key = `${type} ${String(p.action)}`;
    if (wanted[type].includes(String(p.action)) && !have.has(key)) have.add(key);
    else {
      await tx.delete({ kind: 'delete', uid: PERMISSION_UID, id: p.id });
      report.permissionsDeleted++;
    }
  }
  for (const [type, actions] of Object.entries(wanted)) {
    for (const action of actions) {
      if (have.has(`${type} ${action}`)) continue;
      await tx.create(create(PERMISSION_UID, data({ action }, { role: { kind: 'set', ids: [roleIds.get(type) as number] } })));
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
