/**
 * compiler/emit/openapi: the REST routes of the users-permissions plugin (login, register, the password
 * and email flows, me, and the user CRUD) and their schemas. Users are answered flat
 * (`UsersPermissionsUserRecord`), never with password or tokens. Every operation carries
 * `x-quire: {uid: 'plugin::users-permissions.user', action}`.
 */
import type { NormalizedModel, ScalarAttribute } from '../../model/types.js';
import { attributeInput } from './input-schemas.js';
import { accessNote, addOperation, buildOperation, jsonBody, restPath, type OperationSpec } from './operation-builder.js';
import { readParameters } from './query-parameters.js';
import { scalarInputSchema } from './scalar-schemas.js';
import { contentTypeNames, contentTypeOf, describe, orderedAttributes, ref, USER_UID, type Schema } from './schema-names.js';
import { idParameterRef } from './shared-components.js';

type Paths = Record<string, Record<string, Schema>>;

export const AUTH_NAMES = {
  localRequest: 'AuthLocalRequest',
  registerRequest: 'AuthRegisterRequest',
  response: 'AuthResponse',
  registerResponse: 'AuthRegisterResponse',
  emailRequest: 'AuthEmailRequest',
  resetPasswordRequest: 'AuthResetPasswordRequest',
  changePasswordRequest: 'AuthChangePasswordRequest',
  userCreateRequest: 'UsersPermissionsUserCreateRequest',
  userUpdateRequest: 'UsersPermissionsUserUpdateRequest',
} as const;

/**
 * Attributes a user update may not set (quire answers 400 naming them): they would let a caller grant
 * itself a role or unblock an account. Other private attributes are refused too; password is not.
 */
const NOT_WRITABLE = new Set(['role', 'confirmed', 'blocked', 'provider', 'resetPasswordToken', 'confirmationToken']);

/** The user attribute's own input schema (constraints included), or a plain string. */
function userField(model: NormalizedModel, name: string): Schema {
  const attr = contentTypeOf(model, USER_UID).attributes[name];
  return attr && attr.kind === 'scalar' ? scalarInputSchema(attr as ScalarAttribute, false) : { type: 'string' };
}

/** what a registration may set besides username, email and password (auth/user-input.ts says the same at serve time) */
function registrationFields(model: NormalizedModel): string[] {
  const user = contentTypeOf(model, USER_UID);
  const allowed = model.config.usersPermissions.registerAllowedFields;
  const never = new Set([...NOT_WRITABLE, 'username', 'email', 'password']);
  if (allowed) return allowed.filter((n) => user.attributes[n] !== undefined && !never.has(n));
  return user.order.filter((n) => !never.has(n) && user.attributes[n] !== undefined && !user.attributes[n].private);
}

const PASSWORD_NOTE = 'At most 72 bytes in UTF-8 (bcrypt reads no further).';

export function usersPermissionsSchemas(model: NormalizedModel): [string, Schema][] {
  const user = contentTypeOf(model, USER_UID);
  const updateProps: Record<string, Schema> = {};
  const createProps: Record<string, Schema> = {};
  for (const attr of orderedAttributes(user)) {
    if (!NOT_WRITABLE.has(attr.name) && (!attr.private || attr.name === 'password')) updateProps[attr.name] = attributeInput(model, attr, !attr.required, false);
    const creatable = ['role', 'confirmed', 'blocked'].includes(attr.name) || (!NOT_WRITABLE.has(attr.name) && (!attr.private || attr.name === 'password'));
    if (creatable) createProps[attr.name] = attributeInput(model, attr, !attr.required, false);
  }
  const registerProps: Record<string, Schema> = {
    username: userField(model, 'username'), email: userField(model, 'email'), password: describe(PASSWORD_NOTE, userField(model, 'password')),
  };
  for (const name of registrationFields(model)) registerProps[name] = attributeInput(model, user.attributes[name], true, false);
  const password = describe(PASSWORD_NOTE, userField(model, 'password'));
  return [
    [AUTH_NAMES.localRequest, {
      type: 'object',
      required: ['identifier', 'password'],
      properties: {
        identifier: { type: 'string', description: 'Username or email.' },
        password: { type: 'string', format: 'password', writeOnly: true },
      },
    }],
    [AUTH_NAMES.registerRequest, describe('Other keys than these are ignored, as Strapi ignores them (register.allowedFields in config/plugins decides which user attributes a registration may set).', {
      type: 'object',
      required: ['username', 'email', 'password'],
      properties: registerProps,
    })],
    [AUTH_NAMES.registerResponse, {
      type: 'object',
      required: ['user'],
      properties: {
        jwt: { type: 'string', description: 'Send it as Authorization: Bearer <jwt>. Absent when the account must first confirm its email (advanced.email_confirmation).' },
        user: ref(contentTypeNames(user).record),
      },
    }],
    [AUTH_NAMES.emailRequest, { type: 'object', required: ['email'], properties: { email: { type: 'string', format: 'email' } } }],
    [AUTH_NAMES.resetPasswordRequest, {
      type: 'object',
      required: ['code', 'password', 'passwordConfirmation'],
      properties: { code: { type: 'string', description: 'The code of the reset link (one use, one hour).' }, password, passwordConfirmation: { type: 'string', format: 'password', writeOnly: true } },
    }],
    [AUTH_NAMES.changePasswordRequest, {
      type: 'object',
      required: ['currentPassword', 'password', 'passwordConfirmation'],
      properties: { currentPassword: { type: 'string', format: 'password', writeOnly: true }, password, passwordConfirmation: { type: 'string', format: 'password', writeOnly: true } },
    }],
    [AUTH_NAMES.userCreateRequest, describe(
      'Flat body (no data wrapper). role, confirmed and blocked may be set (role: the default role when omitted); provider, the token fields and private attributes other than password are refused (400).',
      { type: 'object', required: ['username', 'email', 'password'], properties: createProps },
    )],
    [AUTH_NAMES.response, {
      type: 'object',
      required: ['jwt', 'user'],
      properties: {
        jwt: { type: 'string', description: 'Send it as Authorization: Bearer <jwt>.' },
        user: ref(contentTypeNames(user).record),
      },
    }],
    [AUTH_NAMES.userUpdateRequest, describe(
      `Flat body (no data wrapper): the user fields to change. ${[...NOT_WRITABLE].join(', ')} and private attributes other than password are refused (400).`,
      { type: 'object', properties: updateProps },
    )],
  ];
}

