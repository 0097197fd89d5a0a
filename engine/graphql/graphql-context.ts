/**
 * engine/graphql: what every resolver gets as `context`: the caller and permission checks, the
 * model, the HTTP request, read helpers for extension resolvers, and (internal) the runtime and the
 * per-request loaders. Built once per request by graphql-endpoint.ts; resolvers never reach for globals.
 */
import type { IncomingMessage } from 'node:http';
import type { GraphQLResolveInfo } from 'graphql';
import type { NormalizedModel } from '../../compiler/model/types.js';
import type { ActionContext, Caller } from '../actions/action-context.js';
import type { Principal } from '../auth/permissions.js';
import type { PublicationState } from '../plan/types.js';
import type { PopulateNode } from '../request/parsed-query.js';
import type { LoadedTag } from './loaded-entries.js';
import type { RowBudget } from './row-budget.js';
import type { TypeIndex } from './type-index.js';

/** Shared by every request: built at boot. */
export interface GraphqlRuntime {
  readonly model: NormalizedModel;
  /** the one action layer every door calls */
  readonly actions: ActionContext;
  readonly index: TypeIndex;
}

/** `{ id, attributes }`, what `<Name>Entity` resolves from. */
export interface EntityValue {
  id: number;
  attributes: Record<string, unknown>;
}

export interface EntityCollectionValue {
  data: EntityValue[];
  meta: { pagination: { total: number; page: number; pageSize: number; pageCount: number } };
}

/** Loads one attribute of many parents per tick (relation-loaders.ts). */
export interface AttributeLoader {
  load(uid: string, attribute: string, request: PopulateNode, tag: LoadedTag, state: PublicationState, id: number): Promise<unknown>;
}

export interface GraphqlContext {
  readonly principal: Principal;
  /** who asks: the principal, which types they may read, their address */
  readonly caller: Caller;
  readonly model: NormalizedModel;
  /** `can('api::article.article', 'create')` */
  can(uid: string, action: string): boolean;
  canFind(uid: string): boolean;
  /** the request, and the client's address as the rate limiter counts it (trusted proxies applied) */
  readonly http: { readonly req: IncomingMessage; readonly ip?: string };
  /**
   * For extension resolvers: a list read with GraphQL arguments (filters, pagination, sort,
   * publicationState), through the same action as `Query.<names>`; pass `info` to load the selected
   * relations in the same round trip. No permission check: the resolver's `auth` decides.
   */
  find(uid: string, args?: Record<string, unknown>, info?: GraphQLResolveInfo): Promise<EntityCollectionValue>;
  /** One entry by id (collection types) or the entry (single types, id undefined). */
  findOne(uid: string, id: string | number | undefined, info?: GraphQLResolveInfo): Promise<{ data: EntityValue | null }>;
  /** internal */
  readonly runtime: GraphqlRuntime;
  /** internal: on-demand loaders, batched per tick */
  readonly loaders: AttributeLoader;
  /** internal: entries this request may still read (GRAPHQL_MAX_ROWS; absent: no such limit) */
  readonly rows?: RowBudget;
}
