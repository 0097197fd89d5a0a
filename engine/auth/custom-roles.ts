/**
 * engine/auth: the roles made through the users-permissions roles API, read from up_roles /
 * up_permissions into the in-memory Permissions table: at start, after each role write in this
 * process, and when a request of a user holding such a role finds the table older than
 * `CUSTOM_ROLES_TTL_MS` (another process may have changed it). The roles of config/permissions.json
 * are never read from here: the config is their one source, except on a database Strapi manages,
 * where every role is read from here (refreshDatabaseRoles).
 */
import type { Entry, FindPlan } from '../plan/types.js';
import type { Repository } from '../repository/types.js';
import type { Permissions } from './permissions.js';
import { PERMISSION_UID, ROLE_UID } from './uids.js';

/** how stale another process's role change may be seen */
export const CUSTOM_ROLES_TTL_MS = 5000;

const ALL = 1_000_000;
const findAll = (uid: string, fields: string[], populate: FindPlan['populate'] = {}): FindPlan => ({
  kind: 'find', uid, sort: [], fields, populate, publicationState: 'live', page: { style: 'offset', start: 0, limit: ALL, withCount: false },
});

/** Read every role that config/permissions.json does not define, with its actions, into `permissions`. */
export async function loadCustomRoles(repo: Repository, permissions: Permissions, now = Date.now()): Promise<void> {
  const roles = new Map<string, string[]>();
  for (const r of (await repo.find(findAll(ROLE_UID, ['type']))).entries) {
    if (typeof r.type === 'string' && !permissions.isConfigRole(r.type)) roles.set(r.type, []);
  }
  if (roles.size > 0) {
    for (const p of (await repo.find(findAll(PERMISSION_UID, ['action'], { role: { fields: ['type'] } }))).entries) {
      const type = (p.role as Entry | null)?.type;
      if (typeof type === 'string' && roles.has(type) && typeof p.action === 'string') roles.get(type)!.push(p.action);
    }
  }
  permissions.setCustomRoles(roles, now);
}

/** Re-read the custom roles when the table is older than the TTL (a user of a custom role is asking). */
export async function refreshCustomRoles(repo: Repository, permissions: Permissions, role: string, now = Date.now()): Promise<void> {
  if (permissions.isConfigRole(role) || now - permissions.customReadAt < CUSTOM_ROLES_TTL_MS) return;
  await loadCustomRoles(repo, permissions, now);
}

/**
 * A database Strapi manages: every role is read from its tables, again once the table is older than
 * `CUSTOM_ROLES_TTL_MS`, whoever asks (the public role too), so a change made in Strapi's admin
 * holds within seconds. Concurrent requests share one read.
 */
export async function refreshDatabaseRoles(repo: Repository, permissions: Permissions, now = Date.now()): Promise<void> {
  if (!permissions.fromDatabase || now - permissions.customReadAt < CUSTOM_ROLES_TTL_MS) return;
  permissions.reading ??= loadCustomRoles(repo, permissions, now).finally(() => (permissions.reading = undefined));
  await permissions.reading;
}
