/**
 * compiler/emit/openapi: the GET query parameters (sort, pagination, fields, populate, filters,
 * publicationState, locale). Per type it emits `<Type>Sort`, `<Type>Fields` and `<Type>Populate`
 * naming the real public fields, and builds the parameter list of each read operation. Pure.
 */
import type { Component, ContentType, NormalizedModel } from '../../model/types.js';
import type { Reachable } from './reachable-types.js';
import { componentNames, componentOf, contentTypeNames, contentTypeOf, publicAttributes, ref, SHARED, targetOf, type Schema } from './schema-names.js';

/** Public scalar field names, then the automatic ones: what `fields` and `sort` accept. */
function scalarFields(owner: ContentType | Component): string[] {
  const names = publicAttributes(owner).filter((a) => a.kind === 'scalar').map((a) => a.name);
  if ('kind' in owner) {
    names.push('createdAt', 'updatedAt');
    if (owner.draftAndPublish) names.push('publishedAt');
    if (owner.localized) names.push('locale');
  }
  return names;
}

/** Names `populate` accepts: public relation, media, component and dynamic-zone attributes. */
function populatable(owner: ContentType | Component): string[] {
  const names = publicAttributes(owner).filter((a) => a.kind !== 'scalar').map((a) => a.name);
  if ('kind' in owner && owner.localized) names.push('localizations');
  if ('kind' in owner && owner.populateCreatorFields) names.push('createdBy', 'updatedBy');
  return names;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function sortSchema(owner: ContentType | Component): Schema {
  const values = ['id', ...scalarFields(owner)].flatMap((f) => [f, `${f}:asc`, `${f}:desc`]);
  const item: Schema = { type: 'string', enum: values };
  return {
    description: `Sort on one field or several (applied in array order): <field>[:asc|:desc]; :asc is the default. Fields of ${owner.uid}: ${['id', ...scalarFields(owner)].join(', ')}.`,
    anyOf: [item, { type: 'array', items: item }],
  };
}

/** `fields`: '*' or the scalar fields; an owner without scalar fields (only media, relations...) takes `*` or `[]`. */
function fieldsSchema(owner: ContentType | Component): Schema {
  const names = scalarFields(owner);
  return {
    description: `Return only these fields (id is always returned); relations, media, components and dynamic zones are chosen with populate.`,
    anyOf: [
      { type: 'string', enum: ['*', ...names] },
      names.length > 0 ? { type: 'array', items: { type: 'string', enum: names } } : { type: 'array', maxItems: 0, items: { type: 'string' } },
    ],
  };
}

/** Options of one populated relation: the target's own fields, filters, sort and populate. */
function relationOptions(model: NormalizedModel, target: string): Schema {
  const t = contentTypeNames(contentTypeOf(model, target));
  return {
    type: 'object',
    properties: { fields: ref(t.fields), filters: ref(t.filters), sort: ref(t.sort), populate: ref(t.populate) },
  };
}

/**
 * Options of one populated component: its fields and nested populate; a repeatable component's
 * items can also be filtered and sorted (a single component, or one item of a zone, cannot).
 */
function componentOptions(model: NormalizedModel, uid: string, repeatable: boolean): Schema {
  const component = componentOf(model, uid);
  const c = componentNames(component);
  const properties: Record<string, Schema> = { fields: ref(c.fields), populate: ref(c.populate) };
  if (repeatable) Object.assign(properties, { filters: ref(c.filters), sort: sortSchema(component) });
  return { type: 'object', properties };
}

/** `populate` values naming attributes of `owner` (`*`, dotted paths, comma lists) as a string pattern's body */
function namesPattern(names: readonly string[]): string | undefined {
  return names.length > 0 ? `(?:${names.map(escape).join('|')})(?:\\.[A-Za-z0-9_]+)*` : undefined;
}

function populateValue(model: NormalizedModel, owner: ContentType | Component, name: string): Schema {
  const flag = ref(SHARED.populateFlag);
  const attr = owner.attributes[name];
  if (name === 'localizations' && 'kind' in owner) return { anyOf: [flag, relationOptions(model, owner.uid)] };
  if (!attr) return flag; // createdBy / updatedBy
  if (attr.kind === 'component') return { anyOf: [flag, componentOptions(model, attr.component, attr.repeatable)] };
  if (attr.kind === 'dynamiczone') {
    const on: Record<string, Schema> = {};
    for (const uid of attr.components) on[uid] = componentOptions(model, uid, false);
    // the shared strategy names attributes of any of the zone's components (`populate[blocks][populate]=image,cards.image`)
    const names = [...new Set(attr.components.flatMap((uid) => populatable(componentOf(model, uid))))].sort();
    const path = namesPattern(names);
    const list = path ? `^(?:\\*|${path})(?:,(?:\\*|${path}))*$` : '^\\*$';
    return {
      anyOf: [flag, {
        type: 'object',
        description: 'Shared strategy (populate for every component: `*`, names of their attributes, dotted and comma-separated, or an object) or detailed strategy (on, per component).',
        properties: {
          populate: { anyOf: [{ type: 'string', pattern: list }, flag, { type: 'array', items: { type: 'string', pattern: list } }, { type: 'object' }] },
          on: { type: 'object', properties: on },
        },
      }],
    };
  }
  return { anyOf: [flag, relationOptions(model, targetOf(attr) as string)] };
}

function populateSchema(model: NormalizedModel, owner: ContentType | Component): Schema {
  const names = populatable(owner);
  const path = namesPattern(names);
  const properties: Record<string, Schema> = {};
  for (const name of names) properties[name] = populateValue(model, owner, name);
  // strapi-plugin-populate-deep, when the project enables it: `deep` or `deep,<depth>` on content-types
  const deep = model.config.populateDeep && 'kind' in owner ? '|deep(?:,\\d{1,3})?' : '';
  return {
    description: `Populate relations, media, components and dynamic zones (none by default): '*' for all one level deep, names (dotted for nested components), or an object per name with fields, filters, sort and nested populate. Populatable: ${names.join(', ') || 'none'}.${deep ? ` 'deep' or 'deep,<depth>' populates everything down to that depth (default ${model.config.populateDeep?.defaultDepth}; strapi-plugin-populate-deep).` : ''}`,
    anyOf: [
      { type: 'string', pattern: path ? `^(?:\\*|${path}(?:,${path})*${deep})$` : `^(?:\\*${deep})$` },
      { type: 'array', items: { type: 'string', pattern: path ? `^(?:\\*|${path})$` : '^\\*$' } },
      { type: 'object', properties },
    ],
  };
}

export function queryComponentSchemas(model: NormalizedModel, reach: Reachable): [string, Schema][] {
  const out: [string, Schema][] = [];
  for (const uid of reach.queryTypes) {
    const ct = contentTypeOf(model, uid);
    const n = contentTypeNames(ct);
    out.push([n.sort, sortSchema(ct)], [n.fields, fieldsSchema(ct)], [n.populate, populateSchema(model, ct)]);
  }
  for (const uid of reach.components) {
    const c = componentOf(model, uid);
    const n = componentNames(c);
    out.push([n.fields, fieldsSchema(c)], [n.populate, populateSchema(model, c)]);
  }
  return out;
}

const deep = (name: string, description: string, schema: Schema): Schema => ({ name, in: 'query', description, style: 'deepObject', explode: true, schema });

/** Which read this is: a list (`find` on a collection type), one entry by id, or a single type. */
export type ReadKind = 'list' | 'one' | 'single';

/**
 * Parameters of a read operation.
 * `readParameters(model, article, 'list')` -> sort, pagination, fields, populate, filters, publicationState.
 */
export function readParameters(model: NormalizedModel, ct: ContentType, read: ReadKind): Schema[] {
  const n = contentTypeNames(ct);
  const { defaultLimit, maxLimit } = model.config.rest;
  const params: Schema[] = [];
  if (read === 'list') {
    params.push(deep('sort', 'Sort order: sort=title:asc or sort[0]=title&sort[1]=id:desc.', ref(n.sort)));
    params.push(deep('pagination', `By page (page, pageSize) or by offset (start, limit), not both. Defaults: page 1, pageSize ${defaultLimit}; larger sizes are clamped to ${maxLimit}.`, {
      type: 'object',
      properties: {
        page: { type: 'integer', default: 1 },
        pageSize: { type: 'integer', default: defaultLimit },
        withCount: { type: 'boolean', default: model.config.rest.withCount },
        start: { type: 'integer', default: 0 },
        limit: { type: 'integer', default: defaultLimit },
      },
    }));
  }
  params.push(deep('fields', 'Fields to return: fields[0]=title&fields[1]=slug.', ref(n.fields)));
  params.push(deep('populate', 'Relations, media, components and dynamic zones to return: populate=*, populate[0]=author or populate[author][fields][0]=name.', ref(n.populate)));
  if (read === 'list') params.push(deep('filters', 'Filters: filters[title][$contains]=news&filters[author][name][$eq]=Ada.', ref(n.filters)));
  if (ct.draftAndPublish) params.push(publicationStateParameter());
  if (ct.localized && read !== 'one') params.push(localeParameter(model));
  return params;
}

function publicationStateParameter(): Schema {
  return {
    name: 'publicationState',
    in: 'query',
    description: 'live (default): published entries only; preview: drafts too.',
    schema: { type: 'string', enum: ['live', 'preview'], default: 'live' },
  };
}

export function localeParameter(model: NormalizedModel): Schema {
  const { locales, defaultLocale } = model.config.i18n;
  return {
    name: 'locale',
    in: 'query',
    description: `Locale to read or write (${locales.join(', ')}; 'all' for every locale on reads). Default: ${defaultLocale}.`,
    schema: { type: 'string' },
  };
}
