/** compiler/rules: every attribute has a known type; custom fields name a known underlying type. */
import { SCALAR_TYPES } from '../model/types.js';
import type { Rule } from './rule-context.js';

export const NON_SCALAR_TYPES = ['relation', 'media', 'component', 'dynamiczone'] as const;
/** custom fields of well-known plugins, by name, with the type they store */
export const KNOWN_CUSTOM_FIELDS: Readonly<Record<string, string>> = {
  'plugin::color-picker.color': 'string',
};
const known = new Set<string>([...SCALAR_TYPES, 'JSON', ...NON_SCALAR_TYPES]);

/** The type an attribute is served as: `customField` resolves to its underlying type; `JSON` is `json`. */
export function effectiveType(attr: Record<string, unknown>): string | undefined {
  let t = attr.type;
  if (t === 'customField' && typeof attr.customField === 'string') t = KNOWN_CUSTOM_FIELDS[attr.customField];
  if (t === 'JSON') t = 'json';
  return typeof t === 'string' ? t : undefined;
}

export const attributeTypes: Rule = (ctx) => {
  for (const d of ctx.definitions) {
    for (const [name, attr] of Object.entries(d.attributes)) {
      const at = ctx.attrPointer(name, 'type');
      if (attr.type === undefined) ctx.report(d.file, at, 'missing "type"');
      else if (attr.type === 'customField') {
        if (typeof attr.customField !== 'string') ctx.report(d.file, ctx.attrPointer(name, 'customField'), 'type "customField" needs a "customField" name');
        else if (!KNOWN_CUSTOM_FIELDS[attr.customField])
          ctx.report(d.file, at, `custom field "${attr.customField}" has no known underlying type: write its stored type in "type" and keep "customField"`);
      } else if (typeof attr.type !== 'string' || !known.has(attr.type)) ctx.report(d.file, at, `unknown type ${JSON.stringify(attr.type)}`);
      else if (d.kind === 'component' && attr.type === 'dynamiczone') ctx.report(d.file, at, 'a component cannot hold a dynamic zone');
    }
  }
};
