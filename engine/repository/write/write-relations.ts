/**
 * engine/repository/write: `set` and `connect`/`disconnect` of one relation attribute on one entry,
 * through its join table. Keeps both order columns (new links go last on the other side), moves a
 * target away from its previous owner when the relation is bidirectional and the other side is
 * to-one (oneToOne, oneToMany), and refuses unknown ids, ids given twice and bad positions.
 */
import type { RelationAttribute } from '../../../compiler/model/types.js';
import { messages as m, ValidationError, validationIssue, type MessagePath } from '../../errors/index.js';
import type { RelationPosition, RelationWrite } from '../../plan/types.js';
import { quoteId } from '../naming.js';
import type { RunContext } from '../run-context.js';
import { allOf, columnIn, columnIs, sql } from '../query/sql.js';
import { runSql, runSqlHeader } from '../run-sql.js';
import { linkSides, typeOf, type LinkSides } from '../storage-map.js';
import { deleteRows, updateRows } from './change-rows.js';
import { insertRows } from './insert-rows.js';

interface Link {
  id: number;
  other: number;
  order: number | null;
}

function invalid(at: MessagePath, message: string): ValidationError {
  return ValidationError.of([validationIssue(at, message)]);
}

/** `at`: the attribute's path in the request body (`['seo', 'author']` inside a component), for errors */
export async function writeRelation(ctx: RunContext, selfId: number, name: string, attr: RelationAttribute, write: RelationWrite, creating: boolean, at: MessagePath = [name]): Promise<void> {
  const s = linkSides(attr);
  const wanted = write.kind === 'set' ? write.ids : write.connect.map((c) => c.id);
  // the planner refuses an id given twice and keeps one id of a to-one relation
  const twice = wanted.find((id, i) => wanted.indexOf(id) !== i);
  if (twice !== undefined) throw invalid(at, m.relationTwice(at, twice));
  if (!attr.toMany && wanted.length > 1) throw new Error(`quire repository: to-one relation ${name} given ${wanted.length} ids`);
  if (creating && write.kind === 'set' && !takesAway(attr)) return insertNewLinks(ctx, s, attr, at, selfId, write.ids);
  await checkExist(ctx, attr, at, wanted);
  const current = creating ? [] : await currentLinks(ctx, s, selfId);
  const final = finalOrder(at, attr, current.map((l) => l.other), write);
  await applyLinks(ctx, s, attr, selfId, current, final);
}

export const missingTargets = (attr: RelationAttribute, at: MessagePath, count: number) => invalid(at, m.relationsNotFound(count, attr.target));

/** bidirectional and the other side holds one entry at most: linking takes the target away from its previous owner */
export const takesAway = (attr: RelationAttribute) => attr.inverse !== undefined && (attr.relation === 'oneToOne' || attr.relation === 'oneToMany');

/**
 * The links of a new entry in one statement: INSERT ... SELECT from the target table, so ids that
 * do not exist insert nothing (and are reported as missing), with this side's order 1..n and the
 * other side's order after the target's last link.
 *   INSERT INTO "articles_tags_links" ("article_id", "tag_id", "tag_order", "article_order")
 *   SELECT CAST(? AS integer), "t"."id", CASE "t"."id" WHEN ? THEN CAST(? AS real) ... END,
 *     COALESCE((SELECT MAX("l"."article_order") FROM "articles_tags_links" AS "l" WHERE "l"."tag_id" = "t"."id"), 0) + 1
 *   FROM "tags" AS "t" WHERE "t"."id" IN (?, ?) RETURNING "tag_id"
 */
async function insertNewLinks(ctx: RunContext, s: LinkSides, attr: RelationAttribute, at: MessagePath, selfId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const bindings: unknown[] = [selfId];
  if (s.selfOrder) ids.forEach((id, i) => bindings.push(id, i + 1));
  bindings.push(...ids);
  const text = newLinksSql(ctx, s, attr, ids.length);
  // without RETURNING (MySQL), the header's count of inserted rows
  const inserted = ctx.dialect.insertReturning ? (await runSql(ctx, text, bindings)).length : (await runSqlHeader(ctx, text, bindings)).affectedRows;
  if (inserted < ids.length) throw missingTargets(attr, at, ids.length - inserted);
}

