/**
 * engine/plan: one client value -> the value a scalar attribute stores, or undefined when it cannot
 * be one. Used by filters (strings from qs, typed values from GraphQL) and by write validation.
 * integer: safe and within int32; biginteger: kept as a digit string within int64. Pure.
 */
import type { ScalarType } from '../../compiler/model/types.js';
import { parseBooleanFlag } from '../request/parse-boolean-flag.js';
import { parseTemporal } from './parse-temporal.js';

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const INTEGER = /^[-+]?\d+$/;
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

const STRING_TYPES: ReadonlySet<ScalarType> = new Set(['string', 'text', 'richtext', 'enumeration', 'email', 'password', 'uid']);

/** `{ value }` when coercible, undefined otherwise (so `{ value: null }` stays expressible). */
export type Coerced = { readonly value: unknown } | undefined;

function integer(value: unknown): Coerced {
  const n = typeof value === 'string' && INTEGER.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= INT32_MIN && n <= INT32_MAX ? { value: n } : undefined;
}

function bigInteger(value: unknown): Coerced {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? { value: String(value) } : undefined;
  if (typeof value !== 'string' || !INTEGER.test(value)) return undefined;
  const big = BigInt(value);
  return big >= INT64_MIN && big <= INT64_MAX ? { value: big.toString() } : undefined;
}

function float(value: unknown): Coerced {
  const n = typeof value === 'string' && NUMBER.test(value.trim()) ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? { value: n } : undefined;
}

/**
 *   coerceScalar('integer', '42')   -> { value: 42 }
 *   coerceScalar('boolean', 'f')    -> { value: false }
 *   coerceScalar('integer', '1e3')  -> undefined
 */
export function coerceScalar(type: ScalarType, value: unknown): Coerced {
  if (STRING_TYPES.has(type)) return typeof value === 'string' ? { value } : undefined;
  switch (type) {
    case 'integer':
      return integer(value);
    case 'biginteger':
      return bigInteger(value);
    case 'float':
    case 'decimal':
      return float(value);
    case 'boolean': {
      const b = parseBooleanFlag(value);
      return b === undefined ? undefined : { value: b };
    }
    case 'date':
    case 'time':
    case 'datetime':
    case 'timestamp': {
      const t = parseTemporal(type, value);
      return t === undefined ? undefined : { value: t };
    }
    default:
      return { value };
  }
}
