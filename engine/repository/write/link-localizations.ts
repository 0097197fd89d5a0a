/**
 * engine/repository/write: a new localization joins its group. Strapi v4 links every localization of
 * an entry to every other one in `<table>_localizations_links` (both directions), so each entry's
 * `localizations` lists all the others; deleting an entry drops its links by foreign-key cascade.
 */
import { quoteId } from '../naming.js';
import { columnIn } from '../query/sql.js';
import type { RunContext } from '../run-context.js';
import { runSql } from '../run-sql.js';
import type { TypeStorage } from '../storage-map.js';
import { insertRows } from './insert-rows.js';

/** Link entry `id` with `sourceId` and every localization of `sourceId`. */
export async function linkLocalizations(ctx: RunContext, type: TypeStorage, id: number, sourceId: number): Promise<void> {
  const l = type.localizations;
  if (!l) return;
  const [table, self, other] = [quoteId(l.name), quoteId(l.self), quoteId(l.other)];
  const linked = await runSql(ctx, `SELECT ${other} AS "other" FROM ${table} WHERE ${self} = ?`, [sourceId]);
  const group = [...new Set([sourceId, ...linked.map((r) => Number(r.other))])].filter((o) => o !== id);
  if (group.length === 0) return;
  const members = columnIn(l.self, group);
  const orders = await runSql(ctx, `SELECT ${self} AS "self", MAX(${quoteId(l.order)}) AS "last" FROM ${table} WHERE ${members.text} GROUP BY ${self}`, members.bindings);
  const last = new Map(orders.map((r) => [Number(r.self), Number(r.last ?? 0)]));
  const rows = [
    ...group.map((o, i) => [id, o, i + 1]),
    ...group.map((o) => [o, id, (last.get(o) ?? 0) + 1]),
  ];
  await insertRows(ctx, l.name, [l.self, l.other, l.order], rows);
}
