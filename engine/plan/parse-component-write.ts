/**
 * engine/plan: a component value in a body -> ComponentWrite (single) or ComponentWrite[]
 * (repeatable, with min/max counts). An item with `id` updates that component row (partial), one
 * without creates a row (required and defaults apply). null clears. Issues go to the context.
 */
import type { ComponentAttribute } from '../../compiler/model/types.js';
import { messages as m, validationIssue, type MessagePath } from '../errors/index.js';
import { parseComponentItem } from './parse-component-item.js';
import type { ComponentWrite } from './types.js';
import type { WriteContext } from './write-context.js';

/**
 *   parseComponentWrite(ctx, seo, { metaTitle: 'x' }, ['seo'])
 *   -> { data: { scalars: { metaTitle: 'x', noIndex: false }, relations: {}, media: {}, components: {}, dynamicZones: {} } }
 *   parseComponentWrite(ctx, sources, null, ['sources']) -> []
 *   parseComponentWrite(ctx, sources, [{ url: 'u' }], ['sources']) -> undefined; "sources[0].title must be defined."
 */
export function parseComponentWrite(ctx: WriteContext, attr: ComponentAttribute, value: unknown, path: MessagePath): ComponentWrite | ComponentWrite[] | null | undefined {
  if (!attr.repeatable) return value === null ? null : parseComponentItem(ctx, attr.component, value, path, false);
  if (value === null) return [];
  if (!Array.isArray(value)) {
    ctx.issues.push(validationIssue(path, m.type(path, 'array', value)));
    return undefined;
  }
  if (attr.min !== undefined && value.length < attr.min && !ctx.isDraft) ctx.issues.push(validationIssue(path, m.minItems(path, attr.min)));
  if (attr.max !== undefined && value.length > attr.max) ctx.issues.push(validationIssue(path, m.maxItems(path, attr.max)));
  const items = value.map((item, i) => parseComponentItem(ctx, attr.component, item, [...path, i], true));
  return items.every((x): x is ComponentWrite => x !== undefined) ? items : undefined;
}
