/**
 * engine/auth: the bodies of register, login and user update, checked with Strapi's wording
 * ("username is a required field", "email must be a valid email", from the catalog), shared by REST and GraphQL.
 * Also the mass-assignment rule: an update naming role, confirmed, blocked, provider, a token or
 * another private attribute (password excepted) is refused with 400 naming each key.
 */
import type { NormalizedModel } from '../../compiler/model/types.js';
import { messages as m, ValidationError, validationIssue, type ValidationIssue } from '../errors/index.js';
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

const issue = (name: string, message: string): ValidationIssue => validationIssue([name], message);

/** register and login read a body that is not an object as an empty one, as Strapi does (every field is then missing) */
const fieldsOf = (body: unknown): Record<string, unknown> => (isObject(body) ? body : {});
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * the value when it is a string; pushes Strapi's message otherwise: "x is a required field" when
 * missing (or empty, unless `whenEmpty` says otherwise), "x must be a `string` type, ..." for any other value
 */
function text(body: Record<string, unknown>, name: string, issues: ValidationIssue[], required: boolean, whenEmpty: (name: string) => string = (n) => m.requiredField([n])): string | undefined {
  const v = body[name];
  if (v === undefined) {
    if (required) issues.push(issue(name, m.requiredField([name])));
    return undefined;
  }
  if (typeof v !== 'string') {
    issues.push(issue(name, m.type([name], 'string', v)));
    return undefined;
  }
  if (required && v === '') {
    issues.push(issue(name, whenEmpty(name)));
    return undefined;
  }
  return v;
}

function checkUsername(v: string | undefined, issues: ValidationIssue[]): void {
  if (v !== undefined && v.length < USERNAME_MIN_LENGTH) issues.push(issue('username', m.minLength(['username'], USERNAME_MIN_LENGTH)));
}

function checkEmail(v: string | undefined, issues: ValidationIssue[]): void {
  if (v !== undefined && !EMAIL.test(v)) issues.push(issue('email', m.email(['email'])));
}

function checkPassword(v: string | undefined, issues: ValidationIssue[]): void {
  if (v === undefined) return;
  if (v.length < PASSWORD_MIN_LENGTH) issues.push(issue('password', m.minLength(['password'], PASSWORD_MIN_LENGTH)));
  else if (passwordBytes(v) > PASSWORD_MAX_BYTES) issues.push(issue('password', m.passwordBytes(['password'], PASSWORD_MAX_BYTES)));
}

/** email, username and password, each required and checked as register and user create check them */
function readCredentials(body: Record<string, unknown>, issues: ValidationIssue[]) {
  const email = text(body, 'email', issues, true);
  checkEmail(email, issues);
  const username = text(body, 'username', issues, true);
  checkUsername(username, issues);
  const password = text(body, 'password', issues, true);
  checkPassword(password, issues);
  return { email, username, password };
}

/**
 * Only username, email and password are read; every other key (role, confirmed, blocked, provider,
 * tokens...) is ignored, as Strapi's register does.
 *   readRegisterInput({ username: 'ada', email: 'Ada@Example.com', password: 'secret123', role: 1 })
 *   -> { username: 'ada', email: 'ada@example.com', password: 'secret123' }
 */
export function readRegisterInput(raw: unknown): RegisterInput {
  const body = fieldsOf(raw);
  const issues: ValidationIssue[] = [];
  const { email, username, password } = readCredentials(body, issues);
  if (issues.length > 0) throw ValidationError.of(issues);
  return { username: username as string, email: (email as string).toLowerCase(), password: password as string };
}

