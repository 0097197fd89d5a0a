/**
 * engine/graphql: what every resolver gets as `context`: the requester, permission checks, the model,
 * the HTTP request, read helpers for extension resolvers, and (internal) the runtime and the
 * per-request loaders. Built once per request by graphql-endpoint.ts; resolvers never reach for globals.
 */
import type { IncomingMessage } from 'node:http';
import type { GraphQLResolveInfo } from 'graphql';
import type { NormalizedModel } from '../../compiler/model/types.js';
import type { Permissions, Principal } from '../auth/permissions.js';
import type { UsersService } from '../auth/users-service.js';
import type { Repository } from '../repository/types.js';
import type { RelationLoaders } from './relation-loaders.js';
import type { RowBudget } from './row-budget.js';
import type { TypeIndex } from './type-index.js';

/** Shared by every request: built at boot. */
export interface GraphqlRuntime {
  readonly model: NormalizedModel;
  readonly repo: Repository;
  readonly index: TypeIndex;
  readonly permissions: Permissions;
  /** users-permissions (register, login, me); the REST routes' service */
  readonly users?: UsersService;
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

export interface GraphqlContext {
  readonly principal: Principal;
  readonly model: NormalizedModel;
  /** `can('api::article.article', 'create')` */
  can(uid: string, action: string): boolean;
  canFind(uid: string): boolean;
  /** the request, and the client's address as the rate limiter counts it (trusted proxies applied) */
  readonly http: { readonly req: IncomingMessage; readonly ip?: string };
  /**
   * For extension resolvers: a list read with GraphQL arguments (filters, pagination, sort,
   * publicationState), through the same planner and repository; pass `info` to load the selected
   * relations in the same round trip. No permission check: the resolver's `auth` decides.
   */
  find(uid: string, args?: Record<string, unknown>, info?: GraphQLResolveInfo): Promise<EntityCollectionValue>;
  /** One entry by id (collection types) or the entry (single types, id undefined). */
  findOne(uid: string, id: string | number | undefined, info?: GraphQLResolveInfo): Promise<{ data: EntityValue | null }>;
  /** internal */
  readonly runtime: GraphqlRuntime;
  /** internal: on-demand loaders, batched per tick */
  readonly loaders: RelationLoaders;
  /** internal: entries this request may still read */
  readonly rows: RowBudget;
}
