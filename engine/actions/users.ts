/**
 * engine/actions: the users-permissions plugin's actions, the same for REST (`/api/auth/local`,
 * `/api/users...`) and GraphQL (`register`, `login`, `me`): register and login (rate limited per
 * client address and identifier, JWT issued), the principal behind a JWT, me, find, findOne, count,
 * update and delete of users. Users are ordinary entries of up_users read and written through the
 * planner and the repository; the answers are entries (the doors flatten them, dropping private
 * attributes). Writes queue one change each, published after the commit.
 */
import type { NormalizedModel } from '../../compiler/model/types.js';
import { ApplicationError, ForbiddenError, NotFoundError, UnauthorizedError, UniqueViolationError, ValidationError } from '../errors/index.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import type { Principal } from '../auth/permissions.js';
import { ROLE_UID, USER_UID } from '../auth/uids.js';
import { newConfirmationCode } from '../auth/account-tokens.js';
import { refreshCustomRoles } from '../auth/custom-roles.js';
import { readLoginInput, readRegisterInput, readUserCreate, readUserUpdate, registrationFields } from '../auth/user-input.js';
import { sendAccountEmail } from './account-emails.js';
import { planCreate, planFind, planFindOne, planUpdate } from '../plan/index.js';
import type { Entry, FindPlan, WhereNode } from '../plan/types.js';
import type { Repository } from '../repository/types.js';
import type { FilterExpr, ParsedQuery } from '../request/parsed-query.js';
import type { ActionContext, Caller } from './action-context.js';
import { parseEntryId } from './entry-id.js';
import { runWrite } from './write-transaction.js';
import { messages } from '../errors/validation-catalog.js';

/** `{ jwt, user }`: the answer of register and login. */
export interface AuthResult {
  jwt: string;
  user: Entry;
}

export interface UserReadOptions {
  /** populate `role` ({ id, name, description, type, createdAt, updatedAt }) */
  readonly withRole?: boolean;
}

const cmp = (field: string, op: '$eq' | '$eqi', value: unknown): WhereNode => ({ kind: 'cmp', field, op, value });
const invalidCredentials = () => new UnauthorizedError('Invalid credentials');
const userNotFound = () => new NotFoundError('User not found');

function userIdOf(raw: unknown): number {
  const id = parseEntryId(raw);
  if (id === undefined) throw userNotFound();
  return id;
}

function findPlan(uid: string, where: WhereNode | undefined, fields: string[] | undefined, limit: number): FindPlan {
  return {
    kind: 'find', uid, ...(where && { where }), sort: [], fields, populate: {}, publicationState: 'live',
    page: { style: 'offset', start: 0, limit, withCount: false },
  };
}

/** one user (undefined when there is none) */
function readUser(repo: Repository, id: number, opts: UserReadOptions): Promise<Entry | undefined> {
  return repo.findOne({ kind: 'findOne', uid: USER_UID, id, populate: opts.withRole ? { role: {} } : {}, publicationState: 'live' });
}

/** the scalar fields login reads: the public ones in declared order, the timestamps, and the hash */
function loginFields(model: NormalizedModel): string[] {
  const user = model.contentTypes[USER_UID];
  if (!user) return [];
  return [...user.order.filter((n) => user.attributes[n]?.kind === 'scalar' && !user.attributes[n].private), 'createdAt', 'updatedAt', 'password'];
}

async function takenBy(repo: Repository, where: WhereNode, self: number): Promise<boolean> {
  const { entries } = await repo.find(findPlan(USER_UID, { kind: 'and', nodes: [where, { kind: 'not', node: cmp('id', '$eq', self) }] }, [], 1));
  return entries.length > 0;
}

/**
 * The checks before a user write read outside its race: two writes of one email or username at once
 * both pass them, and the database's unique index (username; email with `unique_email`) refuses the
 * second. That refusal is answered as the check would have answered it, never as a 500.
 *   await unlessTaken(runWrite(...), () => new ApplicationError('Email or Username are already taken'))
 */
