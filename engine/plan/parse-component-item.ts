/**
 * engine/plan: one component object of a body (a single component, an item of a repeatable one or
 * of a dynamic zone) -> ComponentWrite. With `id` it updates that row (partial data); without, it
 * creates one (required attributes and defaults apply). Issues go to the context.
 */
import { isRecord } from './is-record.js';
import { issue } from './issue.js';
import { parseWriteData } from './parse-write-data.js';
import type { ComponentWrite } from './types.js';
import { messages } from './validation-messages.js';
import type { WriteContext } from './write-context.js';

type Path = readonly (string | number)[];
const INT32_MAX = 2147483647;

/** `parseComponentItem(ctx, 'shared.seo', { id: 4, metaTitle: 'x' }, ['seo'])` -> { id: 4, data: { scalars: { metaTitle: 'x' }, ... } } */
export function parseComponentItem(ctx: WriteContext, uid: string, value: unknown, path: Path): ComponentWrite | undefined {
  if (!isRecord(value)) {
    ctx.issues.push(issue(path, messages.type(path, 'object', value)));
    return undefined;
  }
  let id: number | undefined;
  if (value.id !== undefined && value.id !== null) {
    const n = typeof value.id === 'string' && /^\d{1,10}$/.test(value.id) ? Number(value.id) : value.id;
    if (typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= INT32_MAX) id = n;
    else ctx.issues.push(issue([...path, 'id'], messages.integer([...path, 'id'])));
  }
  const data = parseWriteData(ctx, ctx.model.components[uid], value, id === undefined ? 'create' : 'update', path);
  return id === undefined ? { data } : { id, data };
}