export function readLoginInput(raw: unknown): LoginInput {
  const body = fieldsOf(raw);
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
  if (!isObject(raw)) throw ValidationError.of([validationIssue([], m.bodyNotObject())]);
  const body = raw;
  const issues: ValidationIssue[] = [];
  const forbidden = forbiddenUserKeys(model);
  for (const key of Object.keys(body)) if (forbidden.has(key)) issues.push(issue(key, m.notWritable([key])));
  // an empty value is "at least 1 characters" here, as Strapi's user update says
  const empty = (name: string) => m.minLength([name], 1);
  const username = text(body, 'username', issues, 'username' in body, empty);
  checkUsername(username, issues);
  const email = text(body, 'email', issues, 'email' in body, empty);
  checkEmail(email, issues);
  const password = text(body, 'password', issues, 'password' in body, empty);
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

/** `{ email }` of forgot-password and send-email-confirmation: required, a valid email; lower-cased */
export function readEmailBody(raw: unknown): string {
  const body = fieldsOf(raw);
  const issues: ValidationIssue[] = [];
  const email = text(body, 'email', issues, true);
  checkEmail(email, issues);
  if (issues.length > 0) throw ValidationError.of(issues);
  return (email as string).toLowerCase();
}

export interface NewPasswordInput {
  password: string;
  passwordConfirmation: string;
  /** reset-password: `code`; change-password: `currentPassword` */
  proof: string;
}

/**
 * reset-password (`proof` is `code`) and change-password (`currentPassword`): every field required, in
 * the order Strapi names them (passwordConfirmation, password, then the proof); password 6 characters
 * to 72 bytes.
 *   readNewPassword({ code: 'ab', password: 'x' }, 'code') -> ValidationError "2 errors occurred"
 */
export function readNewPassword(raw: unknown, proof: 'code' | 'currentPassword'): NewPasswordInput {
  const body = fieldsOf(raw);
  const issues: ValidationIssue[] = [];
  const passwordConfirmation = text(body, 'passwordConfirmation', issues, true);
  const password = text(body, 'password', issues, true);
  checkPassword(password, issues);
  const given = text(body, proof, issues, true);
  if (issues.length > 0) throw ValidationError.of(issues);
  return { password: password as string, passwordConfirmation: passwordConfirmation as string, proof: given as string };
}

/** `?confirmation=` of GET /api/auth/email-confirmation (GraphQL `emailConfirmation(confirmation)`) */
export function readConfirmation(raw: unknown): string {
  const issues: ValidationIssue[] = [];
  const token = text(fieldsOf(raw), 'confirmation', issues, true);
  if (issues.length > 0) throw ValidationError.of(issues);
  return token as string;
}

/** Never set by a registration, whatever `register.allowedFields` lists (username, email and password are read apart). */
const NEVER_REGISTERED = new Set<string>([...NOT_WRITABLE, 'username', 'email', 'password']);

/**
 * The user attributes a registration may set besides username, email and password: `allowedFields`
 * when the config sets it (private attributes too, if listed, as Strapi allows), else Strapi 4's
 * default: every non-private attribute of the user type (relations and media included). role,
 * confirmed, blocked, provider and the token fields never.
 *   registrationFields(model, undefined) -> ['firstName', 'lastName', 'phone', 'newsletter', 'avatar', 'posts']
 *   registrationFields(model, ['firstName', 'role']) -> ['firstName']
 */
export function registrationFields(model: NormalizedModel, allowed: readonly string[] | undefined): string[] {
  const user = model.contentTypes[USER_UID];
  if (!user) return [];
  if (allowed) return allowed.filter((n) => user.attributes[n] !== undefined && !NEVER_REGISTERED.has(n));
  return user.order.filter((n) => !NEVER_REGISTERED.has(n) && user.attributes[n] !== undefined && !user.attributes[n].private);
}

/** `allowedFields` names a registration never takes (warned about at start) */
export function refusedAllowedFields(allowed: readonly string[] | undefined): string[] {
  return (allowed ?? []).filter((n) => NEVER_REGISTERED.has(n) && n !== 'username' && n !== 'email' && n !== 'password');
}

export interface UserCreateInput {
  username: string;
  /** lower-cased */
  email: string;
  password: string;
  /** the other keys (role, confirmed, blocked, extension attributes), for the write planner */
  rest: Record<string, unknown>;
}

/** what POST /api/users may not set: provider, the token fields, private attributes but password */
function forbiddenOnCreate(model: NormalizedModel): Set<string> {
  const out = forbiddenUserKeys(model);
  for (const key of ['role', 'confirmed', 'blocked']) out.delete(key);
  return out;
}

/**
 * POST /api/users (`user.create`, an administrator's route in Strapi): email, username and password
 * required (Strapi's order), role, confirmed and blocked accepted (role: the default one when absent,
 * where Strapi requires it); provider, the token fields and private attributes are refused by name.
 *   readUserCreate(model, { username: 'gus', email: 'Gus@Example.com', password: 'secret123', role: 2 })
 *   -> { username: 'gus', email: 'gus@example.com', password: 'secret123', rest: { role: 2 } }
 */
export function readUserCreate(model: NormalizedModel, raw: unknown): UserCreateInput {
  const body = fieldsOf(raw);
  const issues: ValidationIssue[] = [];
  const { email, username, password } = readCredentials(body, issues);
  const forbidden = forbiddenOnCreate(model);
  for (const key of Object.keys(body)) if (forbidden.has(key)) issues.push(issue(key, m.notWritable([key])));
  if (issues.length > 0) throw ValidationError.of(issues);
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) if (key !== 'username' && key !== 'email' && key !== 'password') rest[key] = value;
  return { username: username as string, email: (email as string).toLowerCase(), password: password as string, rest };
}
