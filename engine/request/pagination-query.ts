/**
 * engine/request: `pagination` -> PaginationQuery: page, pageSize, start and limit as integers
 * (int32), withCount as a boolean in any of Strapi's spellings. Anything else is a 400
 * PaginationError naming the parameter (Strapi answers 500 to `pagination[page]=two`). Defaults,
 * caps and the page-or-offset rule are the planner's. Pure.
 */
import { messages, PaginationError } from '../errors/index.js';
import { isRecord } from './is-record.js';
import { parseBooleanFlag } from './parse-boolean-flag.js';
import type { PaginationQuery } from './parsed-query.js';

const INT32_MAX = 2147483647;
const KEYS = ['page', 'pageSize', 'start', 'limit'] as const;

/** GraphQL sends explicit nulls for arguments left out; they count as absent. */
const present = (value: unknown) => value !== undefined && value !== null;

function int(value: unknown, key: string): number {
  const n = typeof value === 'string' && /^[-+]?\d{1,10}$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || Math.abs(n) > INT32_MAX) {
    throw new PaginationError(messages.paginationParameter(key), { [key]: value });
  }
  return n;
}

/**
 *   paginationQuery({ page: '2', pageSize: '10' }) -> { page: 2, pageSize: 10 }
 *   paginationQuery({ withCount: 'f' }) -> { withCount: false }
 *   paginationQuery({ page: 'two' }) -> 400 PaginationError "Invalid pagination parameter page"
 * Absent -> undefined.
 */
export function paginationQuery(raw: unknown): PaginationQuery | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (!isRecord(raw)) throw new PaginationError(messages.paginationParameters(), { pagination: raw });
  const out: { -readonly [K in keyof PaginationQuery]: PaginationQuery[K] } = {};
  for (const key of KEYS) if (present(raw[key])) out[key] = int(raw[key], key);
  if (present(raw.withCount)) {
    const flag = parseBooleanFlag(raw.withCount);
    if (flag === undefined) throw new PaginationError(messages.paginationParameter('withCount'), { withCount: raw.withCount });
    out.withCount = flag;
  }
  return out;
}