interface UserRoute {
  readonly method: 'get' | 'post' | 'put' | 'delete';
  readonly path: string[];
  readonly operationId: string;
  readonly action: string;
  /** Strapi's permission action for this route */
  readonly permission: string;
  readonly summary: string;
}

const ROUTES: readonly UserRoute[] = [
  { method: 'post', path: ['auth', 'local'], operationId: 'users-permissions.auth.local', action: 'login', permission: 'auth.callback', summary: 'Log in with identifier and password' },
  { method: 'post', path: ['auth', 'local', 'register'], operationId: 'users-permissions.auth.register', action: 'register', permission: 'auth.register', summary: 'Register a user' },
  { method: 'post', path: ['auth', 'forgot-password'], operationId: 'users-permissions.auth.forgotPassword', action: 'forgotPassword', permission: 'auth.forgotPassword', summary: 'Email a password reset link' },
  { method: 'post', path: ['auth', 'reset-password'], operationId: 'users-permissions.auth.resetPassword', action: 'resetPassword', permission: 'auth.resetPassword', summary: 'Set a new password with the code of a reset link' },
  { method: 'post', path: ['auth', 'change-password'], operationId: 'users-permissions.auth.changePassword', action: 'changePassword', permission: 'auth.changePassword', summary: 'Change the password of the user of the bearer JWT' },
  { method: 'get', path: ['auth', 'email-confirmation'], operationId: 'users-permissions.auth.emailConfirmation', action: 'emailConfirmation', permission: 'auth.emailConfirmation', summary: 'Confirm an email address (the link of a confirmation email)' },
  { method: 'post', path: ['auth', 'send-email-confirmation'], operationId: 'users-permissions.auth.sendEmailConfirmation', action: 'sendEmailConfirmation', permission: 'auth.sendEmailConfirmation', summary: 'Send the confirmation email again' },
  { method: 'post', path: ['users'], operationId: 'users-permissions.user.create', action: 'create', permission: 'user.create', summary: 'Create a user' },
  { method: 'get', path: ['users', 'me'], operationId: 'users-permissions.user.me', action: 'me', permission: 'user.me', summary: 'The user of the bearer JWT' },
  { method: 'get', path: ['users', 'count'], operationId: 'users-permissions.user.count', action: 'count', permission: 'user.count', summary: 'Count users' },
  { method: 'get', path: ['users'], operationId: 'users-permissions.user.find', action: 'find', permission: 'user.find', summary: 'List users' },
  { method: 'get', path: ['users', '{id}'], operationId: 'users-permissions.user.findOne', action: 'findOne', permission: 'user.findOne', summary: 'Get one user' },
  { method: 'put', path: ['users', '{id}'], operationId: 'users-permissions.user.update', action: 'update', permission: 'user.update', summary: 'Update a user' },
  { method: 'delete', path: ['users', '{id}'], operationId: 'users-permissions.user.destroy', action: 'destroy', permission: 'user.destroy', summary: 'Delete a user' },
];

