/**
 * engine/repository/write: remove what entries own besides their row: their components (and what
 * those own, recursively) and their media links. Join-table links need nothing: their foreign keys
 * cascade when the row goes. A few statements per level, never one per entry.
 */
import type { RunContext } from '../run-context.js';
import { query } from '../run-sql.js';
import { typeOf, type TypeStorage } from '../storage-map.js';

export async function deleteOwned(ctx: RunContext, type: TypeStorage, ids: readonly number[], fields?: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  if (type.hasMedia && ctx.storage.morphTable) {
    const q = query(ctx, ctx.storage.morphTable).where('related_type', type.uid).whereIn('related_id', ids);
    await (fields ? q.whereIn('field', fields) : q).del();
  }
  if (!type.componentLinks) return;
  const q = query(ctx, type.componentLinks).whereIn('entity_id', ids);
  const links: { component_id: number; component_type: string }[] = await (fields ? q.whereIn('field', fields) : q).select('component_id', 'component_type');
  await deleteComponents(ctx, links);
}

/** Delete component rows (and what they own) given their link rows. */
export async function deleteComponents(ctx: RunContext, links: readonly { component_id: number; component_type: string }[]): Promise<void> {
  const byType = new Map<string, number[]>();
  for (const l of links) byType.set(l.component_type, [...(byType.get(l.component_type) ?? []), Number(l.component_id)]);
  for (const [uid, ids] of byType) {
    const component = typeOf(ctx.storage, uid);
    await deleteOwned(ctx, component, ids);
    await query(ctx, component.table).whereIn('id', ids).del();
  }
}

/** true when deleting an entry of `type` takes more than its own DELETE */
export function ownsMore(type: TypeStorage): boolean {
  return type.hasMedia || type.componentLinks !== undefined;
}
