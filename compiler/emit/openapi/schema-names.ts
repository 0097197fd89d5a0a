/**
 * compiler/emit/openapi: every component name of the OpenAPI document and the small schema helpers the
 * other modules share. Names are the model's GraphQL type name plus a role suffix (`Article` ->
 * `ArticleEntry`), so no other module builds a component name from strings. Pure; no I/O.
 */
import type { Attribute, Component, ContentType, NormalizedModel } from '../../model/types.js';

/** A JSON Schema (OpenAPI 3.0 flavour) as plain data. */
export type Schema = Record<string, unknown>;

/** `ref('ArticleEntry')` -> `{ $ref: '#/components/schemas/ArticleEntry' }` */
export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

/**
 * Only `null`. OpenAPI 3.0 has no null type and Ajv refuses `nullable`
 * without `type`, so `X | null` is written `oneOf: [X, NULL_ONLY]` whenever X is a $ref.
 */
export const NULL_ONLY: Schema = { type: 'object', nullable: true, enum: [null] };

/** `orNull(ref('ArticleEntry'))` -> `{ oneOf: [{ $ref }, NULL_ONLY] }` */
export const orNull = (schema: Schema): Schema => ({ oneOf: [schema, NULL_ONLY] });

/**
 * Attach a description. A `$ref` may not have siblings (Ajv-based tools reject them), so a bare
 * reference is wrapped: `describe('x', ref('A'))` -> `{ description: 'x', allOf: [{ $ref }] }`.
 */
export function describe(description: string | undefined, schema: Schema): Schema {
  if (!description) return schema;
  if ('$ref' in schema) return { description, allOf: [schema] };
  return { description, ...schema };
}

/** Component names of a content-type, from its GraphQL type name (`Article`, `UploadFile`). */
export function contentTypeNames(ct: ContentType) {
  const t = ct.graphql.typeName;
  return {
    attributes: `${t}Attributes`,
    entry: `${t}Entry`,
    relation: `${t}Relation`,
    relationList: `${t}RelationList`,
    response: `${t}Response`,
    listResponse: `${t}ListResponse`,
    request: `${t}Request`,
    updateRequest: `${t}UpdateRequest`,
    input: `${t}Input`,
    updateInput: `${t}UpdateInput`,
    record: `${t}Record`,
    filters: `${t}Filters`,
    fields: `${t}Fields`,
    sort: `${t}Sort`,
    populate: `${t}Populate`,
  };
}

/** Component names of a Strapi component, from its GraphQL type name (`ComponentSharedSeo`). */
export function componentNames(c: Component) {
  const t = c.graphql.typeName;
  return {
    output: t,
    input: `${t}Input`,
    zoneItem: `${t}ZoneItem`,
    zoneInput: `${t}ZoneInput`,
    filters: `${t}Filters`,
    fields: `${t}Fields`,
    populate: `${t}Populate`,
  };
}

/** Names of the schemas shared by every content-type. */
export const SHARED = {
  error: 'Error',
  paginationByPage: 'PaginationByPage',
  paginationByOffset: 'PaginationByOffset',
  listMeta: 'ListMeta',
  entryMeta: 'EntryMeta',
  creator: 'CreatorSummary',
  populateFlag: 'PopulateFlag',
  relationId: 'RelationId',
  relationIdOrObject: 'RelationIdOrObject',
  relationPosition: 'RelationPosition',
  relationConnectItem: 'RelationConnectItem',
  relationConnectDisconnect: 'RelationConnectDisconnect',
  relationSet: 'RelationSet',
  relationInput: 'RelationInput',
  relationInputNullable: 'RelationInputNullable',
} as const;

export function contentTypeOf(model: NormalizedModel, uid: string): ContentType {
  const ct = model.contentTypes[uid];
  if (!ct) throw new Error(`emitOpenApi: unknown content-type ${uid}`);
  return ct;
}

export function componentOf(model: NormalizedModel, uid: string): Component {
  const c = model.components[uid];
  if (!c) throw new Error(`emitOpenApi: unknown component ${uid}`);
  return c;
}

/** Attributes in declared order (then any undeclared ones by name), so properties read like schema.json. */
export function orderedAttributes(owner: ContentType | Component): Attribute[] {
  const seen = new Set<string>();
  const out: Attribute[] = [];
  for (const name of [...owner.order, ...Object.keys(owner.attributes)]) {
    const attr = owner.attributes[name];
    if (attr && !seen.has(name)) {
      seen.add(name);
      out.push(attr);
    }
  }
  return out;
}

/** Public attributes: the ones that may appear in responses, filters, sort, fields and populate. */
export const publicAttributes = (owner: ContentType | Component): Attribute[] => orderedAttributes(owner).filter((a) => !a.private);

export const MEDIA_UID = 'plugin::upload.file';
export const USER_UID = 'plugin::users-permissions.user';

/** The content-type a relation or media attribute points at, or undefined for other kinds. */
export function targetOf(attr: Attribute): string | undefined {
  if (attr.kind === 'relation') return attr.target;
  if (attr.kind === 'media') return MEDIA_UID;
  return undefined;
}

/** True when the attribute holds several targets (to-many relation, multiple media). */
export const isToMany = (attr: Attribute): boolean =>
  (attr.kind === 'relation' && attr.toMany) || (attr.kind === 'media' && attr.multiple);
