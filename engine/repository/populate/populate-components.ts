/**
 * engine/repository/populate: components and dynamic zones, through `<table>_components`. A
 * component attribute is one query (link JOIN component table); a dynamic zone is one query too,
 * LEFT JOINing each allowed component table with prefixed column aliases, then one query per
 * nested attribute per component type (through `next`, populate.ts's populateEntries).
 */
import type { ComponentAttribute, DynamicZoneAttribute } from '../../../compiler/model/types.js';
import type { Entry, PopulateSpec, PublicationState } from '../../plan/types.js';
import { zoneItemSpec } from '../../plan/zone-item-spec.js';
import type { Selection } from '../query/select-fields.js';
import { and, asc, col, eq, inList, param, select, table } from '../sql/build.js';
import type { Join } from '../sql/sql-node.js';
import type { RunContext } from '../run-context.js';
import { typeOf, type TypeStorage } from '../storage-map.js';
import { runStatementValues } from '../run-sql.js';
import { populateLinked, type PopulateNext } from './populate-linked.js';

export async function populateComponent(
  ctx: RunContext, type: TypeStorage, entries: Entry[], name: string, attr: ComponentAttribute, spec: PopulateSpec, state: PublicationState,
  next: PopulateNext,
): Promise<void> {
  if (!type.componentLinks) return;
  const component = typeOf(ctx.storage, attr.component);
  // filters and sort narrow and order a repeatable component's items; a single one has none
  const own = attr.repeatable ? spec : { ...spec, where: undefined, sort: undefined };
  await populateLinked(ctx, entries, name, attr.repeatable, component, own, state, {
    table: type.componentLinks, owner: 'entity_id', target: 'component_id', order: 'order',
    where: [['field', name], ['component_type', attr.component]],
  }, next);
}

export async function populateDynamicZone(
  ctx: RunContext, type: TypeStorage, entries: Entry[], name: string, attr: DynamicZoneAttribute, spec: PopulateSpec, state: PublicationState,
  next: PopulateNext,
): Promise<void> {
  if (!type.componentLinks || entries.length === 0) return;
  const l = 'l0';
  // `on` lists the component types to return; the others are left out, as Strapi v4 does
  const listed = spec.on ? attr.components.filter((uid) => spec.on?.[uid]) : attr.components;
  if (listed.length === 0) {
    for (const e of entries) e[name] = [];
    return;
  }
  // a row: the owner's id, the component type, then each part's selection in turn
  let at = 2;
  const parts = listed.map((uid, i) => {
    const component = typeOf(ctx.storage, uid);
    const alias = `c${i}`;
    const selection = ctx.selections.of(component, itemSpec(spec, uid, component).fields, alias, `${alias}__`);
    const part = { uid, component, alias, selection, at };
    at += selection.columns.length;
    return part;
  });
  const ids = [...new Set(entries.map((e) => e.id))].map(param);
  const joins: Join[] = parts.map((p) => ({
    left: true, source: table(p.component.table, p.alias),
    on: and([eq(col(l, 'component_type'), param(p.uid)), eq(col(p.alias, 'id'), col(l, 'component_id'))]),
  }));
  const where = and([
    inList(col(l, 'entity_id'), ids),
    eq(col(l, 'field'), param(name)),
    ...(spec.on ? [inList(col(l, 'component_type'), listed.map(param))] : []),
  ]);
  const rows = await runStatementValues(ctx, select({
    columns: [{ item: col(l, 'entity_id'), as: '__owner' }, { item: col(l, 'component_type'), as: '__component' }, ...parts.flatMap((p) => p.selection.nodes)],
    from: table(type.componentLinks, l), joins, where,
    orderBy: [asc(col(l, 'entity_id')), asc(col(l, 'order'), 'last'), asc(col(l, 'id'))],
  }));
  const byOwner = new Map<number, Entry[]>();
  const byComponent = new Map<string, Entry[]>();
  for (const row of rows) {
    const part = parts.find((p) => p.uid === row[1]);
    // the part's id column is its selection's first (select-fields.ts)
    if (!part || row[part.at] === null || row[part.at] === undefined) continue;
    const item = itemOf(row, part.selection, part.at, part.uid);
    const owner = Number(row[0]);
    const own = byOwner.get(owner);
    if (own) own.push(item);
    else byOwner.set(owner, [item]);
    const same = byComponent.get(part.uid);
    if (same) same.push(item);
    else byComponent.set(part.uid, [item]);
  }
  for (const e of entries) e[name] = byOwner.get(e.id) ?? [];
  for (const [uid, items] of byComponent) {
    const component = typeOf(ctx.storage, uid);
    const nested = itemSpec(spec, uid, component).populate;
    if (nested) await next(ctx, component, items, nested, state);
  }
}

/** what the zone's populate asks of component `uid` (plan/zone-item-spec.ts) */
export function itemSpec(spec: PopulateSpec, uid: string, component: TypeStorage): PopulateSpec {
  return zoneItemSpec(spec, uid, { hasAttribute: (name) => Object.hasOwn(component.attributes, name), hasField: (name) => component.fields.has(name) });
}

function itemOf(row: readonly unknown[], selection: Selection, at: number, uid: string): Entry {
  const decoded = selection.decodeAt(row, at);
  const { id, ...rest } = decoded;
  return { id, __component: uid, ...rest };
}
