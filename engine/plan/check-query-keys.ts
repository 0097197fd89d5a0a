/**
 * engine/plan: the top-level read parameters quire understands. Anything else (a typo such as
 * `filter`, `_limit` from Strapi v3, `pagination` spelled `page`) is a 400 naming the parameter,
 * where Strapi silently ignores it. Pure.
 */
import { invalidParameter } from './invalid-parameter.js';
import { isRecord } from './is-record.js';

const ALLOWED: ReadonlySet<string> = new Set(['filters', 'sort', 'pagination', 'fields', 'populate', 'publicationState', 'locale']);

/** `checkQueryKeys({ sort: 'title' })` -> ok; `checkQueryKeys({ _limit: '5' })` -> 400 "Invalid parameter _limit". */
export function checkQueryKeys(query: unknown): Record<string, unknown> {
  if (query === undefined || query === null) return {};
  if (!isRecord(query)) throw invalidParameter('query');
  for (const key of Object.keys(query)) {
    if (!ALLOWED.has(key)) throw invalidParameter(key);
  }
  return query;
}
