/** compiler/rules: a content-type has a kind, info with kebab-case API ids, attributes; a component has attributes. */
import { API_ID } from '../model/names.js';
import { isObject, type Rule } from './rule-context.js';

export const definitionShape: Rule = (ctx) => {
  for (const d of ctx.definitions) {
    if (d.builtin) continue;
    const s = d.schema;
    if (!isObject(s.attributes)) ctx.report(d.file, '/attributes', 'missing "attributes" object');
    else
      for (const [name, attr] of Object.entries(s.attributes))
        if (!isObject(attr)) ctx.report(d.file, ctx.attrPointer(name), 'attribute definition must be an object');
    if (s.collectionName !== undefined && (typeof s.collectionName !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(s.collectionName)))
      ctx.report(d.file, '/collectionName', `collectionName must be a SQL-safe name (letters, digits, _), got ${JSON.stringify(s.collectionName)}`);
    if (d.kind === 'component') {
      if (d.uid.split('.').some((p) => !API_ID.test(p))) ctx.report(d.file, '', `component name "${d.uid}" must be kebab-case (category and file name)`);
      continue;
    }
    if (s.kind !== 'collectionType' && s.kind !== 'singleType')
      ctx.report(d.file, '/kind', `kind must be "collectionType" or "singleType", got ${JSON.stringify(s.kind)}`);
    const info = isObject(s.info) ? s.info : undefined;
    if (!info) {
      ctx.report(d.file, '/info', 'missing "info" object');
      continue;
    }
    for (const key of ['singularName', 'pluralName'] as const) {
      const v = info[key];
      if (typeof v !== 'string' || !API_ID.test(v)) ctx.report(d.file, `/info/${key}`, `info.${key} must be a kebab-case API id, got ${JSON.stringify(v)}`);
    }
    if (typeof info.singularName === 'string' && info.singularName === info.pluralName)
      ctx.report(d.file, '/info/pluralName', 'info.singularName and info.pluralName must differ');
    if (info.displayName !== undefined && typeof info.displayName !== 'string') ctx.report(d.file, '/info/displayName', 'info.displayName must be a string');
    const options = s.options;
    if (options !== undefined && !isObject(options)) ctx.report(d.file, '/options', '"options" must be an object');
    if (isObject(options))
      for (const key of ['draftAndPublish', 'populateCreatorFields'])
        if (options[key] !== undefined && typeof options[key] !== 'boolean') ctx.report(d.file, `/options/${key}`, `options.${key} must be a boolean`);
  }
};
