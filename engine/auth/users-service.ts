/**
 * engine/auth: the users-permissions plugin's logic, one service for both front doors (REST in
 * http/users-actions.ts, GraphQL register/login/me resolvers). Register, login (rate limited per IP
 * and identifier), JWT -> principal, me, update and delete of users. Users are stored through the
 * generic repository on up_users; answers are flat and pass the response sanitizer (no password).
 */
import type { NormalizedModel } from '../../compiler/model/types.js';
import type { ServerConfig } from '../config/server-config.js';
import { ApplicationError, NotFoundError, UnauthorizedError, ValidationError } from '../errors/index.js';
import { planCreate, planUpdate } from '../plan/index.js';
import type { Entry, FindPlan, WhereNode } from '../plan/types.js';
import type { Repository } from '../repository/types.js';
import { flatEntry, type FlatEntry } from '../response/shape-flat.js';
import { JwtCodec } from './jwt.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { Principal } from './permissions.js';
import { AuthRateLimiter } from './rate-limiter.js';
import { ROLE_UID, USER_UID } from './uids.js';
import { readLoginInput, readRegisterInput, readUserUpdate } from './user-input.js';

/** What the transport knows about the caller; `ip` keys the rate limiter. */
export interface AuthMeta {
  ip?: string;
}

/** `{ jwt, user }`: the answer of register and login (REST body, GraphQL UsersPermissionsLoginPayload). */
export interface AuthResult {
  jwt: string;
  user: FlatEntry;
}

export interface UserReadOptions {
  /** populate `role` ({ id, name, description, type, createdAt, updatedAt }) */
  withRole?: boolean;
}

const cmp = (field: string, op: '$eq' | '$eqi', value: unknown): WhereNode => ({ kind: 'cmp', field, op, value });
const invalidCredentials = () => new UnauthorizedError('Invalid credentials');
const userNotFound = () => new NotFoundError('User not found');
const ID = /^[1-9][0-9]{0,15}$/;

function userId(id: string | number): number {
  const n = typeof id === 'number' ? id : ID.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw userNotFound();
  return n;
}

function findPlan(uid: string, where: WhereNode | undefined, fields: string[] | undefined, limit: number, populate: FindPlan['populate'] = {}): FindPlan {
  return {
    kind: 'find', uid, ...(where && { where }), sort: [], fields, populate, publicationState: 'live',
    page: { style: 'offset', start: 0, limit, withCount: false },
  };
}

export class UsersService {
  readonly jwt: JwtCodec;
  readonly limiter: AuthRateLimiter;
  /** public scalar fields of the user in declared order, then timestamps (the flat answer's keys) */
  private readonly userFields: string[];

  constructor(private readonly model: NormalizedModel, private readonly repo: Repository, config: Pick<ServerConfig, 'jwtSecret' | 'jwtExpiresIn' | 'authRateLimit'>) {
    const up = model.config.usersPermissions ?? { jwtExpiresIn: 30 * 86_400, defaultRole: 'authenticated' };
    this.jwt = new JwtCodec(config.jwtSecret, config.jwtExpiresIn ?? up.jwtExpiresIn);
    this.limiter = new AuthRateLimiter(repo, config.authRateLimit);
    const user = model.contentTypes[USER_UID];
    this.userFields = user
      ? [...user.order.filter((n) => user.attributes[n]?.kind === 'scalar' && !user.attributes[n].private), 'createdAt', 'updatedAt']
      : [];
  }

  private get defaultRole(): string {
    return this.model.config.usersPermissions?.defaultRole ?? 'authenticated';
  }

  /**
   * POST /api/auth/local/register, GraphQL `register(input)`: `{ username, email, password }` ->
   * `{ jwt, user }`. Other keys (role, confirmed, blocked, provider...) are ignored, as Strapi does.
   * The user gets the default role, provider 'local', confirmed true, blocked false.
   * Errors: 400 ValidationError (input), 400 ApplicationError 'Email or Username are already taken', 429.
   */
  async register(raw: unknown, meta: AuthMeta = {}): Promise<AuthResult> {
    const input = readRegisterInput(raw);
    const buckets = this.limiter.buckets('register', meta.ip, input.email);
    await this.limiter.guard(buckets);
    const taken = await this.repo.find(findPlan(USER_UID, {
      kind: 'or',
      nodes: [cmp('email', '$eqi', input.email), cmp('username', '$eq', input.email), cmp('username', '$eq', input.username), cmp('email', '$eqi', input.username)],
    }, [], 1));
    if (taken.entries.length > 0) {
      await this.limiter.fail(buckets);
      throw new ApplicationError('Email or Username are already taken');
    }
    const roles = await this.repo.find(findPlan(ROLE_UID, cmp('type', '$eq', this.defaultRole), [], 1));
    if (roles.entries.length === 0) throw new ApplicationError('Impossible to find the default role');
    const data = { username: input.username, email: input.email, password: await hashPassword(input.password), provider: 'local', confirmed: true, blocked: false, role: roles.entries[0].id };
    // one atomic write (row + role link); a concurrent twin loses on the username unique index
    const id = await this.repo.create(planCreate(this.model, USER_UID, { data }, { now: new Date() }));
    const user = await this.read(this.repo, id, {});
    if (!user) throw new Error('registered user not found');
    return { jwt: await this.jwt.issue(user.id), user };
  }