function operationFor(model: NormalizedModel, route: UserRoute): OperationSpec {
  const user = contentTypeOf(model, USER_UID);
  const record = ref(contentTypeNames(user).record);
  const byId = route.path.includes('{id}');
  const parameters: Schema[] = byId ? [idParameterRef] : [];
  let success: Schema | undefined = record;
  let successStatus: 200 | 201 | 302 = 200;
  let requestBody: Schema | undefined;
  let successDescription = 'The user, flat (no data/attributes envelope).';
  if (route.action === 'login') {
    requestBody = jsonBody(ref(AUTH_NAMES.localRequest));
    success = ref(AUTH_NAMES.response);
    successDescription = 'A JWT and the user.';
  } else if (route.action === 'register') {
    requestBody = jsonBody(ref(AUTH_NAMES.registerRequest));
    success = ref(AUTH_NAMES.registerResponse);
    successDescription = 'A JWT and the user; only the user when the account must first confirm its email.';
  } else if (route.action === 'forgotPassword' || route.action === 'sendEmailConfirmation') {
    requestBody = jsonBody(ref(AUTH_NAMES.emailRequest));
    const forgot = route.action === 'forgotPassword';
    success = forgot
      ? { type: 'object', required: ['ok'], properties: { ok: { type: 'boolean', enum: [true] } } }
      : { type: 'object', required: ['email', 'sent'], properties: { email: { type: 'string' }, sent: { type: 'boolean', enum: [true] } } };
    successDescription = 'The same answer whether or not the address has an account.';
  } else if (route.action === 'resetPassword' || route.action === 'changePassword') {
    requestBody = jsonBody(ref(route.action === 'resetPassword' ? AUTH_NAMES.resetPasswordRequest : AUTH_NAMES.changePasswordRequest));
    success = ref(AUTH_NAMES.response);
    successDescription = 'A new JWT and the user; JWTs issued before the change no longer work.';
  } else if (route.action === 'emailConfirmation') {
    parameters.push({ name: 'confirmation', in: 'query', required: true, schema: { type: 'string' }, description: 'The code of the confirmation link.' });
    success = undefined;
    successStatus = 302;
    successDescription = 'Confirmed: redirected to advanced.email_confirmation_redirection (else /).';
  } else if (route.action === 'create') {
    requestBody = jsonBody(ref(AUTH_NAMES.userCreateRequest));
    successStatus = 201;
    successDescription = 'The new user with its role, flat.';
  } else if (route.action === 'count') {
    parameters.push(readParameters(model, user, 'list').find((p) => p.name === 'filters') as Schema);
    success = { type: 'integer', minimum: 0 };
    successDescription = 'The number of users matching the filters.';
  } else if (route.action === 'find') {
    parameters.push(...readParameters(model, user, 'list'));
    success = { type: 'array', items: record };
    successDescription = 'Users, flat, as a plain array (no envelope, no pagination meta).';
  } else if (route.method === 'get') {
    parameters.push(...readParameters(model, user, 'one'));
  } else if (route.action === 'update') {
    requestBody = jsonBody(ref(AUTH_NAMES.userUpdateRequest));
  }
  const permission = `plugin::users-permissions.${route.permission}`;
  const note = route.action === 'me' ? 'Needs a JWT; answers 403 without one. ' : '';
  return {
    tag: user.displayName,
    summary: route.summary,
    description: `${note}Answered by the users-permissions plugin: flat JSON, never password or tokens.\n\n${accessNote(model, permission, true)}`,
    operationId: route.operationId,
    uid: USER_UID,
    action: route.action,
    parameters,
    ...(requestBody ? { requestBody } : {}),
    ...(success ? { success } : {}),
    successStatus,
    successDescription,
    addressed: byId,
    rateLimited: ['login', 'register', 'forgotPassword', 'sendEmailConfirmation'].includes(route.action),
    sendsEmail: ['register', 'forgotPassword', 'sendEmailConfirmation'].includes(route.action),
  };
}

export function addUsersPermissionsPaths(model: NormalizedModel, prefix: string, paths: Paths): void {
  if (!model.contentTypes[USER_UID]) return;
  for (const route of ROUTES) addOperation(paths, restPath(prefix, ...route.path), route.method, buildOperation(operationFor(model, route)));
}

const ROLE_UID = 'plugin::users-permissions.role';

export const ROLE_NAMES = {
  map: 'UsersPermissionsPermissionsMap',
  summary: 'UsersPermissionsRoleSummary',
  detail: 'UsersPermissionsRoleDetail',
  request: 'UsersPermissionsRoleRequest',
  ok: 'UsersPermissionsOk',
} as const;

const ROLE_SCALARS: Record<string, Schema> = {
  id: { type: 'integer', minimum: 1 },
  name: { type: 'string' },
  description: { type: 'string', nullable: true },
  type: { type: 'string' },
  createdAt: { type: 'string', format: 'date-time' },
  updatedAt: { type: 'string', format: 'date-time' },
};

