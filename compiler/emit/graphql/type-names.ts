/**
 * compiler/emit/graphql: the GraphQL names Strapi v4's plugin derives from a type and an attribute
 * (enums, dynamic zones, entity wrappers) and the attribute-type -> scalar mapping.
 * Pure string functions over model names; they decide nothing about visibility.
 */
import { pascalCase } from '../../model/names.js';
import type { ScalarAttribute, ScalarType } from '../../model/types.js';

/** Strapi attribute type -> GraphQL scalar (v4 plugin's scalar associations). */
const SCALARS: Readonly<Record<ScalarType, string>> = {
  string: 'String', text: 'String', richtext: 'String', enumeration: 'String', email: 'String',
  password: 'String', uid: 'String',
  date: 'Date', time: 'Time', datetime: 'DateTime', timestamp: 'DateTime',
  integer: 'Int', biginteger: 'Long', float: 'Float', decimal: 'Float',
  boolean: 'Boolean', json: 'JSON', array: 'JSON',
};

/** `{ type: 'biginteger' }` -> `Long`; enumerations -> their ENUM_ type (see enumTypeName). */
export function scalarTypeName(ownerTypeName: string, attr: ScalarAttribute): string {
  return attr.type === 'enumeration' ? enumTypeName(ownerTypeName, attr.name) : SCALARS[attr.type];
}

/** The filter input of a scalar attribute: enumerations filter as strings (`StringFilterInput`). */
export function scalarFilterInputName(attr: ScalarAttribute): string {
  return `${SCALARS[attr.type]}FilterInput`;
}

/** (`Article`, `format`) -> `ENUM_ARTICLE_FORMAT`; (`ComponentSharedSocialLink`, `platform`) -> `ENUM_COMPONENTSHAREDSOCIALLINK_PLATFORM` */
export function enumTypeName(ownerTypeName: string, attrName: string): string {
  return `ENUM_${ownerTypeName.toUpperCase()}_${attrName.toUpperCase()}`;
}

/**
 * The GraphQL enum value for a stored enumeration value, slugified with `_` the way Strapi does
 * (case kept): `news` -> `news`, `in review` -> `in_review`. The runtime maps it back with enumValueMap.
 */
export function enumValueName(value: string): string {
  const slug = value.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return /^[0-9]/.test(slug) ? `_${slug}` : slug || '_';
}

/** GraphQL enum value name -> stored value, for one enumeration attribute. */
export function enumValueMap(values: readonly string[]): Record<string, string> {
  return Object.fromEntries(values.map((v) => [enumValueName(v), v]));
}

/** (`Article`, `blocks`) -> `ArticleBlocksDynamicZone` (the union); add `Input` for the input scalar. */
export function dynamicZoneTypeName(ownerTypeName: string, attrName: string): string {
  return `${ownerTypeName}${pascalCase(attrName)}DynamicZone`;
}

export const entityName = (t: string) => `${t}Entity`;
export const entityResponseName = (t: string) => `${t}EntityResponse`;
export const entityResponseCollectionName = (t: string) => `${t}EntityResponseCollection`;
export const relationResponseCollectionName = (t: string) => `${t}RelationResponseCollection`;
export const inputName = (t: string) => `${t}Input`;
export const filtersInputName = (t: string) => `${t}FiltersInput`;