/** insertNewLinks' text per link table, side and id count, built once per repository (the statement caches then find the same string) */
function newLinksSql(ctx: RunContext, s: LinkSides, attr: RelationAttribute, count: number): string {
  const key = `new links ${s.table} ${s.self} ${attr.target} ${count}`;
  let text = ctx.texts.get(key);
  if (text !== undefined) return text;
  const target = typeOf(ctx.storage, attr.target);
  const cast = (kind: 'ref' | 'order') => ctx.dialect.cast('?', kind);
  const columns = [s.self, s.other, ...(s.selfOrder ? [s.selfOrder] : []), ...(s.otherOrder ? [s.otherOrder] : [])];
  const values = [cast('ref'), '"t"."id"'];
  const marks = Array.from({ length: count }, () => '?');
  if (s.selfOrder) values.push(`CASE "t"."id" ${marks.map(() => `WHEN ? THEN ${cast('order')}`).join(' ')} END`);
  if (s.otherOrder) {
    values.push(`COALESCE((SELECT MAX("l".${quoteId(s.otherOrder)}) FROM ${quoteId(s.table)} AS "l" WHERE "l".${quoteId(s.other)} = "t"."id"), 0) + 1`);
  }
  text =
    `INSERT INTO ${quoteId(s.table)} (${columns.map(quoteId).join(', ')}) SELECT ${values.join(', ')} FROM ${quoteId(target.table)} AS "t" ` +
    `WHERE "t"."id" IN (${marks.join(', ')})${ctx.dialect.insertReturning ? ` RETURNING ${quoteId(s.other)}` : ''}`;
  // past 100 ids per write they are not kept
  if (count <= 100) ctx.texts.set(key, text);
  return text;
}

async function checkExist(ctx: RunContext, attr: RelationAttribute, at: MessagePath, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const target = typeOf(ctx.storage, attr.target);
  const known = columnIn('id', ids);
  const found = new Set((await runSql(ctx, `SELECT "id" FROM ${quoteId(target.table)} WHERE ${known.text}`, known.bindings)).map((r) => Number(r.id)));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw missingTargets(attr, at, missing.length);
}

async function currentLinks(ctx: RunContext, s: LinkSides, selfId: number): Promise<Link[]> {
  const order = s.selfOrder ? `, ${quoteId(s.selfOrder)} AS "order"` : '';
  const orderBy = s.selfOrder ? `${ctx.dialect.orderBy(quoteId(s.selfOrder), 'asc', 'last')}, "id" ASC` : '"id" ASC';
  const rows = await runSql(ctx, `SELECT "id", ${quoteId(s.other)} AS "other"${order} FROM ${quoteId(s.table)} WHERE ${quoteId(s.self)} = ? ORDER BY ${orderBy}`, [selfId]);
  return rows.map((r) => ({ id: Number(r.id), other: Number(r.other), order: r.order === null || r.order === undefined ? null : Number(r.order) }));
}

/** The related ids in their final order after the write. */
function finalOrder(at: MessagePath, attr: RelationAttribute, current: number[], write: RelationWrite): number[] {
  if (write.kind === 'set') return [...write.ids];
  let list = current.filter((id) => !write.disconnect.includes(id));
  for (const { id, position } of write.connect) {
    if (!attr.toMany) {
      // an anchor names an entry of the relation as it stands (to-one: its one entry, if any)
      insertIndex(at, id, list.filter((x) => x !== id), position);
      list = [id];
      continue;
    }
    // an id already linked moves too: its position defaults to {end: true}, as for a new one
    list = list.filter((x) => x !== id);
    list.splice(insertIndex(at, id, list, position), 0, id);
  }
  return list;
}