  /**
   * POST /api/auth/local, GraphQL `login(input)`: `{ identifier, password }` -> `{ jwt, user }`.
   * identifier: the email in any case, or the exact username.
   * Errors: 400 ValidationError 'Invalid identifier or password', 400 ApplicationError for a blocked
   * account, 429 RateLimitError after too many failures for this IP or identifier.
   */
  async login(raw: unknown, meta: AuthMeta = {}): Promise<AuthResult> {
    const input = readLoginInput(raw);
    if (input.provider !== 'local') throw new ApplicationError('This provider is disabled');
    const buckets = this.limiter.buckets('login', meta.ip, input.identifier);
    await this.limiter.guard(buckets);
    const where: WhereNode = {
      kind: 'and',
      nodes: [cmp('provider', '$eq', 'local'), { kind: 'or', nodes: [cmp('email', '$eqi', input.identifier), cmp('username', '$eq', input.identifier)] }],
    };
    const { entries } = await this.repo.find(findPlan(USER_UID, where, [...this.userFields, 'password'], 1));
    const row = entries[0];
    if (!(await verifyPassword(input.password, row?.password as string | undefined)) || !row) {
      await this.limiter.fail(buckets);
      throw new ValidationError('Invalid identifier or password');
    }
    if (row.blocked === true) throw new ApplicationError('Your account has been blocked by an administrator');
    await this.limiter.succeed(buckets);
    return { jwt: await this.jwt.issue(row.id), user: flatEntry(this.model, USER_UID, row) };
  }

  /**
   * A bearer credential that is not an API token -> the user principal, or undefined when it is not
   * a valid JWT of ours (bad signature, expired, alg none...). A valid JWT of a deleted, blocked or
   * role-less user, or one issued before the user's last password change: 401 'Invalid credentials'
   * (Strapi keeps such tokens valid until they expire). A token issued in the second of the change
   * is still accepted (`iat` counts whole seconds).
   */
  async authenticate(token: string): Promise<Principal | undefined> {
    const claims = await this.jwt.verifyClaims(token);
    if (claims === undefined) return undefined;
    const { id } = claims;
    const user = await this.repo.findOne({ kind: 'findOne', uid: USER_UID, id, fields: ['blocked'], populate: { role: { fields: ['type'] } }, publicationState: 'live' });
    if (!user || user.blocked === true) throw invalidCredentials();
    const changed = await this.repo.passwordChanges.last(id);
    if (changed !== undefined && claims.iat < Math.floor(changed / 1000)) throw invalidCredentials();
    const role = user.role as Entry | null | undefined;
    if (!role || typeof role.type !== 'string') throw invalidCredentials();
    return { kind: 'user', userId: id, role: role.type };
  }

  /**
   * GraphQL `me`: the principal's user with its role (`UsersPermissionsMe`). 401 'Unauthorized' for
   * anyone but a JWT user (the public role, an API token), as Strapi answers.
   */
  async me(principal: Principal, opts: UserReadOptions = { withRole: true }): Promise<FlatEntry> {
    if (principal.kind !== 'user') throw new UnauthorizedError('Unauthorized');
    const user = await this.read(this.repo, principal.userId, opts);
    if (!user) throw new UnauthorizedError('Unauthorized');
    return user;
  }

  /**
   * PUT /api/users/:id: a flat body of user fields. role, confirmed, blocked, provider, tokens and
   * other private attributes are refused (400 naming them); password is hashed, its change recorded
   * (older JWTs are refused from then on); email lower-cased.
   * Errors: 404 'User not found', 400 ApplicationError 'Username already taken' / 'Email already taken'.
   */
  async update(id: string | number, raw: unknown, opts: UserReadOptions = {}): Promise<FlatEntry> {
    const uid = userId(id);
    const input = readUserUpdate(this.model, raw);
    const hash = input.password === undefined ? undefined : await hashPassword(input.password);
    return this.repo.transaction(async (tx) => {
      if (!(await this.read(tx, uid, {}))) throw userNotFound();
      if (input.username !== undefined && (await this.takenBy(tx, cmp('username', '$eq', input.username), uid))) throw new ApplicationError('Username already taken');
      if (input.email !== undefined && (await this.takenBy(tx, cmp('email', '$eqi', input.email), uid))) throw new ApplicationError('Email already taken');
      const data = {
        ...input.rest,
        ...(input.username !== undefined && { username: input.username }),
        ...(input.email !== undefined && { email: input.email }),
        ...(hash !== undefined && { password: hash }),
      };
      await tx.update(planUpdate(this.model, USER_UID, uid, { data }));
      // JWTs issued before this moment stop working (authenticate)
      if (hash !== undefined) await tx.passwordChanges.record(uid, Date.now());
      const user = await this.read(tx, uid, opts);
      if (!user) throw userNotFound();
      return user;
    });
  }

  /** DELETE /api/users/:id: the deleted user, flat. 404 'User not found'. */
  async remove(id: string | number): Promise<FlatEntry> {
    const uid = userId(id);
    return this.repo.transaction(async (tx) => {
      const user = await this.read(tx, uid, {});
      if (!user || (await tx.delete({ kind: 'delete', uid: USER_UID, id: uid })) === undefined) throw userNotFound();
      return user;
    });
  }

  /** one user, flat (undefined when there is none) */
  async read(repo: Repository, id: number, opts: UserReadOptions): Promise<FlatEntry | undefined> {
    const row = await repo.findOne({ kind: 'findOne', uid: USER_UID, id, populate: opts.withRole ? { role: {} } : {}, publicationState: 'live' });
    return row ? flatEntry(this.model, USER_UID, row) : undefined;
  }

  private async takenBy(repo: Repository, where: WhereNode, self: number): Promise<boolean> {
    const { entries } = await repo.find(findPlan(USER_UID, { kind: 'and', nodes: [where, { kind: 'not', node: cmp('id', '$eq', self) }] }, [], 1));
    return entries.length > 0;
  }
}
