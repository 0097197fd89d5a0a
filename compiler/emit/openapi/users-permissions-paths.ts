/**
 * compiler/emit/openapi: the REST routes of the users-permissions plugin (login, register, me, and the
 * user CRUD) and their schemas. Users are answered flat (`UsersPermissionsUserRecord`), never with
 * password or tokens. Every operation carries `x-quire: {uid: 'plugin::users-permissions.user', action}`.
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

export function usersPermissionsSchemas(model: NormalizedModel): [string, Schema][] {
  const user = contentTypeOf(model, USER_UID);
  const updateProps: Record<string, Schema> = {};
  for (const attr of orderedAttributes(user)) {
    if (!NOT_WRITABLE.has(attr.name) && (!attr.private || attr.name === 'password')) updateProps[attr.name] = attributeInput(model, attr, !attr.required, false);
  }
  return [
    [AUTH_NAMES.localRequest, {
      type: 'object',
      required: ['identifier', 'password'],
      properties: {
        identifier: { type: 'string', description: 'Username or email.' },
        password: { type: 'string', format: 'password', writeOnly: true },
      },
    }],
    [AUTH_NAMES.registerRequest, {
      type: 'object',
      required: ['username', 'email', 'password'],
      properties: { username: userField(model, 'username'), email: userField(model, 'email'), password: describe('At most 72 bytes in UTF-8 (bcrypt reads no further).', userField(model, 'password')) },
    }],
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
  let success = record;
  let requestBody: Schema | undefined;
  let successDescription = 'The user, flat (no data/attributes envelope).';
  if (route.action === 'login' || route.action === 'register') {
    requestBody = jsonBody(ref(route.action === 'login' ? AUTH_NAMES.localRequest : AUTH_NAMES.registerRequest));
    success = ref(AUTH_NAMES.response);
    successDescription = 'A JWT and the user.';
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
    success,
    successDescription,
    addressed: byId,
    rateLimited: route.action === 'login' || route.action === 'register',
  };
}

export function addUsersPermissionsPaths(model: NormalizedModel, prefix: string, paths: Paths): void {
  if (!model.contentTypes[USER_UID]) return;
  for (const route of ROUTES) addOperation(paths, restPath(prefix, ...route.path), route.method, buildOperation(operationFor(model, route)));
}
