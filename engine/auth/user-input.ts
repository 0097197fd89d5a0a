/**
 * engine/auth: the bodies of register, login and user update, checked with Strapi's wording
 * ("username is a required field", "email must be a valid email"), shared by REST and GraphQL.
 * Also the mass-assignment rule: an update naming role, confirmed, blocked, provider, a token or
 * another private attribute (password excepted) is refused with 400 naming each key.
 */
import type { NormalizedModel } from '../../compiler/model/types.js';
import { ValidationError, type ValidationIssue } from '../errors/index.js';
import { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH, passwordBytes } from './passwords.js';
import { USER_UID } from './uids.js';

export interface RegisterInput {
  username: string;
  /** lower-cased */
  email: string;
  password: string;
}

export interface LoginInput {
  /** email (any case) or username (exact) */
  identifier: string;
  password: string;
  provider: string;
}

export interface UserUpdateInput {
  username?: string;
  /** lower-cased */
  email?: string;
  password?: string;
  /** the other keys sent, for the write planner (it drops unknown keys, as Strapi does) */
  rest: Record<string, unknown>;
}

/** Keys no request may set on a user: they would grant a role or (un)block, (un)confirm an account. */
export const NOT_WRITABLE = ['role', 'confirmed', 'blocked', 'provider', 'resetPasswordToken', 'confirmationToken'] as const;

const USERNAME_MIN_LENGTH = 3;
const EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

const issue = (name: string, message: string): ValidationIssue => ({ path: [name], message, name: 'ValidationError' });

function objectBody(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw ValidationError.of([{ path: [], message: 'The request body must be a JSON object', name: 'ValidationError' }]);
  }
  return body as Record<string, unknown>;
}

/** the value when it is a string; pushes Strapi's message otherwise */
function text(body: Record<string, unknown>, name: string, issues: ValidationIssue[], required: boolean): string | undefined {
  const v = body[name];
  if (v === undefined || (v === null && required)) {
    if (required) issues.push(issue(name, `${name} is a required field`));
    return undefined;
  }
  if (typeof v !== 'string') {
    issues.push(issue(name, `${name} must be a \`string\` type`));
    return undefined;
  }
  if (required && v === '') {
    issues.push(issue(name, `${name} is a required field`));
    return undefined;
  }
  return v;
}

function checkUsername(v: string | undefined, issues: ValidationIssue[]): void {
  if (v !== undefined && v.length < USERNAME_MIN_LENGTH) issues.push(issue('username', `username must be at least ${USERNAME_MIN_LENGTH} characters`));
}

function checkEmail(v: string | undefined, issues: ValidationIssue[]): void {
  if (v !== undefined && !EMAIL.test(v)) issues.push(issue('email', 'email must be a valid email'));
}

function checkPassword(v: string | undefined, issues: ValidationIssue[]): void {
  if (v === undefined) return;
  if (v.length < PASSWORD_MIN_LENGTH) issues.push(issue('password', `password must be at least ${PASSWORD_MIN_LENGTH} characters`));
  else if (passwordBytes(v) > PASSWORD_MAX_BYTES) issues.push(issue('password', `password must be at most ${PASSWORD_MAX_BYTES} bytes`));
}

/**
 * Only username, email and password are read; every other key (role, confirmed, blocked, provider,
 * tokens...) is ignored, as Strapi's register does.
 *   readRegisterInput({ username: 'ada', email: 'Ada@Example.com', password: 'secret123', role: 1 })
 *   -> { username: 'ada', email: 'ada@example.com', password: 'secret123' }
 */
export function readRegisterInput(raw: unknown): RegisterInput {
  const body = objectBody(raw);
  const issues: ValidationIssue[] = [];
  const email = text(body, 'email', issues, true);
  checkEmail(email, issues);
  const username = text(body, 'username', issues, true);
  checkUsername(username, issues);
  const password = text(body, 'password', issues, true);
  checkPassword(password, issues);
  if (issues.length > 0) throw ValidationError.of(issues);
  return { username: username as string, email: (email as string).toLowerCase(), password: password as string };
}

export function readLoginInput(raw: unknown): LoginInput {
  const body = objectBody(raw);
  const issues: ValidationIssue[] = [];
  const identifier = text(body, 'identifier', issues, true);
  const password = text(body, 'password', issues, true);
  const provider = text(body, 'provider', issues, false) ?? 'local';
  if (issues.length > 0) throw ValidationError.of(issues);
  return { identifier: identifier as string, password: password as string, provider };
}

/** Keys of the user type an update may not carry: NOT_WRITABLE plus private attributes but password. */
export function forbiddenUserKeys(model: NormalizedModel): Set<string> {
  const out = new Set<string>(NOT_WRITABLE);
  for (const [name, attr] of Object.entries(model.contentTypes[USER_UID]?.attributes ?? {})) if (attr.private && name !== 'password') out.add(name);
  return out;
}

/**
 *   readUserUpdate(model, { email: 'New@Example.com', role: 3 }) -> ValidationError "role may not be set through the API"
 *   readUserUpdate(model, { email: 'New@Example.com' }) -> { email: 'new@example.com', rest: {} }
 */
export function readUserUpdate(model: NormalizedModel, raw: unknown): UserUpdateInput {
  const body = objectBody(raw);
  const issues: ValidationIssue[] = [];
  const forbidden = forbiddenUserKeys(model);
  for (const key of Object.keys(body)) if (forbidden.has(key)) issues.push(issue(key, `${key} may not be set through the API`));
  const username = text(body, 'username', issues, 'username' in body);
  checkUsername(username, issues);
  const email = text(body, 'email', issues, 'email' in body);
  checkEmail(email, issues);
  const password = text(body, 'password', issues, 'password' in body);
  checkPassword(password, issues);
  if (issues.length > 0) throw ValidationError.of(issues);
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) if (key !== 'username' && key !== 'email' && key !== 'password') rest[key] = value;
  return {
    ...(username !== undefined && { username }),
    ...(email !== undefined && { email: email.toLowerCase() }),
    ...(password !== undefined && { password }),
    rest,
  };
}
