/**
 * compiler/rules: the i18n plugin's options. `pluginOptions.i18n.localized` is a boolean; on an
 * attribute, `localized: false` (shared by every localization) needs a localized content-type, and
 * components take no i18n option on their own attributes (they follow the attribute that holds them).
 */
import { isObject, type Rule, type RuleContext, type Definition } from './rule-context.js';

function localizedOption(ctx: RuleContext, file: string, pointer: string, pluginOptions: unknown): boolean | undefined {
  if (!isObject(pluginOptions) || pluginOptions.i18n === undefined) return undefined;
  const i18n = pluginOptions.i18n;
  if (!isObject(i18n) || (i18n.localized !== undefined && typeof i18n.localized !== 'boolean')) {
    ctx.report(file, pointer, 'pluginOptions.i18n must be {"localized": true | false}');
    return undefined;
  }
  return i18n.localized as boolean | undefined;
}

function checkDefinition(ctx: RuleContext, d: Definition): void {
  const typeLocalized = d.kind === 'contentType' ? localizedOption(ctx, d.file, '/pluginOptions/i18n', d.schema.pluginOptions) === true : false;
  for (const [name, attr] of Object.entries(d.attributes)) {
    const localized = localizedOption(ctx, d.file, ctx.attrPointer(name, 'pluginOptions', 'i18n'), attr.pluginOptions);
    if (localized !== false || d.builtin) continue;
    if (d.kind === 'component') {
      ctx.report(d.file, ctx.attrPointer(name, 'pluginOptions', 'i18n'), 'component attributes take no i18n option; set it on the attribute that holds the component');
    } else if (!typeLocalized) {
      ctx.report(d.file, ctx.attrPointer(name, 'pluginOptions', 'i18n'), `"localized": false needs a localized content-type ("pluginOptions": {"i18n": {"localized": true}} on ${d.uid})`);
    }
  }
}

export const i18nOptions: Rule = (ctx) => {
  for (const d of ctx.definitions) checkDefinition(ctx, d);
  const v = ctx.spec.config.i18n?.value;
  if (isObject(v) && Array.isArray(v.locales)) {
    const seen = new Set<unknown>();
    v.locales.forEach((code, i) => {
      if (seen.has(code)) ctx.report(ctx.spec.config.i18n!.file, `/locales/${i}`, `locale "${String(code)}" is listed twice`);
      seen.add(code);
    });
  }
};