function insertIndex(at: MessagePath, id: number, list: number[], position: RelationPosition | undefined): number {
  if (!position || 'end' in position) return list.length;
  if ('start' in position) return 0;
  const anchor = 'before' in position ? position.before : position.after;
  const index = list.indexOf(anchor);
  if (index < 0) throw invalid(at, m.relationAnchor(id, position, anchor));
  return 'before' in position ? index : index + 1;
}

async function applyLinks(ctx: RunContext, s: LinkSides, attr: RelationAttribute, selfId: number, current: Link[], final: number[]): Promise<void> {
  const keep = new Set(final);
  const removed = current.filter((l) => !keep.has(l.other));
  if (removed.length) await deleteRows(ctx, s.table, columnIn('id', removed.map((l) => l.id)));
  const existing = new Map(current.filter((l) => keep.has(l.other)).map((l) => [l.other, l]));
  const added = final.filter((id) => !existing.has(id));
  if (added.length === 0 && isSorted(final.map((id) => existing.get(id)?.order ?? null))) return;
  // bidirectional and the other side holds one entry at most: take the target away from its
  // previous owner (Strapi does this for bidirectional oneToOne/oneToMany only; a unidirectional
  // oneToMany such as edition.contents may list an article another entry lists too)
  if (added.length && takesAway(attr)) {
    await deleteRows(ctx, s.table, allOf(columnIn(s.other, added), sql(`NOT ${quoteId(s.self)} = ?`, [selfId])));
  }
  const otherOrders = new Map<number, number>();
  if (added.length && s.otherOrder) {
    const linked = columnIn(s.other, added);
    const rows = await runSql(ctx, `SELECT ${quoteId(s.other)} AS "other", MAX(${quoteId(s.otherOrder)}) AS "max" FROM ${quoteId(s.table)} WHERE ${linked.text} GROUP BY ${quoteId(s.other)}`, linked.bindings);
    for (const r of rows) otherOrders.set(Number(r.other), Number(r.max ?? 0));
  }
  const orders = positions(final, existing);
  for (const [id, link] of existing) {
    const order = orders.get(id) as number;
    if (s.selfOrder && link.order !== order) await updateRows(ctx, s.table, { [s.selfOrder]: order }, columnIs('id', link.id));
  }
  if (added.length) {
    const columns = [s.self, s.other, ...(s.selfOrder ? [s.selfOrder] : []), ...(s.otherOrder ? [s.otherOrder] : [])];
    await insertRows(ctx, s.table, columns, added.map((id) => [
      selfId,
      id,
      ...(s.selfOrder ? [orders.get(id)] : []),
      ...(s.otherOrder ? [(otherOrders.get(id) ?? 0) + 1] : []),
    ]));
  }
}

function isSorted(orders: (number | null)[]): boolean {
  return orders.every((o, i) => o !== null && (i === 0 || (orders[i - 1] as number) < o));
}

/**
 * Order values for the final list: kept links keep theirs when they are still ascending (new links
 * slot in between, fractional), otherwise everything is renumbered 1..n.
 */
function positions(final: number[], existing: Map<number, Link>): Map<number, number> {
  const kept = final.filter((id) => existing.has(id)).map((id) => existing.get(id)?.order ?? null);
  const out = new Map<number, number>();
  if (!isSorted(kept)) {
    final.forEach((id, i) => out.set(id, i + 1));
    return out;
  }
  let prev = 0;
  for (let i = 0; i < final.length; i++) {
    const link = existing.get(final[i]);
    if (link) {
      prev = link.order as number;
      out.set(final[i], prev);
      continue;
    }
    const next = final.slice(i + 1).map((id) => existing.get(id)?.order).find((o) => o !== undefined && o !== null);
    prev = next === undefined || next === null ? prev + 1 : (prev + next) / 2;
    out.set(final[i], prev);
  }
  return out;
}
