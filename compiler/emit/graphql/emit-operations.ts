/**
 * compiler/emit/graphql: the shadowCRUD queries and mutations of each content-type
 * (`article`, `articles`, `createArticle`, `updateArticle`, `deleteArticle`; single types without id),
 * with the i18n `locale` arguments on localized types. Returns Query and Mutation field specs.
 */
import type { ContentType } from '../../model/types.js';
import type { GraphqlView } from './graphql-view.js';
import { contentTypeListArgs, LOCALE_ARG, PUBLICATION_STATE_ARG } from './emit-entity-types.js';
import type { ArgSpec, FieldSpec } from './sdl.js';
import { entityResponseCollectionName, entityResponseName, inputName } from './type-names.js';

export interface Operations {
  readonly query: FieldSpec[];
  readonly mutation: FieldSpec[];
}

const ID_ARG: ArgSpec = { name: 'id', type: 'ID!' };

/** `data: ArticleInput!` (or optional), or no argument when the type has nothing to write (see hasInput). */
function dataArgs(view: GraphqlView, ct: ContentType, required: boolean): ArgSpec[] {
  if (!view.hasInput(ct)) return [];
  return [{ name: 'data', type: `${inputName(ct.graphql.typeName)}${required ? '!' : ''}` }];
}

function collectionOperations(view: GraphqlView, ct: ContentType, ops: Operations): void {
  const { typeName, singular, plural } = ct.graphql;
  const response = entityResponseName(typeName);
  const data = dataArgs(view, ct, true);
  const locale = ct.localized ? [LOCALE_ARG] : [];
  // Strapi's i18n plugin puts `locale` on every operation of a localized type (by id it does not apply)
  if (view.hasAction(ct, 'findOne')) ops.query.push({ name: singular!, type: response, args: [{ name: 'id', type: 'ID' }, ...locale] });
  if (view.hasAction(ct, 'find')) {
    ops.query.push({ name: plural!, type: entityResponseCollectionName(typeName), args: [...contentTypeListArgs(ct), ...locale] });
  }
  if (view.hasAction(ct, 'create')) ops.mutation.push({ name: `create${typeName}`, type: response, args: [...data, ...locale] });
  if (view.hasAction(ct, 'update')) ops.mutation.push({ name: `update${typeName}`, type: response, args: [ID_ARG, ...data, ...locale] });
  if (view.hasAction(ct, 'delete')) ops.mutation.push({ name: `delete${typeName}`, type: response, args: [ID_ARG, ...locale] });
  if (ct.localized && view.hasAction(ct, 'create')) {
    ops.mutation.push({
      name: `create${typeName}Localization`,
      type: response,
      args: [{ name: 'id', type: 'ID' }, ...dataArgs(view, ct, false), LOCALE_ARG],
    });
  }
}

function singleOperations(view: GraphqlView, ct: ContentType, ops: Operations): void {
  const { typeName, singular } = ct.graphql;
  const response = entityResponseName(typeName);
  const locale = ct.localized ? [LOCALE_ARG] : [];
  const publication = ct.draftAndPublish ? [PUBLICATION_STATE_ARG] : [];
  if (view.hasAction(ct, 'find')) ops.query.push({ name: singular!, type: response, args: [...publication, ...locale] });
  if (view.hasAction(ct, 'update')) {
    ops.mutation.push({ name: `update${typeName}`, type: response, args: [...dataArgs(view, ct, true), ...locale] });
  }
  if (view.hasAction(ct, 'delete')) ops.mutation.push({ name: `delete${typeName}`, type: response, args: locale });
  if (ct.localized && view.hasAction(ct, 'update')) {
    ops.mutation.push({
      name: `create${typeName}Localization`,
      type: response,
      args: [{ name: 'id', type: 'ID' }, ...dataArgs(view, ct, false), LOCALE_ARG],
    });
  }
}

/** Query and Mutation fields for every enabled content-type. */
export function emitOperations(view: GraphqlView): Operations {
  const ops: Operations = { query: [], mutation: [] };
  for (const ct of view.contentTypes) {
    if (ct.kind === 'singleType') singleOperations(view, ct, ops);
    else collectionOperations(view, ct, ops);
  }
  return ops;
}
