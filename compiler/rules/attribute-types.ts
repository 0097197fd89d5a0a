/**
 * compiler/rules: every attribute has a known type. Custom fields were given their stored type before the
 * rules ran (tolerate/custom-fields.ts); one left as `customField` has no `customField` name.
 */
import { SCALAR_TYPES } from '../model/types.js';
import type { Rule } from './rule-context.js';

export const NON_SCALAR_TYPES = ['relation', 'media', 'component', 'dynamiczone'] as const;
const known = new Set<string>([...SCALAR_TYPES, 'JSON', ...NON_SCALAR_TYPES]);

/** The type an attribute is served as (`JSON` is `json`); undefined for an unresolved `customField`. */
export function effectiveType(attr: Record<string, unknown>): string | undefined {
  let t = attr.type;
  if (t === 'customField') return undefined;
  if (t === 'JSON') t = 'json';
  return typeof t === 'string' ? t : undefined;
}

export const attributeTypes: Rule = (ctx) => {
  for (const d of ctx.definitions) {
    for (const [name, attr] of Object.entries(d.attributes)) {
      const at = ctx.attrPointer(name, 'type');
      if (attr.type === undefined) ctx.report(d.file, at, 'missing "type"');
      else if (attr.type === 'customField') ctx.report(d.file, ctx.attrPointer(name, 'customField'), 'type "customField" needs a "customField" name such as "plugin::color-picker.color"');
      else if (typeof attr.type !== 'string' || !known.has(attr.type)) ctx.report(d.file, at, `unknown type ${JSON.stringify(attr.type)}`);
      else if (d.kind === 'component' && attr.type === 'dynamiczone') ctx.report(d.file, at, 'a component cannot hold a dynamic zone');
    }
  }
};
