/**
 * compiler/emit/graphql: how entities are returned and paged: the wrappers `<Name>Entity`, `<Name>EntityResponse`,
 * `<Name>EntityResponseCollection`, `<Name>RelationResponseCollection`, and the arguments of list fields
 * (filters, pagination, sort, publicationState). Reads the GraphqlView; returns SDL strings and ArgSpecs.
 */
import type { ContentType } from '../../model/types.js';
import type { GraphqlView } from './graphql-view.js';
import { objectType, type ArgSpec } from './sdl.js';
import {
  entityName, entityResponseCollectionName, entityResponseName, filtersInputName, relationResponseCollectionName,
} from './type-names.js';

/** The four wrappers of one content-type, e.g. `type ArticleEntity { id: ID attributes: Article }`. */
export function entityTypes(ct: ContentType): string[] {
  const name = ct.graphql.typeName;
  const entityList = `[${entityName(name)}!]!`;
  return [
    objectType(entityName(name), [
      { name: 'id', type: 'ID' },
      { name: 'attributes', type: name },
    ]),
    objectType(entityResponseName(name), [{ name: 'data', type: entityName(name) }]),
    objectType(entityResponseCollectionName(name), [
      { name: 'data', type: entityList },
      { name: 'meta', type: 'ResponseCollectionMeta!' },
    ]),
    objectType(relationResponseCollectionName(name), [{ name: 'data', type: entityList }]),
  ];
}

export function emitEntityTypes(view: GraphqlView): string[] {
  return view.contentTypes.flatMap(entityTypes);
}

export const PAGINATION_ARG: ArgSpec = { name: 'pagination', type: 'PaginationArg', defaultValue: '{}' };
export const SORT_ARG: ArgSpec = { name: 'sort', type: '[String]', defaultValue: '[]' };
export const PUBLICATION_STATE_ARG: ArgSpec = { name: 'publicationState', type: 'PublicationState', defaultValue: 'LIVE' };
export const LOCALE_ARG: ArgSpec = { name: 'locale', type: 'I18NLocaleCode' };

/** `(filters: <Type>FiltersInput, pagination: PaginationArg = {}, sort: [String] = [])` */
export function listArgs(typeName: string): ArgSpec[] {
  return [{ name: 'filters', type: filtersInputName(typeName) }, PAGINATION_ARG, SORT_ARG];
}

/** listArgs plus `publicationState` when the target content-type has draft and publish. */
export function contentTypeListArgs(target: ContentType): ArgSpec[] {
  const args = listArgs(target.graphql.typeName);
  return target.draftAndPublish ? [...args, PUBLICATION_STATE_ARG] : args;
}
