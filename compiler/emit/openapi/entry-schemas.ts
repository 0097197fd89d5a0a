/**
 * compiler/emit/openapi: response schemas. Content API shapes (`ArticleAttributes`, `ArticleEntry`,
 * `ArticleRelation`, `ArticleResponse`, ...), component and dynamic-zone outputs, and the flat records
 * the users and upload plugins answer with (`UsersPermissionsUserRecord`). Private attributes never appear.
 */
import type { Attribute, Component, ContentType, NormalizedModel } from '../../model/types.js';
import type { Reachable } from './reachable-types.js';
import { scalarOutputSchema } from './scalar-schemas.js';
import {
  componentNames, componentOf, contentTypeNames, contentTypeOf, describe, isToMany, orNull, publicAttributes,
  ref, SHARED, targetOf, type Schema,
} from './schema-names.js';

/** How relations and media are shown: Content API envelope, or flat as the plugins answer. */
type Style = 'entry' | 'record';

/** One line on what an attribute is, used as its description. */
export function attributeNote(attr: Attribute): string | undefined {
  switch (attr.kind) {
    case 'relation':
      return `Relation (${attr.relation}) to ${attr.target}.`;
    case 'media':
      return `Media (${attr.multiple ? 'multiple' : 'single'}; ${attr.allowedTypes.join(', ')}).`;
    case 'component':
      return `Component ${attr.component}${attr.repeatable ? ' (repeatable)' : ''}.`;
    case 'dynamiczone':
      return `Dynamic zone of ${attr.components.join(', ')}.`;
    default:
      return undefined;
  }
}

const POPULATE_NOTE = ' Returned only when populated.';

/** Array of dynamic-zone items, one `oneOf` branch per component, discriminated by `__component`. */
export function zoneArray(model: NormalizedModel, uids: readonly string[], name: (c: Component) => string, extra: Schema = {}): Schema {
  const mapping: Record<string, string> = {};
  for (const uid of uids) mapping[uid] = `#/components/schemas/${name(componentOf(model, uid))}`;
  return {
    type: 'array',
    items: { oneOf: uids.map((uid) => ref(name(componentOf(model, uid)))), discriminator: { propertyName: '__component', mapping } },
    ...extra,
  };
}

/** Output schema of one public attribute; `nullable` is the policy for scalars of the owner. */
function attributeOutput(model: NormalizedModel, attr: Attribute, style: Style, scalarNullable: boolean): Schema {
  const note = attributeNote(attr);
  switch (attr.kind) {
    case 'scalar':
      return scalarOutputSchema(attr, scalarNullable || !attr.required);
    case 'relation':
    case 'media': {
      const target = contentTypeNames(contentTypeOf(model, targetOf(attr) as string));
      const many = isToMany(attr);
      if (style === 'entry') return describe(note + POPULATE_NOTE, ref(many ? target.relationList : target.relation));
      return describe(note + POPULATE_NOTE, many ? { type: 'array', items: ref(target.record) } : orNull(ref(target.record)));
    }
    case 'component': {
      const c = componentNames(componentOf(model, attr.component));
      const shape = attr.repeatable ? { type: 'array', items: ref(c.output) } : orNull(ref(c.output));
      return describe(note + POPULATE_NOTE, shape);
    }
    case 'dynamiczone':
      return describe(note + POPULATE_NOTE, zoneArray(model, attr.components, (c) => componentNames(c).zoneItem));
  }
}

const FILE_UID = 'plugin::upload.file';
const DATE_TIME: Schema = { type: 'string', format: 'date-time' };

/** Properties of a type's public attributes plus the automatic ones (timestamps, locale, creators). */
function typeProperties(model: NormalizedModel, ct: ContentType, style: Style): Record<string, Schema> {
  const props: Record<string, Schema> = {};
  for (const attr of publicAttributes(ct)) props[attr.name] = attributeOutput(model, attr, style, ct.draftAndPublish);
  props.createdAt = DATE_TIME;
  props.updatedAt = DATE_TIME;
  if (ct.draftAndPublish) props.publishedAt = { ...DATE_TIME, nullable: true, description: 'null for a draft.' };
  if (ct.localized) {
    props.locale = { type: 'string', description: 'Locale code of this entry.' };
    const self = contentTypeNames(ct);
    props.localizations = describe('The other localizations.' + POPULATE_NOTE, style === 'entry' ? ref(self.relationList) : { type: 'array', items: ref(self.record) });
  }
  if (ct.populateCreatorFields && style === 'entry') {
    props.createdBy = describe('Admin user who created the entry (populateCreatorFields).', orNull(ref(SHARED.creator)));
    props.updatedBy = describe('Admin user who last updated the entry (populateCreatorFields).', orNull(ref(SHARED.creator)));
  }
  return props;
}

