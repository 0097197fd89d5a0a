/**
 * engine/repository: created_by_id / updated_by_id of content entries. `stamp` records the admin
 * behind a write (one UPDATE, inside the caller's transaction); `read` loads `{id, firstname,
 * lastname}` of both admins for a page of entries in one query. Never used for components.
 */
import { ADMIN_USERS_TABLE } from './naming.js';
import type { RunContext } from './run-context.js';
import { runStatement } from './run-sql.js';
import { col, eq, inList, param, select, table } from './sql/build.js';
import { typeOf } from './storage-map.js';
import type { CreatorPair, CreatorSummary } from './types.js';
import { updateRow } from './write/change-rows.js';

const CHUNK = 500;

export async function stampCreator(ctx: RunContext, uid: string, id: number, adminId: number, created: boolean): Promise<void> {
  const type = typeOf(ctx.storage, uid);
  const row: Record<string, number> = { updated_by_id: adminId };
  if (created) row.created_by_id = adminId;
  await updateRow(ctx, type.table, row, id);
}

function summary(id: unknown, firstname: unknown, lastname: unknown): CreatorSummary | null {
  if (id === null || id === undefined) return null;
  return { id: Number(id), firstname: (firstname as string | null) ?? null, lastname: (lastname as string | null) ?? null };
}

export async function readCreators(ctx: RunContext, uid: string, ids: readonly number[]): Promise<Map<number, CreatorPair>> {
  const type = typeOf(ctx.storage, uid);
  const out = new Map<number, CreatorPair>();
  const as = (table: string, column: string, alias: string) => ({ item: col(table, column), as: alias });
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const rows = await runStatement(ctx, select({
      columns: [as('e', 'id', 'id'), as('c', 'id', 'c_id'), as('c', 'firstname', 'c_first'), as('c', 'lastname', 'c_last'), as('u', 'id', 'u_id'), as('u', 'firstname', 'u_first'), as('u', 'lastname', 'u_last')],
      from: table(type.table, 'e'),
      joins: [
        { left: true, source: table(ADMIN_USERS_TABLE, 'c'), on: eq(col('c', 'id'), col('e', 'created_by_id')) },
        { left: true, source: table(ADMIN_USERS_TABLE, 'u'), on: eq(col('u', 'id'), col('e', 'updated_by_id')) },
      ],
      where: inList(col('e', 'id'), chunk.map(param)),
    }));
    for (const r of rows) {
      out.set(Number(r.id), { createdBy: summary(r.c_id, r.c_first, r.c_last), updatedBy: summary(r.u_id, r.u_first, r.u_last) });
    }
  }
  return out;
}
