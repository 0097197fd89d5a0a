/**
 * engine/response: the list-level `meta.pagination`, by page `{page, pageSize, pageCount, total}` or
 * by offset `{start, limit, total}`; without a count (withCount=false) the totals are left out.
 */
import type { PagePlan } from '../plan/types.js';

export function paginationMeta(page: PagePlan, total: number | undefined): Record<string, number> {
  if (page.style === 'page') {
    const meta: Record<string, number> = { page: page.page, pageSize: page.pageSize };
    if (total !== undefined) {
      meta.pageCount = Math.ceil(total / page.pageSize);
      meta.total = total;
    }
    return meta;
  }
  const meta: Record<string, number> = { start: page.start, limit: page.limit };
  if (total !== undefined) meta.total = total;
  return meta;
}
