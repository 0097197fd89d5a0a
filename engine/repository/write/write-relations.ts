/**
 * engine/repository/write: `set` and `connect`/`disconnect` of one relation attribute on one entry,
 * through its join table. Keeps both order columns (new links go last on the other side), moves a
 * target away from its previous owner when the relation is bidirectional and the other side is
 * to-one (oneToOne, oneToMany), and refuses unknown ids, ids given twice and bad positions.
 */
import type { RelationAttribute } from '../../../compiler/model/types.js';
import { messages as m, ValidationError, validationIssue, type MessagePath } from '../../errors/index.js';
import type { RelationPosition, RelationWrite } from '../../plan/types.js';
import type { RunContext } from '../run-context.js';
import { runStatement, runStatementHeader, shaped } from '../run-sql.js';
import { and, asc, call, caseOf, cast, col, columnIn, columnIs, inList, not, param, select, Slot, table } from '../sql/build.js';
import type { Expr, Insert } from '../sql/sql-node.js';
import { linkSides, typeOf, type LinkSides } from '../storage-map.js';
import { deleteRows, updateRow } from './change-rows.js';
import { lastOrderPlusOne } from './create-statement.js';
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
  // the values in text order: the entry's id, each id and its order, the ids
  const values: unknown[] = [selfId];
  if (s.selfOrder) ids.forEach((id, i) => values.push(id, i + 1));
  values.push(...ids);
  // past 100 ids per write the shape is not kept
  const statement = ids.length <= 100
    ? shaped(ctx, `new links ${s.table} ${s.self} ${attr.target} ${ids.length}`, () => newLinks(ctx, s, attr, ids.length, (n) => param(new Slot(n))), values)
    : newLinks(ctx, s, attr, ids.length, (n) => param(values[n]));
  // without RETURNING (MySQL), the header's count of inserted rows
  const inserted = ctx.dialect.insertReturning ? (await runStatement(ctx, statement)).length : (await runStatementHeader(ctx, statement)).affectedRows;
  if (inserted < ids.length) throw missingTargets(attr, at, ids.length - inserted);
}

/** insertNewLinks' statement for `count` ids, value n (in text order) given by `value(n)` */
function newLinks(ctx: RunContext, s: LinkSides, attr: RelationAttribute, count: number, value: (n: number) => Expr): Insert {
  const target = typeOf(ctx.storage, attr.target);
  const columns = [s.self, s.other, ...(s.selfOrder ? [s.selfOrder] : []), ...(s.otherOrder ? [s.otherOrder] : [])];
  const values: Expr[] = [cast(value(0), 'ref'), col('t', 'id')];
  const positions = Array.from({ length: count }, (_, i) => i);
  if (s.selfOrder) values.push(caseOf(col('t', 'id'), positions.map((i) => [value(1 + 2 * i), cast(value(2 + 2 * i), 'order')] as const)));
  if (s.otherOrder) values.push(lastOrderPlusOne(s.table, s.other, s.otherOrder));
  const first = 1 + (s.selfOrder ? 2 * count : 0);
  const rows = select({ columns: values, from: table(target.table, 't'), where: inList(col('t', 'id'), positions.map((i) => value(first + i))) });
  return { kind: 'insert', table: s.table, columns, rows, ...(ctx.dialect.insertReturning ? { returning: [col(undefined, s.other)] } : {}) };
}

async function checkExist(ctx: RunContext, attr: RelationAttribute, at: MessagePath, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const target = typeOf(ctx.storage, attr.target);
  const found = new Set((await runStatement(ctx, select({ columns: [col(undefined, 'id')], from: table(target.table), where: columnIn('id', ids) }))).map((r) => Number(r.id)));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw missingTargets(attr, at, missing.length);
}

async function currentLinks(ctx: RunContext, s: LinkSides, selfId: number): Promise<Link[]> {
  const id = col(undefined, 'id');
  const rows = await runStatement(ctx, select({
    columns: [id, { item: col(undefined, s.other), as: 'other' }, ...(s.selfOrder ? [{ item: col(undefined, s.selfOrder), as: 'order' }] : [])],
    from: table(s.table),
    where: columnIs(s.self, selfId),
    orderBy: [...(s.selfOrder ? [asc(col(undefined, s.selfOrder), 'last')] : []), asc(id)],
  }));
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
    await deleteRows(ctx, s.table, and([columnIn(s.other, added), not(columnIs(s.self, selfId))]));
  }
  const otherOrders = new Map<number, number>();
  if (added.length && s.otherOrder) {
    const other = col(undefined, s.other);
    const rows = await runStatement(ctx, select({
      columns: [{ item: other, as: 'other' }, { item: call('MAX', col(undefined, s.otherOrder)), as: 'max' }],
      from: table(s.table), where: columnIn(s.other, added), groupBy: [other],
    }));
    for (const r of rows) otherOrders.set(Number(r.other), Number(r.max ?? 0));
  }
  const orders = positions(final, existing);
  for (const [id, link] of existing) {
    const order = orders.get(id) as number;
    if (s.selfOrder && link.order !== order) await updateRow(ctx, s.table, { [s.selfOrder]: order }, link.id);
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
