/**
 * engine/repository/write: a new localization joins its group. Strapi v4 links every localization of
 * an entry to every other one in `<table>_localizations_links` (both directions), so each entry's
 * `localizations` lists all the others; deleting an entry drops its links by foreign-key cascade.
 */
import type { RunContext } from '../run-context.js';
import { query } from '../run-sql.js';
import type { TypeStorage } from '../storage-map.js';

/** Link entry `id` with `sourceId` and every localization of `sourceId`. */
export async function linkLocalizations(ctx: RunContext, type: TypeStorage, id: number, sourceId: number): Promise<void> {
  const l = type.localizations;
  if (!l) return;
  const linked: Record<string, unknown>[] = await query(ctx, l.name).where(l.self, sourceId).select(l.other);
  const group = [...new Set([sourceId, ...linked.map((r) => Number(r[l.other]))])].filter((other) => other !== id);
  if (group.length === 0) return;
  const orders: Record<string, unknown>[] = await query(ctx, l.name).whereIn(l.self, group).groupBy(l.self).select(l.self).max(`${l.order} as last`);
  const last = new Map(orders.map((r) => [Number(r[l.self]), Number(r.last ?? 0)]));
  const rows = [
    ...group.map((other, i) => ({ [l.self]: id, [l.other]: other, [l.order]: i + 1 })),
    ...group.map((other) => ({ [l.self]: other, [l.other]: id, [l.order]: (last.get(other) ?? 0) + 1 })),
  ];
  await query(ctx, l.name).insert(rows);
}
