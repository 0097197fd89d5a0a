/**
 * engine/http: the REST routes of the users-permissions plugin (/api/auth/local, /register,
 * /api/users...). Each names the Strapi permission it needs (checked by app.ts before it runs) and
 * answers flat JSON, no data/attributes envelope, as Strapi's plugin does. Logic lives in
 * auth/users-service.ts, shared with GraphQL; reads go through the ordinary planner.
 */
import { AUTH_PERMISSION_UID, ROLE_UID, USER_UID } from '../auth/uids.js';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../errors/index.js';
import { planFind, planFindOne } from '../plan/index.js';
import { flatEntry } from '../response/shape-flat.js';
import type { EngineContext, RestRequest, RestResult } from './engine-context.js';

type Action = (ctx: EngineContext, req: RestRequest) => Promise<RestResult>;

export interface UsersRoute {
  /** the permission as Strapi names it: [`plugin::users-permissions.auth`, `callback`] */
  readonly permission: readonly [uid: string, action: string];
  readonly handle: Action;
}

const ok = (body: unknown): RestResult => ({ status: 200, body });
const userNotFound = () => new NotFoundError('User not found');

const me: Action = async (ctx, req) => {
  if (req.principal.kind !== 'user') throw new UnauthorizedError('Unauthorized');
  const row = await ctx.repo.findOne(planFindOne(ctx.model, USER_UID, req.principal.userId, req.query, { canFind: req.canFind }));
  if (!row) throw new UnauthorizedError('Unauthorized');
  return ok(flatEntry(ctx.model, USER_UID, row));
};

/** a plain array of users (no meta); pagination parameters and the maxLimit cap apply */
const find: Action = async (ctx, req) => {
  const plan = planFind(ctx.model, USER_UID, req.query, { canFind: req.canFind });
  const { entries } = await ctx.repo.find({ ...plan, page: { ...plan.page, withCount: false } });
  return ok(entries.map((e) => flatEntry(ctx.model, USER_UID, e)));
};

const findOne: Action = async (ctx, req) => {
  const row = await ctx.repo.findOne(planFindOne(ctx.model, USER_UID, req.params.id, req.query, { canFind: req.canFind }));
  if (!row) throw userNotFound();
  return ok(flatEntry(ctx.model, USER_UID, row));
};

/** a bare number; only `filters` is read */
const count: Action = async (ctx, req) => {
  const plan = planFind(ctx.model, USER_UID, { filters: req.query.filters }, { canFind: req.canFind });
  const { total } = await ctx.repo.find({ ...plan, fields: [], page: { style: 'offset', start: 0, limit: 1, withCount: true } });
  return ok(total ?? 0);
};

/**
 * IDOR guard of update and destroy: a JWT user acts on their own account only, unless their role
 * also lists `plugin::users-permissions.user.updateAny` / `.destroyAny` (quire's addition: Strapi lets
 * any holder of `user.update` change every account). API tokens keep their scope. Another id, existing
 * or not, is 403 Forbidden, so the answer tells nothing about which users exist.
 */
function assertOwnAccount(ctx: EngineContext, req: RestRequest, anyAction: 'updateAny' | 'destroyAny'): void {
  const p = req.principal;
  if (p.kind !== 'user' || req.params.id === String(p.userId)) return;
  if (!ctx.permissions.can(p, USER_UID, anyAction)) throw new ForbiddenError('Forbidden');
}

export const USERS_ROUTES: Readonly<Record<string, UsersRoute>> = {
  login: { permission: [AUTH_PERMISSION_UID, 'callback'], handle: async (ctx, req) => ok(await ctx.users.login(req.body, { ip: req.ip })) },
  register: { permission: [AUTH_PERMISSION_UID, 'register'], handle: async (ctx, req) => ok(await ctx.users.register(req.body, { ip: req.ip })) },
  me: { permission: [USER_UID, 'me'], handle: me },
  find: { permission: [USER_UID, 'find'], handle: find },
  findOne: { permission: [USER_UID, 'findOne'], handle: findOne },
  count: { permission: [USER_UID, 'count'], handle: count },
  // the answer includes the role when the caller may find roles (Strapi always populates it)
  update: { permission: [USER_UID, 'update'], handle: async (ctx, req) => {
    assertOwnAccount(ctx, req, 'updateAny');
    return ok(await ctx.users.update(req.params.id ?? '', req.body, { withRole: req.canFind(ROLE_UID) }));
  } },
  destroy: { permission: [USER_UID, 'destroy'], handle: async (ctx, req) => {
    assertOwnAccount(ctx, req, 'destroyAny');
    return ok(await ctx.users.remove(req.params.id ?? ''));
  } },
};
