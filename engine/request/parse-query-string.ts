/**
 * engine/request: raw query string -> nested plain data with `qs` (bracket notation), hardened:
 * depth, array and parameter limits answer 400 instead of silently flattening or truncating,
 * prototype keys, NUL characters and malformed percent-encoding are refused. `populate`, `fields` and
 * `sort` given in mixed forms merge as Strapi 4.0-4.14 merged them (merge-parameters.ts), so
 * frontends written for those versions keep working. No model knowledge, no HTTP objects.
 */
import qs from 'qs';
import { messages, ValidationError } from '../errors/index.js';
import { isForbiddenKey } from './is-forbidden-key.js';
import { mergeParameters } from './merge-parameters.js';

export interface QueryStringLimits {
  /** bracket groups after the first name (`a[b][c]` is 2); deeper keys -> 400 */
  depth: number;
  /** highest array index + 1 (`sort[100]` with 100 -> 400) */
  arrayLimit: number;
  /** `&`-separated parameters; more -> 400 */
  parameterLimit: number;
}

/** Enough for `filters[$and][0][$or][1][author][articles][tags][name][$eq]` and four-level populates. */
export const DEFAULT_QUERY_STRING_LIMITS: QueryStringLimits = Object.freeze({ depth: 12, arrayLimit: 100, parameterLimit: 1000 });

class MalformedEncoding extends Error {}

function decode(str: string, _default: unknown, _charset: unknown, type: 'key' | 'value'): string {
  let out: string;
  try {
    out = decodeURIComponent(str.replace(/\+/g, ' '));
  } catch {
    throw new MalformedEncoding();
  }
  if (out.includes('\u0000')) throw new ValidationError(messages.queryNul());
  if (type === 'key') {
    for (const segment of out.split(/[[\].]/)) {
      if (isForbiddenKey(segment)) throw new ValidationError(messages.invalidParameter(segment));
    }
  }
  return out;
}

/** Null-prototype containers from qs become ordinary ones; forbidden keys are refused on the way. */
function toPlain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toPlain);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      if (isForbiddenKey(key)) throw new ValidationError(messages.invalidParameter(key));
      Object.defineProperty(out, key, { value: toPlain((value as Record<string, unknown>)[key]), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}

/**
 * Parse a query string (with or without the leading `?`).
 *   parseQueryString('sort[0]=title:desc&pagination[page]=2')
 *   -> { sort: ['title:desc'], pagination: { page: '2' } }
 * Throws ValidationError (400) on prototype keys, bad `%` escapes, or any exceeded limit.
 */
export function parseQueryString(raw: string, limits: QueryStringLimits = DEFAULT_QUERY_STRING_LIMITS): Record<string, unknown> {
  const text = raw.startsWith('?') ? raw.slice(1) : raw;
  if (text === '') return {};
  const parsed = toPlain(parse(text, limits)) as Record<string, unknown>;
  for (const name of LEGACY_MERGED) {
    if (Object.hasOwn(parsed, name)) parsed[name] = mergedAsLegacy(text, name, limits);
  }
  return parsed;
}

/** Parameters whose repeated forms merge as Strapi 4.0-4.14 merged them (merge-parameters.ts). */
const LEGACY_MERGED = ['populate', 'fields', 'sort'] as const;

/** The top-level name of one `key=value` parameter (`populate%5Bseo%5D=x` -> `populate`); undefined when it does not decode. */
function nameOf(parameter: string): string | undefined {
  const eq = parameter.indexOf('=');
  const key = eq === -1 ? parameter : parameter.slice(0, eq);
  try {
    return decodeURIComponent(key.replace(/\+/g, ' ')).split('[')[0];
  } catch {
    return undefined;
  }
}

/** The value of `name`: each of its parameters parsed alone, merged in order as qs 6.11 did. */
function mergedAsLegacy(text: string, name: string, limits: QueryStringLimits): unknown {
  let value: unknown;
  for (const parameter of text.split('&')) {
    if (nameOf(parameter) !== name) continue;
    const one = toPlain(parse(parameter, limits)) as Record<string, unknown>;
    value = mergeParameters(value, one[name]);
  }
  return value;
}

function parse(text: string, limits: QueryStringLimits): unknown {
  try {
    return qs.parse(text, {
      depth: limits.depth,
      strictDepth: true,
      arrayLimit: limits.arrayLimit,
      parameterLimit: limits.parameterLimit,
      throwOnLimitExceeded: true,
      plainObjects: true,
      allowPrototypes: false,
      allowDots: false,
      comma: false,
      allowSparse: false,
      charset: 'utf-8',
      charsetSentinel: false,
      interpretNumericEntities: false,
      duplicates: 'combine',
      decoder: decode as qs.IParseOptions['decoder'],
    });
  } catch (err) {
    if (err instanceof ValidationError) throw err;
    if (err instanceof MalformedEncoding) throw new ValidationError(messages.queryEncoding());
    if (err instanceof RangeError) throw new ValidationError(limitMessage(err.message, limits));
    throw err;
  }
}

function limitMessage(qsMessage: string, limits: QueryStringLimits): string {
  if (qsMessage.startsWith('Parameter limit')) return messages.queryParameters(limits.parameterLimit);
  if (qsMessage.startsWith('Array limit')) return messages.queryArray(limits.arrayLimit);
  return messages.queryDepth(limits.depth);
}
