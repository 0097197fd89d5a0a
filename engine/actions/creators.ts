/**
 * engine/actions: the admin behind a write, and createdBy / updatedBy on reads. An API token made
 * with `quire token create --admin` belongs to an admin user: creates and updates through it record
 * that admin in created_by_id / updated_by_id, inside the write's transaction. Reads that ask for
 * creators (REST answers of types with `options.populateCreatorFields`; never GraphQL) get
 * `createdBy` / `updatedBy` ({ id, firstname, lastname } or null) on each top-level entry.
 */
import type { NormalizedModel } from '../../compiler/model/types.js';
import type { Principal } from '../auth/permissions.js';
import type { Entry } from '../plan/types.js';
import type { Repository } from '../repository/types.js';

export function adminOf(principal: Principal): number | undefined {
  return principal.kind === 'api-token' && principal.token.adminUserId !== null ? principal.token.adminUserId : undefined;
}

/** right after the create (`created: true`: both columns) or update (updated_by_id only) of entry `id` */
export async function stampCreator(repo: Repository, principal: Principal, uid: string, id: number, created: boolean): Promise<void> {
  const admin = adminOf(principal);
  if (admin !== undefined) await repo.creators.stamp(uid, id, admin, created);
}

/** Sets `createdBy` / `updatedBy` on `entries` of `uid` when its type populates creator fields (one query). */
export async function attachCreators(repo: Repository, model: NormalizedModel, uid: string, entries: readonly Entry[]): Promise<void> {
  if (entries.length === 0 || !model.contentTypes[uid]?.populateCreatorFields) return;
  const creators = await repo.creators.read(uid, entries.map((e) => e.id));
  for (const e of entries) {
    const pair = creators.get(e.id);
    e.createdBy = pair?.createdBy ?? null;
    e.updatedBy = pair?.updatedBy ?? null;
  }
}
