/**
 * compiler/tolerate: attribute options Strapi v4 starts with although they cannot work, dropped with a
 * warning: a `regex` that is not a regular expression, a uid `targetField` that names no string or text
 * attribute, and a `default` of the wrong type (Strapi keeps it and refuses every create that leaves the
 * attribute out). Rewrites attributes in the rule context.
 */
import { checkDefault } from '../rules/attribute-options.js';
import { effectiveType } from '../rules/attribute-types.js';
import type { Json, Rule } from '../rules/rule-context.js';

const without = (attr: Json, key: string): Json => {
  const rest = { ...attr };
  delete rest[key];
  return rest;
};

export const tolerateAttributeOptions: Rule = (ctx) => {
  for (const d of ctx.definitions) {
    for (const [name, attr] of Object.entries(d.attributes)) {
      const type = effectiveType(attr);
      if (typeof attr.regex === 'string') {
        try {
          new RegExp(attr.regex);
        } catch {
          d.attributes[name] = without(d.attributes[name], 'regex');
          ctx.warn(d.file, ctx.attrPointer(name, 'regex'), `regex ${JSON.stringify(attr.regex)} is not a valid regular expression: ignored (Strapi starts with it); fix or remove it`);
        }
      }
      if (type === 'uid' && typeof attr.targetField === 'string') {
        const target = d.attributes[attr.targetField];
        const tt = target && effectiveType(target);
        if (!tt || !['string', 'text'].includes(tt)) {
          d.attributes[name] = without(d.attributes[name], 'targetField');
          ctx.warn(d.file, ctx.attrPointer(name, 'targetField'), `targetField "${attr.targetField}" is not a string or text attribute of this type: ignored (Strapi starts with it); name one or remove targetField`);
        }
      }
      if (type && attr.default !== undefined && !['relation', 'media', 'component', 'dynamiczone'].includes(type)) {
        const problem = checkDefault(type, attr.default, attr.enum);
        if (problem) {
          d.attributes[name] = without(d.attributes[name], 'default');
          ctx.warn(d.file, ctx.attrPointer(name, 'default'), `${problem}: ignored (Strapi keeps it and refuses every create that leaves "${name}" out); fix the default`);
        }
      }
    }
  }
};
