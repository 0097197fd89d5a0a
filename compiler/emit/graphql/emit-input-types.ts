/**
 * compiler/emit/graphql: the input objects: write inputs (`ArticleInput`: all optional, relations and media as IDs,
 * dynamic zones as `<Name><Attr>DynamicZoneInput`) and `<Name>FiltersInput` (scalar filter per scalar, target
 * filters per relation or component, and/or/not; media and dynamic zones are not filterable). Returns SDL.
 */
import type { Attribute, Component, ContentType } from '../../model/types.js';
import type { GraphqlView } from './graphql-view.js';
import { inputType, type FieldSpec } from './sdl.js';
import {
  dynamicZoneTypeName, filtersInputName, inputName, scalarFilterInputName, scalarTypeName,
} from './type-names.js';

/** Input field of one attribute: `tags: [ID]`, `seo: ComponentSharedSeoInput`, `blocks: [ArticleBlocksDynamicZoneInput!]`. */
export function inputField(view: GraphqlView, ownerTypeName: string, a: Attribute): FieldSpec {
  switch (a.kind) {
    case 'scalar':
      return { name: a.name, type: scalarTypeName(ownerTypeName, a) };
    case 'relation':
      return { name: a.name, type: a.toMany ? '[ID]' : 'ID' };
    case 'media':
      return { name: a.name, type: a.multiple ? '[ID]' : 'ID' };
    case 'component': {
      const name = inputName(view.model.components[a.component].graphql.typeName);
      return { name: a.name, type: a.repeatable ? `[${name}]` : name };
    }
    case 'dynamiczone':
      return { name: a.name, type: `[${inputName(dynamicZoneTypeName(ownerTypeName, a.name))}!]` };
  }
}

/** `input ArticleInput { title: String ... publishedAt: DateTime }`; none for a type with nothing to write. */
export function contentTypeInputType(view: GraphqlView, ct: ContentType): string[] {
  if (!view.hasInput(ct)) return [];
  const name = ct.graphql.typeName;
  const fields = view.fields(ct, 'input').map((a) => inputField(view, name, a));
  if (ct.draftAndPublish) fields.push({ name: 'publishedAt', type: 'DateTime' });
  return [inputType(inputName(name), fields)];
}

/** `input ComponentSharedSeoInput { id: ID metaTitle: String ... }` (id lets an update edit in place) */
export function componentInputType(view: GraphqlView, c: Component): string {
  const name = c.graphql.typeName;
  return inputType(inputName(name), [{ name: 'id', type: 'ID' }, ...view.fields(c, 'input').map((a) => inputField(view, name, a))]);
}

export function emitInputTypes(view: GraphqlView): string[] {
  return [
    ...view.contentTypes.flatMap((ct) => contentTypeInputType(view, ct)),
    ...view.components.map((c) => componentInputType(view, c)),
  ];
}

/** Filter field of one attribute: `title: StringFilterInput`, `author: AuthorFiltersInput`. */
export function filterField(view: GraphqlView, a: Attribute): FieldSpec | undefined {
  switch (a.kind) {
    case 'scalar':
      return { name: a.name, type: scalarFilterInputName(a) };
    case 'relation':
      return { name: a.name, type: filtersInputName(view.model.contentTypes[a.target].graphql.typeName) };
    case 'component':
      return { name: a.name, type: filtersInputName(view.model.components[a.component].graphql.typeName) };
    default:
      return undefined;
  }
}

function logical(name: string): FieldSpec[] {
  const filters = filtersInputName(name);
  return [
    { name: 'and', type: `[${filters}]` },
    { name: 'or', type: `[${filters}]` },
    { name: 'not', type: filters },
  ];
}

function attributeFilters(view: GraphqlView, owner: ContentType | Component): FieldSpec[] {
  return view.fields(owner, 'filters').flatMap((a) => filterField(view, a) ?? []);
}

/** `input ArticleFiltersInput { id: IDFilterInput title: StringFilterInput ... and: [...] or: [...] not: ... }` */
export function contentTypeFiltersInput(view: GraphqlView, ct: ContentType): string {
  const name = ct.graphql.typeName;
  const fields: FieldSpec[] = [{ name: 'id', type: 'IDFilterInput' }, ...attributeFilters(view, ct)];
  fields.push({ name: 'createdAt', type: 'DateTimeFilterInput' }, { name: 'updatedAt', type: 'DateTimeFilterInput' });
  if (ct.draftAndPublish) fields.push({ name: 'publishedAt', type: 'DateTimeFilterInput' });
  if (ct.localized) {
    fields.push({ name: 'locale', type: 'StringFilterInput' }, { name: 'localizations', type: filtersInputName(name) });
  }
  return inputType(filtersInputName(name), [...fields, ...logical(name)]);
}

/** `input ComponentSharedSeoFiltersInput { metaTitle: StringFilterInput ... and/or/not }` */
export function componentFiltersInput(view: GraphqlView, c: Component): string {
  const name = c.graphql.typeName;
  return inputType(filtersInputName(name), [...attributeFilters(view, c), ...logical(name)]);
}

export function emitFiltersInputs(view: GraphqlView): string[] {
  return [
    ...view.contentTypes.map((ct) => contentTypeFiltersInput(view, ct)),
    ...view.components.map((c) => componentFiltersInput(view, c)),
  ];
}