async function unlessTaken<T>(write: Promise<T>, answer: (field: 'username' | 'email') => Error): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (err instanceof UniqueViolationError && (err.field === 'username' || err.field === 'email')) throw answer(err.field);
    throw err;
  }
}

/** `{ jwt, user }`, or only `{ user }` when the account must confirm its email first */
export interface RegisterResult {
  jwt?: string;
  user: Entry;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * POST /api/auth/local/register, GraphQL `register(input)`: `{ username, email, password, ...extra }`
 * -> `{ jwt, user }`. The extra keys are the user attributes `register.allowedFields` lists (Strapi 4's
 * default when unset: every non-private attribute of the user type), checked by the planner like any
 * write; other keys are dropped, as Strapi drops them, and named in a log line. role, confirmed,
 * blocked, provider and the token fields are never taken. The user gets the default role, provider
 * 'local', blocked false and, when `email_confirmation` is on, confirmed false and an email with its
 * confirmation link instead of a JWT.
 * Every attempt counts against the rate limit of its address and email. Errors: 400 ValidationError
 * (input), 400 ApplicationError 'Email or Username are already taken' (also for the loser of two
 * parallel sign-ups) / 'Register action is currently disabled', 429, 503 when the confirmation email
 * cannot be sent.
 */
export async function register(ctx: ActionContext, caller: Caller, body: unknown): Promise<RegisterResult> {
  const { settings } = ctx.auth;
  if (!settings.allowRegister) throw new ApplicationError(messages.registerDisabled());
  const input = readRegisterInput(body);
  const { limiter, jwt } = ctx.auth;
  // every attempt counts, for its address and its email: no flood of accounts or of probes
  const buckets = limiter.buckets('register', caller.ip, input.email);
  await limiter.guard(buckets);
  await limiter.fail(buckets);
  const allowed = registrationFields(ctx.model, settings.registerAllowedFields);
  const extra: Record<string, unknown> = {};
  const ignored: string[] = [];
  for (const [key, value] of Object.entries(isObject(body) ? body : {})) {
    if (key === 'username' || key === 'email' || key === 'password') continue;
    if (allowed.includes(key)) extra[key] = value;
    else ignored.push(key);
  }
  if (ignored.length > 0) ctx.log?.info({ route: 'register', ignored }, 'register: keys that are not allowed fields were ignored');
  const taken = await ctx.repo.find(findPlan(USER_UID, {
    kind: 'or',
    nodes: [cmp('email', '$eqi', input.email), cmp('username', '$eq', input.email), cmp('username', '$eq', input.username), cmp('email', '$eqi', input.username)],
  }, [], 1));
  if (taken.entries.length > 0) throw new ApplicationError(messages.identityTaken());
  const roles = await ctx.repo.find(findPlan(ROLE_UID, cmp('type', '$eq', ctx.auth.defaultRole), [], 1));
  if (roles.entries.length === 0) throw new ApplicationError(messages.noDefaultRole());
  const confirmation = settings.emailConfirmation ? newConfirmationCode() : undefined;
  const data = {
    ...extra, username: input.username, email: input.email, password: await hashPassword(input.password), provider: 'local',
    confirmed: !settings.emailConfirmation, blocked: false, role: roles.entries[0].id,
    ...(confirmation && { confirmationToken: confirmation.stored }),
  };
  const plan = planCreate(ctx.model, USER_UID, { data }, { now: ctx.now() });
  // one transaction (row + role link); a concurrent twin loses on the username or email unique index
  const write = runWrite(ctx, async (tx, queue) => {
    const id = await tx.create(plan);
    const created = await readUser(tx, id, {});
    if (!created) throw new Error('registered user not found');
    queue.add('entry.create', USER_UID, created);
    return created;
  });
  const user = await unlessTaken(write, () => new ApplicationError(messages.identityTaken()));
  if (confirmation) {
    await sendAccountEmail(ctx, 'emailConfirmation', user, { URL: confirmationUrl(ctx), CODE: confirmation.code });
    return { user };
  }
  return { jwt: await jwt.issue(user.id), user };
}

/** the link of a confirmation email: this server's GET /api/auth/email-confirmation */
export const confirmationUrl = (ctx: ActionContext) => `${ctx.auth.serverUrl()}${ctx.model.config.rest.prefix}/auth/email-confirmation`;

/**
 * POST /api/auth/local, GraphQL `login(input)`: `{ identifier, password }` -> `{ jwt, user }`.
 * identifier: the email in any case, or the exact username.
 * Errors: 400 ValidationError 'Invalid identifier or password', 400 ApplicationError for a blocked
 * account, 429 RateLimitError after too many failures for this address or identifier.
 */
export async function login(ctx: ActionContext, caller: Caller, body: unknown): Promise<AuthResult> {
  const input = readLoginInput(body);
  if (input.provider !== 'local' || !ctx.auth.emailProviderEnabled) throw new ApplicationError(messages.providerDisabled());
  const { limiter, jwt } = ctx.auth;
  const buckets = limiter.buckets('login', caller.ip, input.identifier);
  await limiter.guard(buckets);
  const where: WhereNode = {
    kind: 'and',
    nodes: [cmp('provider', '$eq', 'local'), { kind: 'or', nodes: [cmp('email', '$eqi', input.identifier), cmp('username', '$eq', input.identifier)] }],
  };
  const { entries } = await ctx.repo.find(findPlan(USER_UID, where, loginFields(ctx.model), 1));
  const row = entries[0];
  if (!(await verifyPassword(input.password, row?.password as string | undefined)) || !row) {
    await limiter.fail(buckets);
    throw new ValidationError(messages.invalidCredentials());
  }
  if (ctx.auth.settings.emailConfirmation && row.confirmed !== true) throw new ApplicationError(messages.emailNotConfirmed());
  if (row.blocked === true) throw new ApplicationError(messages.userBlocked());
  await limiter.succeed(buckets);
  return { jwt: await jwt.issue(row.id), user: row };
}

/**
 * A bearer credential that is not an API token -> the user principal, or undefined when it is not
 * a valid JWT of ours (bad signature, expired, alg none...). A valid JWT of a deleted, blocked or
 * role-less user, or one issued before the user's last password change: 401 'Invalid credentials'
 * (Strapi keeps such tokens valid until they expire). A token issued in the second of the change
 * is still accepted (`iat` counts whole seconds).
 */
export async function principalOfJwt(ctx: ActionContext, token: string): Promise<Principal | undefined> {
  const claims = await ctx.auth.jwt.verifyClaims(token);
  if (claims === undefined) return undefined;
  const { id } = claims;
  const user = await ctx.repo.findOne({ kind: 'findOne', uid: USER_UID, id, fields: ['blocked'], populate: { role: { fields: ['type'] } }, publicationState: 'live' });
  if (!user || user.blocked === true) throw invalidCredentials();
  const changed = await ctx.repo.passwordChanges.last(id);
  if (changed !== undefined && claims.iat < Math.floor(changed / 1000)) throw invalidCredentials();
  const role = user.role as Entry | null | undefined;
  if (!role || typeof role.type !== 'string') throw invalidCredentials();
  await refreshCustomRoles(ctx.repo, ctx.permissions, role.type);
  return { kind: 'user', userId: id, role: role.type };
}

/**
 * GET /api/users/me (`query` applies), GraphQL `me` (with its role): the caller's user. 401
 * 'Unauthorized' for anyone but a JWT user (the public role, an API token), as Strapi answers.
 */
export async function me(ctx: ActionContext, caller: Caller, query: ParsedQuery | undefined, opts: UserReadOptions = {}): Promise<Entry> {
  const p = caller.principal;
  if (p.kind !== 'user') throw new UnauthorizedError('Unauthorized');
  const user = query === undefined
    ? await readUser(ctx.repo, p.userId, opts)
    : await ctx.repo.findOne(planFindOne(ctx.model, USER_UID, p.userId, query, { canFind: (uid) => caller.canFind(uid) }));
  if (!user) throw new UnauthorizedError('Unauthorized');
  return user;
}

/** GET /api/users: a plain list (no count); pagination parameters and the maxLimit cap apply. */
export async function findUsers(ctx: ActionContext, caller: Caller, query: ParsedQuery): Promise<Entry[]> {
  const plan = planFind(ctx.model, USER_UID, query, { canFind: (uid) => caller.canFind(uid) });
  const { entries } = await ctx.repo.find({ ...plan, page: { ...plan.page, withCount: false } });
  return entries;
}

/** GET /api/users/:id. 404 'User not found'. */
export async function findUser(ctx: ActionContext, caller: Caller, rawId: unknown, query: ParsedQuery): Promise<Entry> {
  const id = userIdOf(rawId);
  const user = await ctx.repo.findOne(planFindOne(ctx.model, USER_UID, id, query, { canFind: (uid) => caller.canFind(uid) }));
  if (!user) throw userNotFound();
  return user;
}

/** GET /api/users/count: how many users match `filters` (the only parameter read). */
export async function countUsers(ctx: ActionContext, caller: Caller, filters: FilterExpr | undefined): Promise<number> {
  const plan = planFind(ctx.model, USER_UID, filters ? { filters } : {}, { canFind: (uid) => caller.canFind(uid) });
  const { total } = await ctx.repo.find({ ...plan, fields: [], page: { style: 'offset', start: 0, limit: 1, withCount: true } });
  return total ?? 0;
}

/**
 * IDOR guard of update and destroy: a JWT user acts on their own account only, unless their role
 * also lists `plugin::users-permissions.user.updateAny` / `.destroyAny` (quire's addition: Strapi lets
 * any holder of `user.update` change every account). API tokens keep their scope. Another id, existing
 * or not, is 403 Forbidden, so the answer tells nothing about which users exist.
 */
function assertOwnAccount(ctx: ActionContext, caller: Caller, rawId: unknown, anyAction: 'updateAny' | 'destroyAny'): void {
  const p = caller.principal;
  if (p.kind !== 'user' || String(rawId) === String(p.userId)) return;
  if (!ctx.permissions.can(p, USER_UID, anyAction)) throw new ForbiddenError('Forbidden');
}

/**
 * A user setting their own password through an update (no current password asked, as in Strapi)
 * counts against the change-password limit of their address and account, shared with
 * /auth/change-password and both doors: a stolen session cannot rotate passwords at will.
 */
async function countOwnPasswordChange(ctx: ActionContext, caller: Caller, id: number): Promise<void> {
  const p = caller.principal;
  if (p.kind !== 'user' || p.userId !== id) return;
  const { limiter } = ctx.auth;
  const buckets = limiter.buckets('change-password', caller.ip, String(id));
  await limiter.guard(buckets);
  await limiter.fail(buckets);
}

/**
 * PUT /api/users/:id: a flat body of user fields. role, confirmed, blocked, provider, tokens and
 * other private attributes are refused (400 naming them); password is hashed, its change recorded
 * (older JWTs are refused from then on; a user's own change is rate limited like change-password);
 * email lower-cased. The answer includes the role when the caller may find roles (Strapi always
 * populates it).
 * Errors: 403 (another account), 404 'User not found', 400 ApplicationError 'Username already taken' / 'Email already taken'.
 */
export async function updateUser(ctx: ActionContext, caller: Caller, rawId: unknown, body: unknown): Promise<Entry> {
  assertOwnAccount(ctx, caller, rawId, 'updateAny');
  const id = userIdOf(rawId);
  const input = readUserUpdate(ctx.model, body);
  if (input.password !== undefined) await countOwnPasswordChange(ctx, caller, id);
  const hash = input.password === undefined ? undefined : await hashPassword(input.password);
  const withRole = caller.canFind(ROLE_UID);
  const taken = (field: 'username' | 'email') => new ApplicationError(field === 'username' ? messages.usernameTaken() : messages.emailTaken());
  return unlessTaken(runWrite(ctx, async (tx, queue) => {
    if (!(await readUser(tx, id, {}))) throw userNotFound();
    if (input.username !== undefined && (await takenBy(tx, cmp('username', '$eq', input.username), id))) throw new ApplicationError(messages.usernameTaken());
    if (input.email !== undefined && (await takenBy(tx, cmp('email', '$eqi', input.email), id))) throw new ApplicationError(messages.emailTaken());
    const data = {
      ...input.rest,
      ...(input.username !== undefined && { username: input.username }),
      ...(input.email !== undefined && { email: input.email }),
      ...(hash !== undefined && { password: hash }),
    };
    await tx.update(planUpdate(ctx.model, USER_UID, id, { data }));
    // JWTs issued before this moment stop working (principalOfJwt)
    if (hash !== undefined) await tx.passwordChanges.record(id, ctx.now().getTime());
    const user = await readUser(tx, id, { withRole });
    if (!user) throw userNotFound();
    queue.add('entry.update', USER_UID, user);
    return user;
  }), taken);
}

/**
 * POST /api/users, GraphQL `createUsersPermissionsUser(data)`: a flat body of user fields -> the new user
 * with its role (201 over REST). role, confirmed and blocked may be set here (the permission is an
 * administrator's); role defaults to the default role (Strapi requires it). provider is 'local'.
 * Errors: 400 ValidationError (input; a role that does not exist), 400 ApplicationError 'This attribute
 * must be unique' (username) / 'Email already taken' (with `unique_email`).
 */
export async function createUser(ctx: ActionContext, caller: Caller, body: unknown): Promise<Entry> {
  const input = readUserCreate(ctx.model, body);
  const hash = await hashPassword(input.password);
  const withRole = caller.canFind(ROLE_UID) || caller.principal.kind === 'api-token';
  const taken = (field: 'username' | 'email') => new ApplicationError(field === 'username' ? messages.unique() : messages.emailTaken());
  return unlessTaken(runWrite(ctx, async (tx, queue) => {
    if (await takenBy(tx, cmp('username', '$eq', input.username), 0)) throw new ApplicationError(messages.unique());
    if (ctx.auth.settings.uniqueEmail && (await takenBy(tx, cmp('email', '$eqi', input.email), 0))) throw new ApplicationError(messages.emailTaken());
    let role = input.rest.role;
    if (role === undefined || role === null) {
      const roles = await tx.find(findPlan(ROLE_UID, cmp('type', '$eq', ctx.auth.defaultRole), [], 1));
      if (roles.entries.length === 0) throw new ApplicationError(messages.noDefaultRole());
      role = roles.entries[0].id;
    }
    const data = { ...input.rest, username: input.username, email: input.email, password: hash, provider: 'local', role };
    const id = await tx.create(planCreate(ctx.model, USER_UID, { data }, { now: ctx.now() }));
    const user = await readUser(tx, id, { withRole });
    if (!user) throw new Error('created user not found');
    queue.add('entry.create', USER_UID, user);
    return user;
  }), taken);
}

/** DELETE /api/users/:id: the deleted user. 403 (another account), 404 'User not found'. */
export async function destroyUser(ctx: ActionContext, caller: Caller, rawId: unknown): Promise<Entry> {
  assertOwnAccount(ctx, caller, rawId, 'destroyAny');
  const id = userIdOf(rawId);
  return runWrite(ctx, async (tx, queue) => {
    const user = await readUser(tx, id, {});
    if (!user || (await tx.delete({ kind: 'delete', uid: USER_UID, id })) === undefined) throw userNotFound();
    queue.add('entry.delete', USER_UID, user);
    return user;
  });
}

/** a user with its role (GraphQL `UsersPermissionsMe.role` when register/login answered without it) */
export async function userRole(ctx: ActionContext, userId: number): Promise<Entry | null> {
  const user = await readUser(ctx.repo, userId, { withRole: true });
  return (user?.role as Entry | null | undefined) ?? null;
}
