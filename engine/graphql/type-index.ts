/**
 * engine/graphql: lookup tables built once at boot from the model and the served schema: GraphQL
 * type name -> content-type or component, and `Query.<field>` / `Mutation.<field>` -> the shadowCRUD
 * operation it stands for ({ uid, action }). Only names present in the schema are indexed, so a type
 * shadowCRUD switched off (absent from the SDL) has no resolver either.
 */
import type { GraphQLSchema } from 'graphql';
import type { Action, Component, ContentType, NormalizedModel } from '../../compiler/model/types.js';

export type Owner =
  | { readonly kind: 'contentType'; readonly uid: string; readonly typeName: string; readonly schema: ContentType }
  | { readonly kind: 'component'; readonly uid: string; readonly typeName: string; readonly schema: Component };

export interface Operation {
  /** `Query.articles` */
  readonly key: string;
  readonly uid: string;
  readonly action: Action;
  readonly single: boolean;
  /** `create<Name>Localization` (action `create` of a new localization) */
  readonly localization?: boolean;
  /** the permission checked, when it is not `<uid>.<action>` */
  readonly permission?: string;
}

/** The i18n plugin's locale type and the permission its queries need (Strapi's `listLocales`). */
export const LOCALE_UID = 'plugin::i18n.locale';
const LIST_LOCALES = 'plugin::i18n.locales.listLocales';
/** `uploadFiles` / `uploadFile` need the upload plugin's own permissions, as its REST routes do */
const FILE_UID = 'plugin::upload.file';
const UPLOAD_PERMISSIONS: Partial<Record<Action, string>> = { find: 'plugin::upload.content-api.find', findOne: 'plugin::upload.content-api.findOne' };

/** the permission an operation needs when it is not `<uid>.<action>` */
/** the users-permissions plugin names its own mutations' permissions (`user.destroy`, `role.createRole`...) */
const USERS_PERMISSIONS: Readonly<Record<string, string>> = {
  'plugin::users-permissions.user.delete': 'plugin::users-permissions.user.destroy',
  'plugin::users-permissions.role.create': 'plugin::users-permissions.role.createRole',
  'plugin::users-permissions.role.update': 'plugin::users-permissions.role.updateRole',
  'plugin::users-permissions.role.delete': 'plugin::users-permissions.role.deleteRole',
};

function permissionOf(uid: string, action: Action): { permission?: string } {
  if (uid === LOCALE_UID) return { permission: LIST_LOCALES };
  const plugin = USERS_PERMISSIONS[`${uid}.${action}`];
  if (plugin) return { permission: plugin };
  if (uid === FILE_UID && UPLOAD_PERMISSIONS[action]) return { permission: UPLOAD_PERMISSIONS[action] };
  return {};
}

export interface TypeIndex {
  /** `Article` -> api::article.article, `ComponentSharedSeo` -> shared.seo */
  readonly owners: ReadonlyMap<string, Owner>;
  /** content-type or component uid -> its owner entry (types present in the schema only) */
  readonly byUid: ReadonlyMap<string, Owner>;
  /** `Query.articles` -> { uid: 'api::article.article', action: 'find' } */
  readonly operations: ReadonlyMap<string, Operation>;
}

function enabled(model: NormalizedModel, ct: ContentType, action: Action): boolean {
  const o = ct.graphql.options;
  if (!model.config.graphql.shadowCRUD || !o.enabled || o.disabledActions.includes(action)) return false;
  return action === 'find' || action === 'findOne' ? o.queries : o.mutations;
}

/** `createTypeIndex(model, schema).operations.get('Mutation.createTag')` -> { uid: 'api::tag.tag', action: 'create', ... } */
export function createTypeIndex(model: NormalizedModel, schema: GraphQLSchema): TypeIndex {
  const owners = new Map<string, Owner>();
  const byUid = new Map<string, Owner>();
  const operations = new Map<string, Operation>();
  const has = (typeName: string) => schema.getType(typeName) !== undefined;
  const query = schema.getQueryType()?.getFields() ?? {};
  const mutation = schema.getMutationType()?.getFields() ?? {};

  for (const ct of Object.values(model.contentTypes)) {
    const { typeName, singular, plural } = ct.graphql;
    if (!has(typeName)) continue;
    const owner: Owner = { kind: 'contentType', uid: ct.uid, typeName, schema: ct };
    owners.set(typeName, owner);
    byUid.set(ct.uid, owner);
    const single = ct.kind === 'singleType';
    const add = (root: 'Query' | 'Mutation', field: string | undefined, action: Action, extra: Partial<Operation> = {}) => {
      const fields = root === 'Query' ? query : mutation;
      if (field && fields[field] && enabled(model, ct, action)) operations.set(`${root}.${field}`, { key: `${root}.${field}`, uid: ct.uid, action, single, ...permissionOf(ct.uid, action), ...extra });
    };
    if (single) add('Query', singular, 'find');
    else {
      add('Query', singular, 'findOne');
      add('Query', plural, 'find');
      add('Mutation', `create${typeName}`, 'create');
    }
    add('Mutation', `update${typeName}`, 'update');
    add('Mutation', `delete${typeName}`, 'delete');
    if (ct.localized) add('Mutation', `create${typeName}Localization`, 'create', { localization: true, permission: `${ct.uid}.createLocalization` });
  }
  for (const c of Object.values(model.components)) {
    if (!has(c.graphql.typeName)) continue;
    const owner: Owner = { kind: 'component', uid: c.uid, typeName: c.graphql.typeName, schema: c };
    owners.set(c.graphql.typeName, owner);
    byUid.set(c.uid, owner);
  }
  return { owners, byUid, operations };
}