/** The roles API's schemas: Strapi's permissions map, a role in a list (with nb_users), a role with its map, the write body. */
export function rolesSchemas(): [string, Schema][] {
  const action: Schema = { type: 'object', required: ['enabled'], properties: { enabled: { type: 'boolean' }, policy: { type: 'string' } } };
  return [
    [ROLE_NAMES.map, describe('`{ "api::post": { "controllers": { "post": { "find": { "enabled": true, "policy": "" } } } } }`: every action quire serves, by plugin or API, controller and action.', {
      type: 'object',
      additionalProperties: { type: 'object', required: ['controllers'], properties: { controllers: { type: 'object', additionalProperties: { type: 'object', additionalProperties: action } } } },
    })],
    [ROLE_NAMES.summary, { type: 'object', required: ['id', 'name', 'type', 'nb_users'], properties: { ...ROLE_SCALARS, nb_users: { type: 'integer', minimum: 0, description: 'Users holding the role.' } } }],
    [ROLE_NAMES.detail, { type: 'object', required: ['id', 'name', 'type', 'permissions'], properties: { ...ROLE_SCALARS, permissions: ref(ROLE_NAMES.map) } }],
    [ROLE_NAMES.request, describe('A custom role: its type comes from its name ("Content Editor" -> content_editor). Roles defined in config/permissions.json are changed there (400 here).', {
      type: 'object',
      properties: { name: { type: 'string', minLength: 3 }, description: { type: 'string', nullable: true }, type: { type: 'string' }, permissions: ref(ROLE_NAMES.map) },
    })],
    [ROLE_NAMES.ok, { type: 'object', required: ['ok'], properties: { ok: { type: 'boolean', enum: [true] } } }],
  ];
}

interface RoleRoute {
  readonly method: 'get' | 'post' | 'put' | 'delete';
  readonly path: string[];
  readonly action: string;
  /** Strapi's permission: `plugin::users-permissions.<controller>.<action>` */
  readonly permission: string;
  readonly summary: string;
}

const ROLE_ROUTES: readonly RoleRoute[] = [
  { method: 'get', path: ['users-permissions', 'roles'], action: 'find', permission: 'role.find', summary: 'List roles' },
  { method: 'get', path: ['users-permissions', 'roles', '{id}'], action: 'findOne', permission: 'role.findOne', summary: 'Get a role with its permissions' },
  { method: 'post', path: ['users-permissions', 'roles'], action: 'createRole', permission: 'role.createRole', summary: 'Create a role' },
  { method: 'put', path: ['users-permissions', 'roles', '{id}'], action: 'updateRole', permission: 'role.updateRole', summary: 'Update a role and its permissions' },
  { method: 'delete', path: ['users-permissions', 'roles', '{id}'], action: 'deleteRole', permission: 'role.deleteRole', summary: 'Delete a role (its users get the public role)' },
  { method: 'get', path: ['users-permissions', 'permissions'], action: 'getPermissions', permission: 'permissions.getPermissions', summary: 'Every permission quire serves' },
];

function roleOperation(model: NormalizedModel, route: RoleRoute): OperationSpec {
  const byId = route.path.includes('{id}');
  const success: Schema = route.action === 'find' ? { type: 'object', required: ['roles'], properties: { roles: { type: 'array', items: ref(ROLE_NAMES.summary) } } }
    : route.action === 'findOne' ? { type: 'object', required: ['role'], properties: { role: ref(ROLE_NAMES.detail) } }
      : route.action === 'getPermissions' ? { type: 'object', required: ['permissions'], properties: { permissions: ref(ROLE_NAMES.map) } }
        : ref(ROLE_NAMES.ok);
  const permission = `plugin::users-permissions.${route.permission}`;
  return {
    tag: 'Role',
    summary: route.summary,
    description: `Answered by the users-permissions plugin: flat JSON.\n\n${accessNote(model, permission, true)}`,
    operationId: `users-permissions.${route.permission}`,
    uid: ROLE_UID,
    action: route.action,
    parameters: byId ? [idParameterRef] : [],
    ...(route.action === 'createRole' || route.action === 'updateRole' ? { requestBody: jsonBody(ref(ROLE_NAMES.request)) } : {}),
    success,
    successDescription: route.action === 'find' ? 'Every role.' : route.action === 'findOne' ? 'The role and its permissions map.' : route.action === 'getPermissions' ? 'Every action, none enabled.' : 'Done.',
    addressed: byId,
  };
}

export function addRolesPaths(model: NormalizedModel, prefix: string, paths: Paths): void {
  if (!model.contentTypes[ROLE_UID]) return;
  for (const route of ROLE_ROUTES) addOperation(paths, restPath(prefix, ...route.path), route.method, buildOperation(roleOperation(model, route)));
}
