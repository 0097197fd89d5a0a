/**
 * engine/plan: PaginationQuery (engine/request) -> PagePlan after Strapi's defaults and clamping:
 * page < 1 -> 1, pageSize < 1 -> 1, start < 0 -> 0, limit -1 -> maxLimit, sizes above maxLimit ->
 * maxLimit. Mixing page/pageSize with start/limit -> 400 PaginationError.
 */
import type { PaginationQuery } from '../request/parsed-query.js';
import { MixedPaginationError } from '../errors/index.js';
import type { PageLimits } from './plan-options.js';
import type { PagePlan } from './types.js';

/**
 *   parsePagination({ page: 0, pageSize: 1000 }, { defaultLimit: 25, maxLimit: 100, withCount: true })
 *   -> { style: 'page', page: 1, pageSize: 100, withCount: true }
 *   parsePagination({ start: 10 }, limits) -> { style: 'offset', start: 10, limit: 25, withCount: true }
 */
export function parsePagination(query: PaginationQuery | undefined, limits: PageLimits): PagePlan {
  const input = query ?? {};
  const maxLimit = Math.max(1, limits.maxLimit);
  const defaultLimit = Math.min(Math.max(1, limits.defaultLimit), maxLimit);
  const hasPage = input.page !== undefined || input.pageSize !== undefined;
  const hasOffset = input.start !== undefined || input.limit !== undefined;
  if (hasPage && hasOffset) throw new MixedPaginationError();
  const withCount = input.withCount ?? limits.withCount;
  if (hasOffset) {
    const start = input.start ?? 0;
    const limit = input.limit ?? defaultLimit;
    return { style: 'offset', start: Math.max(0, start), limit: limit === -1 ? maxLimit : Math.min(Math.max(1, limit), maxLimit), withCount };
  }
  const page = input.page ?? 1;
  const pageSize = input.pageSize ?? defaultLimit;
  return { style: 'page', page: Math.max(1, page), pageSize: Math.min(Math.max(1, pageSize), maxLimit), withCount };
}
