/**
 * engine/plan: `pagination` -> PagePlan after Strapi's defaults and clamping: page < 1 -> 1,
 * pageSize < 1 -> 1, start < 0 -> 0, limit -1 -> maxLimit, sizes above maxLimit -> maxLimit.
 * Mixing page/pageSize with start/limit, non-integers or values past int32 -> 400 PaginationError.
 */
import { PaginationError } from '../errors/errors.js';
import { isRecord } from './is-record.js';
import { parseBooleanFlag } from './parse-boolean-flag.js';
import type { PageLimits } from './plan-options.js';
import type { PagePlan } from './types.js';

const INT32_MAX = 2147483647;
const MIXED = 'Invalid pagination parameters. Expected either start/limit or page/pageSize';

function int(raw: Record<string, unknown>, key: string): number | undefined {
  const value = raw[key];
  if (!present(value)) return undefined;
  const n = typeof value === 'string' && /^[-+]?\d{1,10}$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || Math.abs(n) > INT32_MAX) {
    throw new PaginationError(`Invalid pagination parameter ${key}`, { [key]: value });
  }
  return n;
}

/**
 *   parsePagination({ page: '0', pageSize: '1000' }, { defaultLimit: 25, maxLimit: 100, withCount: true })
 *   -> { style: 'page', page: 1, pageSize: 100, withCount: true }
 *   parsePagination({ start: '10' }, limits) -> { style: 'offset', start: 10, limit: 25, withCount: true }
 */
export function parsePagination(raw: unknown, limits: PageLimits): PagePlan {
  const input: Record<string, unknown> = raw === undefined || raw === null || raw === '' ? {} : isRecord(raw) ? raw : invalid(raw);
  const maxLimit = Math.max(1, limits.maxLimit);
  const defaultLimit = Math.min(Math.max(1, limits.defaultLimit), maxLimit);
  const hasPage = present(input.page) || present(input.pageSize);
  const hasOffset = present(input.start) || present(input.limit);
  if (hasPage && hasOffset) throw new PaginationError(MIXED);
  let withCount = limits.withCount;
  if (present(input.withCount)) {
    const flag = parseBooleanFlag(input.withCount);
    if (flag === undefined) throw new PaginationError('Invalid pagination parameter withCount', { withCount: input.withCount });
    withCount = flag;
  }
  if (hasOffset) {
    const start = int(input, 'start') ?? 0;
    const limit = int(input, 'limit') ?? defaultLimit;
    return { style: 'offset', start: Math.max(0, start), limit: limit === -1 ? maxLimit : Math.min(Math.max(1, limit), maxLimit), withCount };
  }
  const page = int(input, 'page') ?? 1;
  const pageSize = int(input, 'pageSize') ?? defaultLimit;
  return { style: 'page', page: Math.max(1, page), pageSize: Math.min(Math.max(1, pageSize), maxLimit), withCount };
}

/** GraphQL sends explicit nulls for arguments left out; they count as absent. */
function present(value: unknown): boolean {
  return value !== undefined && value !== null;
}

function invalid(raw: unknown): never {
  throw new PaginationError('Invalid pagination parameters', { pagination: raw });
}
