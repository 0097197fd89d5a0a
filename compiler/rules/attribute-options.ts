/**
 * compiler/rules: options of each attribute are of the right type and consistent (enum values, defaults).
 * A minimum above its maximum is only a warning: Strapi starts with it and refuses every value written.
 */
import { enumValueName } from '../emit/graphql/type-names.js';
import { effectiveType } from './attribute-types.js';
import type { Json, Rule, RuleContext } from './rule-context.js';

const STRINGY = new Set(['string', 'text', 'richtext', 'email', 'password', 'uid', 'enumeration']);
const NUMERIC = new Set(['integer', 'biginteger', 'float', 'decimal']);
const MEDIA_TYPES = new Set(['images', 'videos', 'files', 'audios']);
const DATE_RE: Record<string, RegExp> = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  time: /^\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/,
  datetime: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/,
};

/** Why `value` cannot be the default of a `type` attribute, or undefined when it can. */
export function checkDefault(type: string, value: unknown, enumValues: unknown): string | undefined {
  if (value === null) return undefined;
  if (type === 'json' || type === 'array') return undefined;
  if (type === 'boolean') return typeof value === 'boolean' ? undefined : 'default must be a boolean';
  if (type === 'integer') return Number.isSafeInteger(value) ? undefined : 'default must be an integer';
  if (type === 'biginteger') return (typeof value === 'string' && /^-?\d+$/.test(value)) || Number.isSafeInteger(value) ? undefined : 'default must be an integer or a string of digits';
  if (type === 'float' || type === 'decimal') return typeof value === 'number' && Number.isFinite(value) ? undefined : 'default must be a number';
  if (type === 'timestamp') return typeof value === 'number' || (typeof value === 'string' && !Number.isNaN(Date.parse(value))) ? undefined : 'default must be a date-time';
  if (DATE_RE[type]) return typeof value === 'string' && DATE_RE[type].test(value) ? undefined : `default must be a ${type} string`;
  if (typeof value !== 'string') return 'default must be a string';
  if (type === 'enumeration' && Array.isArray(enumValues) && !enumValues.includes(value)) return `default "${value}" is not one of the enum values`;
  return undefined;
}

function checkBounds(ctx: RuleContext, file: string, name: string, attr: Json, lo: string, hi: string, integer: boolean) {
  for (const key of [lo, hi]) {
    const v = attr[key];
    if (v === undefined) continue;
    const ok = integer ? Number.isSafeInteger(v) && (v as number) >= 0 : typeof v === 'number' && Number.isFinite(v);
    if (!ok) ctx.report(file, ctx.attrPointer(name, key), `${key} must be ${integer ? 'a non-negative integer' : 'a number'}`);
  }
  if (typeof attr[lo] === 'number' && typeof attr[hi] === 'number' && (attr[lo] as number) > (attr[hi] as number))
    ctx.warn(file, ctx.attrPointer(name, lo), `${lo} (${attr[lo]}) is greater than ${hi} (${attr[hi]}): no value can be written (as in Strapi, which starts with it); fix the bounds`);
}

export const attributeOptions: Rule = (ctx) => {
  for (const d of ctx.definitions) {
    for (const [name, attr] of Object.entries(d.attributes)) {
      const type = effectiveType(attr);
      if (!type) continue;
      for (const flag of ['required', 'unique', 'private', 'configurable', 'repeatable', 'multiple'])
        if (attr[flag] !== undefined && typeof attr[flag] !== 'boolean') ctx.report(d.file, ctx.attrPointer(name, flag), `${flag} must be a boolean`);
      if (type === 'enumeration') {
        const values = attr.enum;
        if (!Array.isArray(values) || values.length === 0 || values.some((v) => typeof v !== 'string' || v === ''))
          ctx.report(d.file, ctx.attrPointer(name, 'enum'), 'enumeration needs "enum": a non-empty array of non-empty strings');
        else if (new Set(values).size !== values.length) ctx.report(d.file, ctx.attrPointer(name, 'enum'), 'enum values must be unique');
        else {
          // any text is a value (Strapi too); GraphQL names are slugs of them, which must stay distinct
          const byName = new Map<string, string>();
          for (const v of values as string[]) {
            const prev = byName.get(enumValueName(v));
            if (prev !== undefined) ctx.report(d.file, ctx.attrPointer(name, 'enum'), `enum values "${prev}" and "${v}" have the same GraphQL name "${enumValueName(v)}"`);
            byName.set(enumValueName(v), v);
          }
        }
      }
      if (NUMERIC.has(type)) checkBounds(ctx, d.file, name, attr, 'min', 'max', false);
      if (STRINGY.has(type)) checkBounds(ctx, d.file, name, attr, 'minLength', 'maxLength', true);
      if (type === 'component' || type === 'dynamiczone') checkBounds(ctx, d.file, name, attr, 'min', 'max', true);
      if (attr.regex !== undefined) {
        if (typeof attr.regex !== 'string') ctx.report(d.file, ctx.attrPointer(name, 'regex'), 'regex must be a string');
        else
          try {
            new RegExp(attr.regex);
          } catch {
            ctx.report(d.file, ctx.attrPointer(name, 'regex'), `regex ${JSON.stringify(attr.regex)} is not a valid regular expression`);
          }
      }
      if (type === 'uid' && attr.targetField !== undefined) {
        const target = typeof attr.targetField === 'string' ? d.attributes[attr.targetField] : undefined;
        const tt = target && effectiveType(target);
        if (!target) ctx.report(d.file, ctx.attrPointer(name, 'targetField'), `targetField ${JSON.stringify(attr.targetField)} is not an attribute of this type`);
        else if (!tt || !['string', 'text'].includes(tt)) ctx.report(d.file, ctx.attrPointer(name, 'targetField'), `targetField "${attr.targetField}" must be a string or text attribute`);
      }
      if (attr.default !== undefined && !['relation', 'media', 'component', 'dynamiczone'].includes(type)) {
        const problem = checkDefault(type, attr.default, attr.enum);
        if (problem) ctx.report(d.file, ctx.attrPointer(name, 'default'), problem);
      }
      if (type === 'media' && attr.allowedTypes !== undefined && attr.allowedTypes !== null) {
        const v = attr.allowedTypes;
        if (!Array.isArray(v) || v.some((t) => typeof t !== 'string' || !MEDIA_TYPES.has(t)))
          ctx.report(d.file, ctx.attrPointer(name, 'allowedTypes'), 'allowedTypes must be an array of images, videos, files, audios');
      }
    }
  }
};
