/**
 * engine/request: the REST door's query (qs output of `parse-query-string.ts`) -> ParsedQuery, the
 * typed query every planner takes. Knows the Content API's parameters (filters, sort, pagination,
 * fields, populate, publicationState, locale) and their syntax; knows nothing of the model. Other
 * top-level parameters (preview flags such as `published_at_null`, cache busters, `utm_*`) are
 * ignored, as Strapi v4 ignores them, and handed back so the caller can log them; with `strict` they
 * are a 400 naming the first. Pure.
 */
import { fieldsQuery } from './fields-query.js';
import { filterQuery } from './filter-query.js';
import { invalidParameter } from './invalid-parameter.js';
import { isRecord } from './is-record.js';
import { paginationQuery } from './pagination-query.js';
import type { ParsedQuery, PublicationStateQuery } from './parsed-query.js';
import { populateDeepQuery, populateQuery } from './populate-query.js';
import { sortQuery } from './sort-query.js';

const ALLOWED: ReadonlySet<string> = new Set(['filters', 'sort', 'pagination', 'fields', 'populate', 'publicationState', 'locale']);

/** `live` or `preview`; anything else is a 400 (Strapi answers 500). GraphQL's LIVE / PREVIEW are lower-cased by its door. */
export function publicationStateQuery(raw: unknown): PublicationStateQuery | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (raw === 'live' || raw === 'preview') return raw;
  throw invalidParameter('publicationState');
}

/** A locale code or `all` (checked against the configured locales by the planner); '' is none. */
export function localeQuery(raw: unknown): string | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string') throw invalidParameter('locale');
  return raw;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export interface ParseQueryOptions {
  /** unknown top-level parameters are a 400 instead of being ignored */
  readonly strict?: boolean;
  /** receives the names of the parameters ignored (not called when there are none) */
  readonly ignored?: (names: string[]) => void;
}

/**
 *   parseQuery({ sort: 'title:desc', pagination: { pageSize: '5' }, populate: 'author' })
 *   -> { sort: [{ path: ['title'], direction: 'desc' }], pagination: { pageSize: 5 }, populate: { author: {} } }
 *   parseQuery({ published_at_null: 'true' }) -> {} (ignored); with { strict: true } -> 400 "Invalid parameter published_at_null"
 */
export function parseQuery(raw: Record<string, unknown> | undefined, options: ParseQueryOptions = {}): ParsedQuery {
  const out: Mutable<ParsedQuery> = {};
  if (raw === undefined) return out;
  if (!isRecord(raw)) throw invalidParameter('query');
  const unknown = Object.keys(raw).filter((key) => !ALLOWED.has(key));
  if (unknown.length > 0) {
    if (options.strict) throw invalidParameter(unknown[0]);
    options.ignored?.(unknown);
  }
  const filters = filterQuery(raw.filters);
  if (filters) out.filters = filters;
  const sort = sortQuery(raw.sort);
  if (sort) out.sort = sort;
  const pagination = paginationQuery(raw.pagination);
  if (pagination) out.pagination = pagination;
  const fields = fieldsQuery(raw.fields);
  if (fields) out.fields = fields;
  const populate = populateQuery(raw.populate);
  if (populate) out.populate = populate;
  const deep = populateDeepQuery(raw.populate);
  if (deep) out.populateDeep = deep;
  const publicationState = publicationStateQuery(raw.publicationState);
  if (publicationState) out.publicationState = publicationState;
  const locale = localeQuery(raw.locale);
  if (locale !== undefined) out.locale = locale;
  return out;
}
