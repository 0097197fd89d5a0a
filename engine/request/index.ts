/**
 * engine/request: the request stage's public face: raw query string -> nested data (hardened qs)
 * -> the typed ParsedQuery every planner takes, and the safety check every JSON body passes before a
 * planner reads it. No model, no HTTP objects.
 */
export { parseQueryString, DEFAULT_QUERY_STRING_LIMITS, type QueryStringLimits } from './parse-query-string.js';
export { parseQuery, publicationStateQuery, localeQuery } from './parse-query.js';
export { filterQuery } from './filter-query.js';
export { sortQuery } from './sort-query.js';
export { paginationQuery } from './pagination-query.js';
export { populateQuery, mergePopulate } from './populate-query.js';
export { fieldsQuery } from './fields-query.js';
export { assertSafeBody, DEFAULT_BODY_DEPTH, NUL } from './assert-safe-body.js';
export { isForbiddenKey } from './is-forbidden-key.js';
export * from './parsed-query.js';
