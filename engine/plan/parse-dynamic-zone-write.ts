/**
 * engine/plan: a dynamic-zone value in a body -> DynamicZoneItemWrite[]: each item names its
 * component in `__component` (one of the zone's) and is validated against it; min/max counts apply;
 * null clears. Issues go to the context with paths like ['blocks', 0, 'text'].
 */
import type { DynamicZoneAttribute } from '../../compiler/model/types.js';
import { messages as m, validationIssue, type MessagePath } from '../errors/index.js';
import { isRecord } from '../request/is-record.js';
import { notAnObject, parseComponentItem } from './parse-component-item.js';
import type { DynamicZoneItemWrite } from './types.js';
import type { WriteContext } from './write-context.js';

/** The problem with an item's `__component`, in Strapi's words, or undefined when it is one of the zone's. */
function componentMessage(zone: DynamicZoneAttribute, uid: unknown, at: MessagePath): string | undefined {
  if (uid === undefined) return m.requiredField(at);
  if (uid === null || (typeof uid === 'object')) return m.type(at, 'string', uid);
  // Strapi lists every component of the project; quire lists the zone's own
  return typeof uid === 'string' && zone.components.includes(uid) ? undefined : m.oneOf(at, zone.components);
}

function item(ctx: WriteContext, zone: DynamicZoneAttribute, value: unknown, path: MessagePath): DynamicZoneItemWrite | undefined {
  if (!isRecord(value)) {
    ctx.issues.push(validationIssue(path, notAnObject(path, value, true)));
    return undefined;
  }
  const at = [...path, '__component'];
  const problem = componentMessage(zone, value.__component, at);
  if (problem !== undefined) {
    ctx.issues.push(validationIssue(at, problem));
    return undefined;
  }
  const uid = value.__component as string;
  const written = parseComponentItem(ctx, uid, value, path, true);
  return written && { component: uid, ...written };
}

/**
 *   parseDynamicZoneWrite(ctx, blocks, [{ __component: 'content.quote', text: 'q' }], ['blocks'])
 *   -> [{ component: 'content.quote', data: { scalars: { text: 'q' }, ... } }]
 *   parseDynamicZoneWrite(ctx, blocks, [{ __component: 'blocks.x' }], ['blocks']) -> undefined;
 *   "blocks[0].__component must be one of the following values: content.rich-text, content.quote, ..."
 */
export function parseDynamicZoneWrite(ctx: WriteContext, zone: DynamicZoneAttribute, value: unknown, path: MessagePath): DynamicZoneItemWrite[] | undefined {
  if (value === null) return [];
  if (!Array.isArray(value)) {
    ctx.issues.push(validationIssue(path, m.type(path, 'array', value)));
    return undefined;
  }
  if (zone.min !== undefined && value.length < zone.min && !ctx.isDraft) ctx.issues.push(validationIssue(path, m.minItems(path, zone.min)));
  if (zone.max !== undefined && value.length > zone.max) ctx.issues.push(validationIssue(path, m.maxItems(path, zone.max)));
  const items = value.map((v, i) => item(ctx, zone, v, [...path, i]));
  return items.every((x): x is DynamicZoneItemWrite => x !== undefined) ? items : undefined;
}
