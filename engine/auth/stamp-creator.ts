/**
 * engine/auth: the admin behind a write. An API token made with `quire token create --admin` belongs
 * to an admin user; creates and updates through it record that admin in created_by_id /
 * updated_by_id. Every front door (REST, GraphQL) calls stampCreator inside the write's transaction.
 */
import type { Repository } from '../repository/types.js';
import type { Principal } from './permissions.js';

export function adminOf(principal: Principal): number | undefined {
  return principal.kind === 'api-token' && principal.token.adminUserId !== null ? principal.token.adminUserId : undefined;
}

/** right after the create (`created: true`: both columns) or update (updated_by_id only) of entry `id` */
export async function stampCreator(repo: Repository, principal: Principal, uid: string, id: number, created: boolean): Promise<void> {
  const admin = adminOf(principal);
  if (admin !== undefined) await repo.creators.stamp(uid, id, admin, created);
}
