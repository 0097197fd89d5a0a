/**
 * compiler/emit/graphql: the output types: each content-type (`Article`) and component (`ComponentSharedSeo`)
 * with one field per exposed attribute plus the automatic ones, `ENUM_<TYPE>_<ATTR>` enums, dynamic-zone
 * unions (members plus `Error`) with their input scalars, and `GenericMorph`. Returns SDL strings.
 */
import type { Attribute, Component, ContentType } from '../../model/types.js';
import type { FieldUse, GraphqlView } from './graphql-view.js';
import { contentTypeListArgs, listArgs } from './emit-entity-types.js';
import { enumType, objectType, scalarType, unionType, type FieldSpec } from './sdl.js';
import {
  dynamicZoneTypeName, entityResponseName, enumTypeName, enumValueName, inputName, relationResponseCollectionName,
  scalarTypeName,
} from './type-names.js';

const UPLOAD_FILE = 'plugin::upload.file';

/** Output field of one attribute: `tags(filters: TagFiltersInput, ...): TagRelationResponseCollection`. */
export function outputField(view: GraphqlView, ownerTypeName: string, a: Attribute): FieldSpec {
  const req = a.required ? '!' : '';
  switch (a.kind) {
    case 'scalar':
      return { name: a.name, type: scalarTypeName(ownerTypeName, a) + req };
    case 'relation':
    case 'media': {
      const target = view.model.contentTypes[a.kind === 'media' ? UPLOAD_FILE : a.target];
      const name = target.graphql.typeName;
      const many = a.kind === 'media' ? a.multiple : a.toMany;
      return many
        ? { name: a.name, type: relationResponseCollectionName(name) + req, args: contentTypeListArgs(target) }
        : { name: a.name, type: entityResponseName(name) + req };
    }
    case 'component': {
      const name = view.model.components[a.component].graphql.typeName;
      return a.repeatable
        ? { name: a.name, type: `[${name}]${req}`, args: listArgs(name) }
        : { name: a.name, type: name + req };
    }
    case 'dynamiczone':
      return { name: a.name, type: `[${dynamicZoneTypeName(ownerTypeName, a.name)}]${req}` };
  }
}

/** `type Article { title: String! ... createdAt: DateTime updatedAt: DateTime publishedAt: DateTime }` */
export function contentTypeObjectType(view: GraphqlView, ct: ContentType): string {
  const name = ct.graphql.typeName;
  const fields: FieldSpec[] = view.fields(ct, 'output').map((a) => outputField(view, name, a));
  fields.push({ name: 'createdAt', type: 'DateTime' }, { name: 'updatedAt', type: 'DateTime' });
  if (ct.draftAndPublish) fields.push({ name: 'publishedAt', type: 'DateTime' });
  if (ct.localized) {
    fields.push(
      { name: 'locale', type: 'String' },
      // Strapi's single types take no arguments on localizations
      { name: 'localizations', type: relationResponseCollectionName(name), args: ct.kind === 'singleType' ? [] : contentTypeListArgs(ct) },
    );
  }
  return objectType(name, fields);
}

/** `type ComponentSharedSeo { id: ID! metaTitle: String! ... }` */
export function componentObjectType(view: GraphqlView, c: Component): string {
  const name = c.graphql.typeName;
  return objectType(name, [{ name: 'id', type: 'ID!' }, ...view.fields(c, 'output').map((a) => outputField(view, name, a))]);
}

export function emitObjectTypes(view: GraphqlView): string[] {
  return [
    ...view.contentTypes.map((ct) => contentTypeObjectType(view, ct)),
    ...view.components.map((c) => componentObjectType(view, c)),
  ];
}

const USES: readonly FieldUse[] = ['output', 'input', 'filters'];

/** Attributes of `owner` visible in at least one use (an enum used only in an input still needs its type). */
function visibleAttributes(view: GraphqlView, owner: ContentType | Component) {
  const names = new Set(USES.flatMap((u) => view.fields(owner, u).map((a) => a.name)));
  return owner.order.filter((n) => names.has(n)).map((n) => owner.attributes[n]);
}

function ownerTypes(view: GraphqlView, owner: ContentType | Component): string[] {
  const typeName = owner.graphql.typeName;
  const out: string[] = [];
  for (const a of visibleAttributes(view, owner)) {
    if (a.kind === 'scalar' && a.type === 'enumeration') {
      out.push(enumType(enumTypeName(typeName, a.name), [...new Set((a.enum ?? []).map(enumValueName))]));
    } else if (a.kind === 'dynamiczone') {
      const members = a.components
        .filter((uid) => view.model.components[uid] !== undefined)
        .map((uid) => view.model.components[uid].graphql.typeName);
      const zone = dynamicZoneTypeName(typeName, a.name);
      out.push(unionType(zone, [...members, 'Error']), scalarType(inputName(zone)));
    }
  }
  return out;
}

/** `union GenericMorph = ComponentContentQuote | ... | Article | ... | UsersPermissionsUser` */
export function genericMorph(view: GraphqlView): string[] {
  const members = [...view.components, ...view.contentTypes].map((o) => o.graphql.typeName);
  return members.length > 0 ? [unionType('GenericMorph', members)] : [];
}

export function emitAttributeTypes(view: GraphqlView): string[] {
  return [...view.contentTypes, ...view.components].flatMap((o) => ownerTypes(view, o));
}