const ID: Schema = { type: 'integer', minimum: 1 };

/** `ArticleAttributes`, `ArticleEntry`, `ArticleRelation`, `ArticleRelationList` of one type. */
function entrySchemas(model: NormalizedModel, ct: ContentType): [string, Schema][] {
  const n = contentTypeNames(ct);
  const description = ct.description || undefined;
  return [
    [n.attributes, describe(description, { type: 'object', properties: typeProperties(model, ct, 'entry') })],
    [n.entry, describe(`An entry of ${ct.uid}.`, {
      type: 'object',
      required: ['id', 'attributes'],
      properties: { id: ID, attributes: ref(n.attributes), meta: ref(SHARED.entryMeta) },
    })],
    [n.relation, describe(`A populated to-one relation to ${ct.uid}.`, { type: 'object', properties: { data: orNull(ref(n.entry)) } })],
    // an empty multiple media field is `{ "data": null }` in Strapi v4's answers; an empty relation list `[]`
    [n.relationList, ct.uid === FILE_UID
      ? describe('A populated multiple media field: its files, or null when it holds none (as Strapi v4 answers).', {
        type: 'object',
        properties: { data: { type: 'array', items: ref(n.entry), nullable: true } },
      })
      : describe(`A populated to-many relation to ${ct.uid}.`, {
        type: 'object',
        properties: { data: { type: 'array', items: ref(n.entry) } },
      })],
  ];
}

/** `ArticleResponse` (one entry) and `ArticleListResponse` (collection types) of a routed type. */
function responseSchemas(ct: ContentType): [string, Schema][] {
  const n = contentTypeNames(ct);
  const out: [string, Schema][] = [
    [n.response, { type: 'object', required: ['data', 'meta'], properties: { data: ref(n.entry), meta: { type: 'object' } } }],
  ];
  if (ct.kind === 'collectionType') {
    out.push([n.listResponse, {
      type: 'object',
      required: ['data', 'meta'],
      properties: { data: { type: 'array', items: ref(n.entry) }, meta: ref(SHARED.listMeta) },
    }]);
  }
  return out;
}

/** A flat record (`UploadFileRecord`): id, public attributes and timestamps side by side. */
function recordSchema(model: NormalizedModel, ct: ContentType): Schema {
  return describe(`${ct.displayName} (${ct.uid}) as the ${ct.namespace} plugin returns it: flat, without the data/attributes envelope.`, {
    type: 'object',
    required: ['id'],
    properties: { id: ID, ...typeProperties(model, ct, 'record') },
  });
}

/** Component output: `id` and the public fields; as a dynamic-zone item also `__component`. */
function componentProperties(model: NormalizedModel, c: Component): Record<string, Schema> {
  const props: Record<string, Schema> = { id: ID };
  for (const attr of publicAttributes(c)) props[attr.name] = attributeOutput(model, attr, 'entry', false);
  return props;
}

export function responseComponentSchemas(model: NormalizedModel, reach: Reachable): [string, Schema][] {
  const out: [string, Schema][] = [];
  for (const uid of reach.entryTypes) out.push(...entrySchemas(model, contentTypeOf(model, uid)));
  for (const uid of reach.apiTypes) out.push(...responseSchemas(contentTypeOf(model, uid)));
  for (const uid of reach.recordTypes) out.push([contentTypeNames(contentTypeOf(model, uid)).record, recordSchema(model, contentTypeOf(model, uid))]);
  for (const uid of reach.components) {
    const c = componentOf(model, uid);
    const n = componentNames(c);
    out.push([n.output, describe(`Component ${c.uid} (${c.displayName}).`, { type: 'object', required: ['id'], properties: componentProperties(model, c) })]);
  }
  for (const uid of reach.zoneComponents) {
    const c = componentOf(model, uid);
    out.push([componentNames(c).zoneItem, describe(`Component ${c.uid} (${c.displayName}) inside a dynamic zone.`, {
      type: 'object',
      required: ['__component', 'id'],
      properties: { __component: { type: 'string', enum: [c.uid] }, ...componentProperties(model, c) },
    })]);
  }
  return out;
}
