/**
 * engine/repository/write: a new localization joins its group. Strapi v4 links every localization of
 * an entry to every other one in `<table>_localizations_links` (both directions), so each entry's
 * `localizations` lists all the others; deleting an entry drops its links by foreign-key cascade.
 */
import type { RunContext } from '../run-context.js';
import { runStatement } from '../run-sql.js';
import { call, col, columnIn, columnIs, select, table } from '../sql/build.js';
import type { TypeStorage } from '../storage-map.js';
import { insertRows } from './insert-rows.js';

/** Link entry `id` with `sourceId` and every localization of `sourceId`. */
export async function linkLocalizations(ctx: RunContext, type: TypeStorage, id: number, sourceId: number): Promise<void> {
  const l = type.localizations;
  if (!l) return;
  const self = col(undefined, l.self);
  const linked = await runStatement(ctx, select({ columns: [{ item: col(undefined, l.other), as: 'other' }], from: table(l.name), where: columnIs(l.self, sourceId) }));
  const group = [...new Set([sourceId, ...linked.map((r) => Number(r.other))])].filter((o) => o !== id);
  if (group.length === 0) return;
  const orders = await runStatement(ctx, select({
    columns: [{ item: self, as: 'self' }, { item: call('MAX', col(undefined, l.order)), as: 'last' }],
    from: table(l.name), where: columnIn(l.self, group), groupBy: [self],
  }));
  const last = new Map(orders.map((r) => [Number(r.self), Number(r.last ?? 0)]));
  const rows = [
    ...group.map((o, i) => [id, o, i + 1]),
    ...group.map((o) => [o, id, (last.get(o) ?? 0) + 1]),
  ];
  await insertRows(ctx, l.name, [l.self, l.other, l.order], rows);
}
