/**
 * compiler/emit/graphql: the plugins' own GraphQL surface. users-permissions: `me`, `login`, `register`, the
 * password flows and the role/user mutations replacing shadowCRUD's; upload: `FileInfoInput`, `upload`,
 * `multipleUpload`, `updateFileInfo`, `removeFile`, `UploadFile.related`. Switched-off types drop their operations.
 */
import type { GraphqlView } from './graphql-view.js';
import type { Operations } from './emit-operations.js';
import { inputType, objectType, stringLiteral, type FieldSpec } from './sdl.js';

const USER = 'plugin::users-permissions.user';
const ROLE = 'plugin::users-permissions.role';
const UPLOAD_FILE = 'plugin::upload.file';

/** Types that exist whenever the plugin is installed. */
function pluginTypes(): string[] {
  return [
    objectType('UsersPermissionsMe', [
      { name: 'id', type: 'ID!' },
      { name: 'username', type: 'String!' },
      { name: 'email', type: 'String' },
      { name: 'confirmed', type: 'Boolean' },
      { name: 'blocked', type: 'Boolean' },
      { name: 'role', type: 'UsersPermissionsMeRole' },
    ]),
    objectType('UsersPermissionsMeRole', [
      { name: 'id', type: 'ID!' },
      { name: 'name', type: 'String!' },
      { name: 'description', type: 'String' },
      { name: 'type', type: 'String' },
    ]),
    inputType('UsersPermissionsRegisterInput', [
      { name: 'username', type: 'String!' },
      { name: 'email', type: 'String!' },
      { name: 'password', type: 'String!' },
    ]),
    inputType('UsersPermissionsLoginInput', [
      { name: 'identifier', type: 'String!' },
      { name: 'password', type: 'String!' },
      { name: 'provider', type: 'String!', defaultValue: stringLiteral('local') },
    ]),
    objectType('UsersPermissionsPasswordPayload', [{ name: 'ok', type: 'Boolean!' }]),
    objectType('UsersPermissionsLoginPayload', [
      { name: 'jwt', type: 'String' },
      { name: 'user', type: 'UsersPermissionsMe!' },
    ]),
    objectType('UsersPermissionsCreateRolePayload', [{ name: 'ok', type: 'Boolean!' }]),
    objectType('UsersPermissionsUpdateRolePayload', [{ name: 'ok', type: 'Boolean!' }]),
    objectType('UsersPermissionsDeleteRolePayload', [{ name: 'ok', type: 'Boolean!' }]),
  ];
}

const str = (name: string): FieldSpec => ({ name, type: 'String!' });

/** Mutations that need only the plugin's own types. */
const AUTH_MUTATIONS: readonly FieldSpec[] = [
  { name: 'login', type: 'UsersPermissionsLoginPayload!', args: [{ name: 'input', type: 'UsersPermissionsLoginInput!' }] },
  { name: 'register', type: 'UsersPermissionsLoginPayload!', args: [{ name: 'input', type: 'UsersPermissionsRegisterInput!' }], description: 'Register a user' },
  { name: 'forgotPassword', type: 'UsersPermissionsPasswordPayload', args: [{ name: 'email', type: 'String!' }], description: 'Request a reset password token' },
  {
    name: 'resetPassword', type: 'UsersPermissionsLoginPayload', args: [str('password'), str('passwordConfirmation'), str('code')],
    description: 'Reset user password. Confirm with a code (resetToken from forgotPassword)',
  },
  {
    name: 'changePassword', type: 'UsersPermissionsLoginPayload', args: [str('currentPassword'), str('password'), str('passwordConfirmation')],
    description: 'Change user password. Confirm with the current password.',
  },
  { name: 'emailConfirmation', type: 'UsersPermissionsLoginPayload', args: [{ name: 'confirmation', type: 'String!' }], description: 'Confirm an email users email address' },
];

const ROLE_MUTATIONS: readonly FieldSpec[] = [
  { name: 'createUsersPermissionsRole', type: 'UsersPermissionsCreateRolePayload', args: [{ name: 'data', type: 'UsersPermissionsRoleInput!' }], description: 'Create a new role' },
  { name: 'updateUsersPermissionsRole', type: 'UsersPermissionsUpdateRolePayload', args: [{ name: 'id', type: 'ID!' }, { name: 'data', type: 'UsersPermissionsRoleInput!' }], description: 'Update an existing role' },
  { name: 'deleteUsersPermissionsRole', type: 'UsersPermissionsDeleteRolePayload', args: [{ name: 'id', type: 'ID!' }], description: 'Delete an existing role' },
];

const USER_MUTATIONS: readonly FieldSpec[] = [
  { name: 'createUsersPermissionsUser', type: 'UsersPermissionsUserEntityResponse!', args: [{ name: 'data', type: 'UsersPermissionsUserInput!' }], description: 'Create a new user' },
  { name: 'updateUsersPermissionsUser', type: 'UsersPermissionsUserEntityResponse!', args: [{ name: 'id', type: 'ID!' }, { name: 'data', type: 'UsersPermissionsUserInput!' }], description: 'Update an existing user' },
  { name: 'deleteUsersPermissionsUser', type: 'UsersPermissionsUserEntityResponse!', args: [{ name: 'id', type: 'ID!' }], description: 'Delete an existing user' },
];

/** The plugin's types and operations, or nothing when the model has no users-permissions user type. */
export function emitUsersPermissions(view: GraphqlView): { types: string[]; operations: Operations } {
  if (!view.model.contentTypes[USER]) return { types: [], operations: { query: [], mutation: [] } };
  const mutation = [...AUTH_MUTATIONS];
  if (view.hasType(ROLE)) mutation.push(...ROLE_MUTATIONS);
  if (view.hasType(USER)) mutation.push(...USER_MUTATIONS);
  return { types: pluginTypes(), operations: { query: [{ name: 'me', type: 'UsersPermissionsMe' }], mutation } };
}

const REF_ARGS = [
  { name: 'refId', type: 'ID' },
  { name: 'ref', type: 'String' },
  { name: 'field', type: 'String' },
];

const UPLOAD_MUTATIONS: readonly FieldSpec[] = [
  {
    name: 'upload', type: 'UploadFileEntityResponse!',
    args: [...REF_ARGS, { name: 'info', type: 'FileInfoInput' }, { name: 'file', type: 'Upload!' }],
  },
  { name: 'multipleUpload', type: '[UploadFileEntityResponse]!', args: [...REF_ARGS, { name: 'files', type: '[Upload]!' }] },
  { name: 'updateFileInfo', type: 'UploadFileEntityResponse!', args: [{ name: 'id', type: 'ID!' }, { name: 'info', type: 'FileInfoInput' }] },
  { name: 'removeFile', type: 'UploadFileEntityResponse', args: [{ name: 'id', type: 'ID!' }] },
];

/** The plugin's types (including `extend type UploadFile`) and mutations. */
export function emitUpload(view: GraphqlView): { types: string[]; operations: Operations } {
  if (!view.hasType(UPLOAD_FILE)) return { types: [], operations: { query: [], mutation: [] } };
  const typeName = view.model.contentTypes[UPLOAD_FILE].graphql.typeName;
  return {
    types: [
      inputType('FileInfoInput', [
        { name: 'name', type: 'String' },
        { name: 'alternativeText', type: 'String' },
        { name: 'caption', type: 'String' },
      ]),
      `extend type ${typeName} {\n  related: [GenericMorph]\n}`,
    ],
    operations: { query: [], mutation: [...UPLOAD_MUTATIONS] },
  };
}
