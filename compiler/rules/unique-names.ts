/** compiler/rules: API ids, table names and GraphQL type names are unique across the whole spec. */
import { componentTypeName, contentTypeTypeName, snakeCase } from '../model/names.js';
import { isObject, type Rule } from './rule-context.js';

export const uniqueNames: Rule = (ctx) => {
  const apiIds = new Map<string, string>();
  const tables = new Map<string, string>();
  const typeNames = new Map<string, string>();
  const claim = (map: Map<string, string>, key: string, owner: string, file: string, pointer: string, what: string) => {
    const prev = map.get(key);
    if (prev !== undefined && prev !== owner) ctx.report(file, pointer, `${what} "${key}" is already used by ${prev}`);
    else map.set(key, owner);
  };
  for (const d of ctx.definitions) {
    const info = isObject(d.schema.info) ? d.schema.info : {};
    if (d.kind === 'contentType') {
      if (!d.builtin)
        for (const key of ['singularName', 'pluralName'])
          if (typeof info[key] === 'string') claim(apiIds, info[key] as string, d.uid, d.file, `/info/${key}`, 'API id');
      if (typeof info.singularName === 'string') {
        const ns = d.uid.startsWith('api::') ? 'api' : d.uid.slice('plugin::'.length).split('.')[0];
        claim(typeNames, contentTypeTypeName(ns, info.singularName), d.uid, d.file, '/info/singularName', 'GraphQL type name');
      }
    } else claim(typeNames, componentTypeName(d.uid), d.uid, d.file, '', 'GraphQL type name');
    const table = typeof d.schema.collectionName === 'string' ? d.schema.collectionName : defaultTable(d.kind, d.uid, info);
    if (table) claim(tables, table.toLowerCase(), d.uid, d.file, '/collectionName', 'collection name');
  }
};

export function defaultTable(kind: string, uid: string, info: Record<string, unknown>): string | undefined {
  if (kind === 'component') {
    const [category, name] = uid.split('.');
    return `components_${snakeCase(category)}_${snakeCase(name)}s`;
  }
  return typeof info.pluralName === 'string' ? snakeCase(info.pluralName) : undefined;
}
