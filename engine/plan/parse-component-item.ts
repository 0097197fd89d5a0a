/**
 * engine/plan: one component object of a body (a single component, an item of a repeatable one or
 * of a dynamic zone) -> ComponentWrite. With `id` it updates that row (partial data); without, it
 * creates one (required attributes and defaults apply). Issues go to the context.
 */
import { messages as m, validationIssue, type MessagePath } from '../errors/index.js';
import { isRecord } from '../request/is-record.js';
import { parseEntityId } from './parse-entity-id.js';
import type { ComponentWrite } from './types.js';
import type { WriteContext } from './write-context.js';

/**
 * A value that is not an object, in Strapi's words: a single component shows the value
 * ("seo must be a `object` type, but the final value was: `"x"`."), an item of a list shows what
 * it was cast to ("sources[0] must be a `object` type, but the final value was: `null` (cast from the value `"x"`).").
 */
export function notAnObject(path: MessagePath, value: unknown, inList: boolean): string {
  return inList && value !== null ? m.typeCast(path, 'object', null, value) : m.type(path, 'object', value);
}

/**
 * `parseComponentItem(ctx, 'shared.seo', { id: 4, metaTitle: 'x' }, ['seo'], false)`
 * -> { id: 4, data: { scalars: { metaTitle: 'x' }, ... } }
 */
export function parseComponentItem(ctx: WriteContext, uid: string, value: unknown, path: MessagePath, inList: boolean): ComponentWrite | undefined {
  if (!isRecord(value)) {
    ctx.issues.push(validationIssue(path, notAnObject(path, value, inList)));
    return undefined;
  }
  let id: number | undefined;
  // null is "no id" (GraphQL sends it for an ID left empty)
  if (value.id !== undefined && value.id !== null) {
    id = parseEntityId(value.id);
    if (id === undefined) ctx.issues.push(validationIssue([...path, 'id'], idMessage([...path, 'id'], value.id)));
  }
  const data = ctx.parseData(ctx, ctx.model.components[uid], value, id === undefined ? 'create' : 'update', path);
  return id === undefined ? { data } : { id, data };
}

function idMessage(path: MessagePath, value: unknown): string {
  if (typeof value !== 'number') return m.type(path, 'number', value);
  if (!Number.isInteger(value)) return m.integer(path);
  return value < 1 ? m.min(path, 1) : m.max(path, 2147483647);
}
