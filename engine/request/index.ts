/**
 * engine/request: the request stage's public face: raw query string -> nested data (hardened qs),
 * and the safety check every JSON body passes before a planner reads it. No model, no HTTP objects.
 */
export { parseQueryString, DEFAULT_QUERY_STRING_LIMITS, type QueryStringLimits } from './parse-query-string.js';
export { assertSafeBody, DEFAULT_BODY_DEPTH, NUL } from './assert-safe-body.js';
export { isForbiddenKey } from './is-forbidden-key.js';
