/**
 * engine/actions: what every action gets. `ActionContext` is built once at boot (the model, the
 * repository, permissions, the change bus, the clock, the plugins' keys and storage); `Caller` once per request by the door that
 * received it (who asks, which types they may read, their address for rate limits). Actions take
 * both explicitly and never learn which door called them.
 */
import type { BaseLogger as Logger } from 'pino';
import type { NormalizedModel } from '../../compiler/model/types.js';
import type { Permissions, Principal } from '../auth/permissions.js';
import type { UsersAuth } from '../auth/users-auth.js';
import type { Repository } from '../repository/types.js';
import type { StoredFiles } from '../upload/stored-files.js';
import type { ActionHooks } from './action-hooks.js';
import type { ChangeBus, ChangeRecorder } from './events.js';
import type { PreparedReads } from './prepared-reads.js';
import { USER_UID } from '../auth/uids.js';

export interface ActionContext {
  readonly model: NormalizedModel;
  readonly repo: Repository;
  readonly permissions: Permissions;
  /** every committed change is published here */
  readonly changes: ChangeBus;
  /** records every change inside its write's transaction (the webhook outbox; absent: no webhooks) */
  readonly recorder?: ChangeRecorder;
  /** the moment of a request (injected so tests can pin it) */
  now(): Date;
  /** users-permissions: JWTs, rate limits, the default role */
  readonly auth: UsersAuth;
  /** the upload plugin's storage (absent when the model has no `plugin::upload.file`) */
  readonly files?: StoredFiles;
  /** what actions say beside their answer (keys a lenient route ignored, an email that failed) */
  readonly log?: Logger;
  /** the project's lifecycle hooks (absent: a project without code) */
  readonly hooks?: ActionHooks;
  /** the reads prepared so far, kept by value (actions/read-answer.ts) */
  readonly reads: PreparedReads;
  /**
   * QUIRE_CHECK_EXECUTORS (tests): every read is answered again by each other executor, on this
   * repository of the same database (its statements are not the request's), and refused when they differ
   */
  readonly checkExecutors?: { readonly repo: Repository };
}

export interface Caller {
  readonly principal: Principal;
  /** may the caller `find` entries of this uid (populate, relation filters and relation fields obey it) */
  canFind(uid: string): boolean;
  /** may the caller link entry `id` of `uid` in a write: a readable type, or their own user account */
  mayLink(uid: string, id: number): boolean;
  /** the client's address as the rate limiter counts it (trusted proxies applied) */
  readonly ip?: string;
}

/**
 * A caller whose `canFind` answers are remembered for the request (asked once per relation field
 * per entry by GraphQL).
 *   callerOf(permissions, { kind: 'public' }, '10.0.0.7').canFind('api::article.article')
 */
export function callerOf(permissions: Permissions, principal: Principal, ip?: string): Caller {
  const findable = new Map<string, boolean>();
  const canFind = (uid: string): boolean => {
    let can = findable.get(uid);
    if (can === undefined) findable.set(uid, (can = permissions.can(principal, uid, 'find')));
    return can;
  };
  return {
    principal,
    ip,
    canFind,
    mayLink: (uid, id) => canFind(uid) || (uid === USER_UID && principal.kind === 'user' && principal.userId === id),
  };
}
