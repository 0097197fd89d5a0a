/**
 * engine/plan: a dynamic-zone value in a body -> DynamicZoneItemWrite[]: each item names its
 * component in `__component` (one of the zone's) and is validated against it; min/max counts apply;
 * null clears. Issues go to the context with paths like ['blocks', 0, 'text'].
 */
import type { DynamicZoneAttribute } from '../../compiler/model/types.js';
import { isRecord } from './is-record.js';
import { issue } from './issue.js';
import { parseComponentItem } from './parse-component-item.js';
import type { DynamicZoneItemWrite } from './types.js';
import { messages } from './validation-messages.js';
import type { WriteContext } from './write-context.js';

type Path = readonly (string | number)[];

function item(ctx: WriteContext, zone: DynamicZoneAttribute, value: unknown, path: Path): DynamicZoneItemWrite | undefined {
  if (!isRecord(value)) {
    ctx.issues.push(issue(path, messages.type(path, 'object', value)));
    return undefined;
  }
  const at = [...path, '__component'];
  const uid = value.__component;
  if (uid === undefined || uid === null) {
    ctx.issues.push(issue(at, messages.defined(at)));
    return undefined;
  }
  if (typeof uid !== 'string' || !zone.components.includes(uid)) {
    ctx.issues.push(issue(at, messages.oneOf(at, zone.components)));
    return undefined;
  }
  const written = parseComponentItem(ctx, uid, value, path);
  return written && { component: uid, ...written };
}

/**
 *   parseDynamicZoneWrite(ctx, blocks, [{ __component: 'content.quote', text: 'q' }], ['blocks'])
 *   -> [{ component: 'content.quote', data: { scalars: { text: 'q' }, ... } }]
 */
export function parseDynamicZoneWrite(ctx: WriteContext, zone: DynamicZoneAttribute, value: unknown, path: Path): DynamicZoneItemWrite[] | undefined {
  if (value === null) return [];
  if (!Array.isArray(value)) {
    ctx.issues.push(issue(path, messages.type(path, 'array', value)));
    return undefined;
  }
  if (zone.min !== undefined && value.length < zone.min && !ctx.isDraft) ctx.issues.push(issue(path, messages.minItems(path, zone.min)));
  if (zone.max !== undefined && value.length > zone.max) ctx.issues.push(issue(path, messages.maxItems(path, zone.max)));
  const items = value.map((v, i) => item(ctx, zone, v, [...path, i]));
  return items.every((x): x is DynamicZoneItemWrite => x !== undefined) ? items : undefined;
}
