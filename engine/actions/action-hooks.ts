/**
 * engine/actions: the hook point of the action layer, where a project's lifecycles run
 * (`beforeCreate`, `afterUpdate`, `beforeFindMany`...). Generic: an action asks `ctx.hooks` whether
 * the uid has a hook for it, hands the `before` hook its params (a write's `data` may be changed
 * there: the action plans from it afterwards), and the `after` hook its result. Writes call both
 * inside their transaction, with the repository bound to it, so what a hook writes commits or rolls
 * back with the entry. Knows nothing of who implements the hooks (engine/project does).
 */
import type { Repository } from '../repository/types.js';

/** Strapi v4's lifecycle actions, without the `before` / `after` prefix. */
export type HookAction = 'create' | 'update' | 'delete' | 'findMany' | 'findOne' | 'count';

export interface HookCall {
  /** writes: `{ data }` (create), `{ where: { id }, data }` (update), `{ where: { id } }` (delete); reads: the query */
  readonly params: Record<string, unknown>;
  /** shared by the before and after hook of one action */
  readonly state: Record<string, unknown>;
  /** after hooks: the entry (entries, count) the action produced */
  readonly result?: unknown;
  /** the repository the action works on (inside the write's transaction for writes) */
  readonly repo: Repository;
}

export interface ActionHooks {
  /** does `uid` have a hook for `action` (before or after)? */
  has(uid: string, action: HookAction): boolean;
  run(phase: 'before' | 'after', uid: string, action: HookAction, call: HookCall): Promise<void>;
}

export interface HookRun {
  /** the params as the before hook left them */
  readonly params: Record<string, unknown>;
  after(result: unknown): Promise<void>;
}

/**
 * Run the before hook of `action` and return how to run its after hook; undefined when the uid has
 * no hook for it (the action then goes its usual way, building nothing).
 *   const run = await runHooks(ctx.hooks, uid, 'create', tx, () => ({ data })); ...; await run?.after(entry);
 */
export async function runHooks(hooks: ActionHooks | undefined, uid: string, action: HookAction, repo: Repository, params: () => Record<string, unknown>): Promise<HookRun | undefined> {
  if (!hooks?.has(uid, action)) return undefined;
  const state: Record<string, unknown> = {};
  const call: HookCall = { params: params(), state, repo };
  await hooks.run('before', uid, action, call);
  return { params: call.params, after: (result) => hooks.run('after', uid, action, { ...call, result }) };
}

/** True when `uid` has a hook for `action`: the action then plans inside its transaction, after the before hook. */
export const hasHooks = (hooks: ActionHooks | undefined, uid: string, action: HookAction): boolean => hooks?.has(uid, action) ?? false;
