/**
 * engine/repository/write: remove what entries own besides their row: their components (and what
 * those own, recursively) and their media links. Join-table links need nothing: their foreign keys
 * cascade when the row goes. A few statements per level, never one per entry.
 */
import type { RunContext } from '../run-context.js';
import { runStatement } from '../run-sql.js';
import { and, col, columnIn, columnIs, select, table } from '../sql/build.js';
import { typeOf, type TypeStorage } from '../storage-map.js';
import { deleteRows } from './change-rows.js';

export async function deleteOwned(ctx: RunContext, type: TypeStorage, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  if (type.hasMedia && ctx.storage.morphTable) await deleteRows(ctx, ctx.storage.morphTable, and([columnIs('related_type', type.uid), columnIn('related_id', ids)]));
  if (!type.componentLinks) return;
  const links = await runStatement(ctx, select({ columns: [col(undefined, 'component_id'), col(undefined, 'component_type')], from: table(type.componentLinks), where: columnIn('entity_id', ids) }));
  await deleteComponents(ctx, links as { component_id: number; component_type: string }[]);
}

/** Delete component rows (and what they own) given their link rows. */
export async function deleteComponents(ctx: RunContext, links: readonly { component_id: number; component_type: string }[]): Promise<void> {
  const byType = new Map<string, number[]>();
  for (const l of links) byType.set(l.component_type, [...(byType.get(l.component_type) ?? []), Number(l.component_id)]);
  for (const [uid, ids] of byType) {
    const component = typeOf(ctx.storage, uid);
    await deleteOwned(ctx, component, ids);
    await deleteRows(ctx, component.table, columnIn('id', ids));
  }
}

/** true when deleting an entry of `type` takes more than its own DELETE */
export function ownsMore(type: TypeStorage): boolean {
  return type.hasMedia || type.componentLinks !== undefined;
}
