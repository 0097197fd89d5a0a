/**
 * compiler/tolerate: `"type": "customField"` attributes get the type their plugin stores: from the project's
 * `config/custom-fields.json` first, then from the registry of well-known plugins (model/custom-fields.ts);
 * an unknown one is served as `json` with a warning saying how to map it. Rewrites the attribute in the
 * rule context (the `customField` name is kept); never touches the files read.
 */
import { CUSTOM_FIELD_STORED_TYPES, CUSTOM_FIELD_TYPES } from '../model/custom-fields.js';
import { isObject, type Rule, type RuleContext } from '../rules/rule-context.js';

const STORED = new Set<string>(CUSTOM_FIELD_STORED_TYPES);
const UID = /^(plugin|global)::[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** The project's own mapping, checked: `{"plugin::x.y": "string"}`. */
function projectMapping(ctx: RuleContext): Record<string, string> {
  const file = ctx.spec.config.customFields;
  if (!file) return {};
  if (!isObject(file.value)) {
    ctx.report(file.file, '', 'must be an object: custom field uid -> stored type, e.g. {"plugin::x.y": "string"}');
    return {};
  }
  const out: Record<string, string> = {};
  for (const [uid, type] of Object.entries(file.value)) {
    if (!UID.test(uid)) ctx.report(file.file, `/${uid}`, `"${uid}" is not a custom field uid such as "plugin::color-picker.color"`);
    else if (typeof type !== 'string' || !STORED.has(type)) ctx.report(file.file, `/${uid}`, `stored type must be one of ${CUSTOM_FIELD_STORED_TYPES.join(', ')}`);
    else out[uid] = type;
  }
  return out;
}

/**
 * `{ type: 'customField', customField: 'plugin::color-picker.color' }` -> `{ type: 'string', customField: ... }`;
 * `{ type: 'customField', customField: 'plugin::acme.widget' }` -> `{ type: 'json', ... }` and a warning.
 */
export const resolveCustomFields: Rule = (ctx) => {
  const mapped = projectMapping(ctx);
  const where = ctx.spec.config.customFields?.file ?? 'config/custom-fields.json';
  for (const d of ctx.definitions) {
    for (const [name, attr] of Object.entries(d.attributes)) {
      if (attr.type !== 'customField' || typeof attr.customField !== 'string') continue;
      const uid = attr.customField;
      const type = mapped[uid] ?? CUSTOM_FIELD_TYPES[uid]?.type;
      if (type === undefined)
        ctx.warn(d.file, ctx.attrPointer(name, 'customField'), `custom field "${uid}" is not known to quire: served as json; if its plugin stores another type, map it in ${where} ({"${uid}": "string"})`);
      d.attributes[name] = { ...attr, type: type ?? 'json' };
    }
  }
};
