/**
 * compiler/model: the plugin content-types every Strapi v4 project has (users-permissions, upload, i18n),
 * written in the same schema.json shape as user types so they go through the same normalizer.
 * `src/extensions/users-permissions/content-types/user/schema.json` attributes are merged into `user`.
 */

export interface RawSchema {
  kind: string;
  collectionName?: string;
  info: { singularName: string; pluralName: string; displayName: string; description?: string };
  options?: { draftAndPublish?: boolean; populateCreatorFields?: boolean };
  pluginOptions?: Record<string, unknown>;
  attributes: Record<string, Record<string, unknown>>;
}

export interface BuiltinType {
  uid: string;
  namespace: 'users-permissions' | 'upload' | 'i18n';
  apiName: string;
  schema: RawSchema;
}

const hidden = { 'content-manager': { visible: false }, 'content-type-builder': { visible: false } };

export const BUILTIN_TYPES: readonly BuiltinType[] = [
  {
    uid: 'plugin::users-permissions.permission',
    namespace: 'users-permissions',
    apiName: 'users-permissions',
    schema: {
      kind: 'collectionType',
      collectionName: 'up_permissions',
      info: { singularName: 'permission', pluralName: 'permissions', displayName: 'Permission' },
      pluginOptions: hidden,
      attributes: {
        action: { type: 'string', required: true },
        role: { type: 'relation', relation: 'manyToOne', target: 'plugin::users-permissions.role', inversedBy: 'permissions' },
      },
    },
  },
  {
    uid: 'plugin::users-permissions.role',
    namespace: 'users-permissions',
    apiName: 'users-permissions',
    schema: {
      kind: 'collectionType',
      collectionName: 'up_roles',
      info: { singularName: 'role', pluralName: 'roles', displayName: 'Role', description: '' },
      pluginOptions: hidden,
      attributes: {
        name: { type: 'string', minLength: 3, required: true },
        description: { type: 'string' },
        type: { type: 'string', unique: true },
        permissions: { type: 'relation', relation: 'oneToMany', target: 'plugin::users-permissions.permission', mappedBy: 'role' },
        users: { type: 'relation', relation: 'oneToMany', target: 'plugin::users-permissions.user', mappedBy: 'role' },
      },
    },
  },
  {
    uid: 'plugin::users-permissions.user',
    namespace: 'users-permissions',
    apiName: 'users-permissions',
    schema: {
      kind: 'collectionType',
      collectionName: 'up_users',
      info: { singularName: 'user', pluralName: 'users', displayName: 'User' },
      options: { draftAndPublish: false },
      attributes: {
        username: { type: 'string', minLength: 3, unique: true, required: true },
        email: { type: 'email', minLength: 6, required: true },
        provider: { type: 'string' },
        password: { type: 'password', minLength: 6, private: true },
        resetPasswordToken: { type: 'string', private: true },
        confirmationToken: { type: 'string', private: true },
        confirmed: { type: 'boolean', default: false },
        blocked: { type: 'boolean', default: false },
        role: { type: 'relation', relation: 'manyToOne', target: 'plugin::users-permissions.role', inversedBy: 'users' },
      },
    },
  },
  {
    uid: 'plugin::upload.file',
    namespace: 'upload',
    apiName: 'upload',
    schema: {
      kind: 'collectionType',
      collectionName: 'files',
      info: { singularName: 'file', pluralName: 'files', displayName: 'File' },
      pluginOptions: hidden,
      attributes: {
        name: { type: 'string', required: true },
        alternativeText: { type: 'string' },
        caption: { type: 'string' },
        width: { type: 'integer' },
        height: { type: 'integer' },
        formats: { type: 'json' },
        hash: { type: 'string', required: true },
        ext: { type: 'string' },
        mime: { type: 'string', required: true },
        size: { type: 'decimal', required: true },
        url: { type: 'string', required: true },
        previewUrl: { type: 'string' },
        provider: { type: 'string', required: true },
        provider_metadata: { type: 'json' },
      },
    },
  },
  {
    uid: 'plugin::i18n.locale',
    namespace: 'i18n',
    apiName: 'i18n',
    schema: {
      kind: 'collectionType',
      collectionName: 'i18n_locale',
      info: { singularName: 'locale', pluralName: 'locales', displayName: 'Locale' },
      pluginOptions: hidden,
      attributes: {
        name: { type: 'string', min: 1, max: 50 },
        code: { type: 'string', unique: true },
      },
    },
  },
];
