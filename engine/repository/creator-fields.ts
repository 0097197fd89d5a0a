/**
 * engine/repository: created_by_id / updated_by_id of content entries. `stamp` records the admin
 * behind a write (one UPDATE, inside the caller's transaction); `read` loads `{id, firstname,
 * lastname}` of both admins for a page of entries in one query. Never used for components.
 */
import { ADMIN_USERS_TABLE, quoteId } from './naming.js';
import { columnIn, columnIs } from './query/sql.js';
import type { RunContext } from './run-context.js';
import { runSql } from './run-sql.js';
import { typeOf } from './storage-map.js';
import type { CreatorPair, CreatorSummary } from './types.js';
import { updateRows } from './write/change-rows.js';

const CHUNK = 500;

export async function stampCreator(ctx: RunContext, uid: string, id: number, adminId: number, created: boolean): Promise<void> {
  const type = typeOf(ctx.storage, uid);
  const row: Record<string, number> = { updated_by_id: adminId };
  if (created) row.created_by_id = adminId;
  await updateRows(ctx, type.table, row, columnIs('id', id));
}

function summary(id: unknown, firstname: unknown, lastname: unknown): CreatorSummary | null {
  if (id === null || id === undefined) return null;
  return { id: Number(id), firstname: (firstname as string | null) ?? null, lastname: (lastname as string | null) ?? null };
}

export async function readCreators(ctx: RunContext, uid: string, ids: readonly number[]): Promise<Map<number, CreatorPair>> {
  const type = typeOf(ctx.storage, uid);
  const out = new Map<number, CreatorPair>();
  const admins = quoteId(ADMIN_USERS_TABLE);
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const entries = columnIn('id', chunk);
    const rows = await runSql(
      ctx,
      `SELECT "e"."id" AS "id", "c"."id" AS "c_id", "c"."firstname" AS "c_first", "c"."lastname" AS "c_last", "u"."id" AS "u_id", "u"."firstname" AS "u_first", "u"."lastname" AS "u_last" ` +
        `FROM ${quoteId(type.table)} AS "e" LEFT JOIN ${admins} AS "c" ON "c"."id" = "e"."created_by_id" LEFT JOIN ${admins} AS "u" ON "u"."id" = "e"."updated_by_id" WHERE "e".${entries.text}`,
      entries.bindings,
    );
    for (const r of rows) {
      out.set(Number(r.id), { createdBy: summary(r.c_id, r.c_first, r.c_last), updatedBy: summary(r.u_id, r.u_first, r.u_last) });
    }
  }
  return out;
}
