/**
 * engine/repository/write: the components of one component or dynamic-zone attribute of one entry
 * (or component), replaced as a whole: items with an id update that component (it must already
 * belong here), items without create one, components left out are deleted with what they own;
 * the `<table>_components` links are then rewritten in the new order.
 */
import type { ComponentAttribute, DynamicZoneAttribute } from '../../../compiler/model/types.js';
import { ApplicationError, messages as m, type MessagePath } from '../../errors/index.js';
import type { ComponentWrite, DynamicZoneItemWrite, WriteData } from '../../plan/types.js';
import type { RunContext } from '../run-context.js';
import { runStatement } from '../run-sql.js';
import { and, asc, col, columnIs, select, table } from '../sql/build.js';
import { typeOf, type TypeStorage } from '../storage-map.js';
import { deleteRows, updateRow } from './change-rows.js';
import { checkCreate, compileNewComponents } from './create-statement.js';
import { deleteComponents } from './delete-owned.js';
import { insertRow, insertRows } from './insert-rows.js';
import { scalarRow } from './scalar-row.js';

const LINK_COLUMNS = ['entity_id', 'component_id', 'component_type', 'field', 'order'];

type WriteNested = (ctx: RunContext, type: TypeStorage, id: number, data: WriteData, creating: boolean, at: MessagePath) => Promise<void>;

interface Item {
  uid: string;
  write: ComponentWrite;
  /** where the item sits in the request body: `['seo']`, `['sources', 2]` */
  at: MessagePath;
}

export async function writeComponentAttribute(
  ctx: RunContext, owner: TypeStorage, ownerId: number, name: string, attr: ComponentAttribute,
  value: ComponentWrite | readonly ComponentWrite[] | null, creating: boolean, nested: WriteNested, at: MessagePath = [name],
): Promise<void> {
  const list = value === null ? [] : Array.isArray(value) ? (value as readonly ComponentWrite[]) : [value as ComponentWrite];
  // the planner gives a single component attribute one value
  if (!attr.repeatable && list.length > 1) throw new Error(`quire repository: single component ${name} given ${list.length} values`);
  await replaceComponents(ctx, owner, ownerId, name, list.map((write, i) => ({ uid: attr.component, write, at: attr.repeatable ? [...at, i] : at })), creating, nested, attr.repeatable ? 'repeatable' : 'single');
}

export async function writeDynamicZone(
  ctx: RunContext, owner: TypeStorage, ownerId: number, name: string, attr: DynamicZoneAttribute,
  items: readonly DynamicZoneItemWrite[], creating: boolean, nested: WriteNested, at: MessagePath = [name],
): Promise<void> {
  // the planner checks every item's __component against the zone
  for (const item of items) if (!attr.components.includes(item.component)) throw new Error(`quire repository: ${item.component} is not a component of ${name}`);
  await replaceComponents(ctx, owner, ownerId, name, items.map((write, i) => ({ uid: write.component, write, at: [...at, i] })), creating, nested, 'zone');
}

/**
 * A Strapi database: the `order` of the owner's links as Strapi 4.26 leaves them when it rewrites a
 * repeatable component attribute of an existing entry. Strapi renumbers the links the entry keeps
 * 1..n by their order, across every field of the link table (NULLs where the database sorts them
 * without a NULLS clause: first on SQLite and MySQL, last on PostgreSQL), before it inserts the
 * attribute's new links. Strapi reads each field's
 * components by their order within the field, so this changes nothing it answers; quire writes it so
 * that the rows are the ones Strapi writes.
 */
async function renumberLikeStrapi(ctx: RunContext, links: string, ownerId: number): Promise<void> {
  const [id, order] = [col(undefined, 'id'), col(undefined, 'order')];
  const rows = await runStatement(ctx, select({ columns: [id, order], from: table(links), where: columnIs('entity_id', ownerId), orderBy: [asc(order), asc(id)] }));
  for (const [i, r] of rows.entries()) {
    if (r.order === null || Number(r.order) !== i + 1) await updateRow(ctx, links, { order: i + 1 }, r.id);
  }
}

async function replaceComponents(ctx: RunContext, owner: TypeStorage, ownerId: number, field: string, items: Item[], creating: boolean, nested: WriteNested, kind: 'single' | 'repeatable' | 'zone'): Promise<void> {
  const links = owner.componentLinks as string;
  const ownLinks = and([columnIs('entity_id', ownerId), columnIs('field', field)]);
  const existing: { component_id: number; component_type: string }[] = creating
    ? []
    : (await runStatement(ctx, select({ columns: [col(undefined, 'component_id'), col(undefined, 'component_type')], from: table(links), where: ownLinks }))).map((r) => ({ component_id: Number(r.component_id), component_type: r.component_type as string }));
  const key = (uid: string, id: number) => `${uid}#${id}`;
  const owned = new Set(existing.map((l) => key(l.component_type, l.component_id)));
  const kept = new Set<string>();
  const ordered: { uid: string; id: number }[] = [];
  // PostgreSQL: new components only (a whole attribute replaced), in one statement
  const compiled = compileNewComponents(ctx, items);
  if (compiled) {
    const [answer] = await runStatement(ctx, compiled.statement);
    checkCreate(compiled, answer);
    items.forEach(({ uid }, i) => ordered.push({ uid, id: Number(answer[compiled.ids[i]]) }));
  }
  for (const { uid, write, at } of compiled ? [] : items) {
    const component = typeOf(ctx.storage, uid);
    let id = write.id;
    if (id !== undefined) {
      if (!owned.has(key(uid, id)) || kept.has(key(uid, id))) throw new ApplicationError(m.componentNotRelated(field));
      const row = scalarRow(component, write.data.scalars, ctx.dialect);
      if (Object.keys(row).length) await updateRow(ctx, component.table, row, id);
      await nested(ctx, component, id, write.data, false, at);
    } else {
      id = await insertRow(ctx, component.table, scalarRow(component, write.data.scalars, ctx.dialect));
      await nested(ctx, component, id, write.data, true, at);
    }
    kept.add(key(uid, id));
    ordered.push({ uid, id });
  }
  const dropped = existing.filter((l) => !kept.has(key(l.component_type, l.component_id)));
  if (!creating && existing.length) await deleteRows(ctx, links, ownLinks);
  if (dropped.length) await deleteComponents(ctx, dropped);
  if (ctx.strapi && kind === 'repeatable' && !creating) {
    // Strapi renumbers every link of the entry as it stands: the links gathered so far go in first
    await ctx.batch?.flush(ctx);
    await renumberLikeStrapi(ctx, links, ownerId);
  }
  if (ordered.length) {
    // a Strapi database: a single component's link has no order, as Strapi writes it
    const order = (i: number) => (ctx.strapi && kind === 'single' ? null : i + 1);
    const rows = ordered.map((c, i) => [ownerId, c.id, c.uid, field, order(i)]);
    if (ctx.batch) ctx.batch.add(links, LINK_COLUMNS, rows);
    else await insertRows(ctx, links, LINK_COLUMNS, rows);
  }
}
