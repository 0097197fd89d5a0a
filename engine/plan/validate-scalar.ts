/**
 * engine/plan: one non-null scalar value of a body -> the value to store, checked as the published
 * contract types it (JSON numbers for numbers, strings for text, true/false, ISO dates) and against the
 * attribute's constraints and the columns' limits (varchar 255, int32, int64, numeric(20,10)).
 * Problems go to `issues` with the catalog's messages; the result is undefined then. Pure.
 */
import type { ScalarAttribute } from '../../compiler/model/types.js';
import { messages as m, validationIssue, type MessagePath, type ValidationIssue } from '../errors/index.js';
import { parseTemporal } from './parse-temporal.js';
import { DECIMAL_LIMIT, INT32, INT64, VARCHAR_LENGTH, VARCHAR_TYPES } from './storage-limits.js';

const TEXT_TYPES = new Set(['string', 'text', 'richtext', 'email', 'password', 'uid']);
/** what Strapi would have cast to a number: quire refuses it, but says what it got */
const NUMERIC_TEXT = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;
const BIGINT = /^-?\d+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Strapi's uid alphabet, printed as Strapi prints it */
const UID = /^[A-Za-z0-9-_.~]*$/;

type Out = ValidationIssue[];

function text(attr: ScalarAttribute, value: unknown, path: MessagePath, out: Out, isDraft: boolean): unknown {
  if (typeof value !== 'string') return void out.push(validationIssue(path, m.type(path, 'string', value)));
  const before = out.length;
  const push = (message: string) => out.push(validationIssue(path, message));
  if (attr.type === 'email' && value === '') return void push(m.emptyEmail(path));
  if (attr.minLength !== undefined && !isDraft && value.length < attr.minLength) push(m.minLength(path, attr.minLength));
  const maxLength = VARCHAR_TYPES.has(attr.type) ? Math.min(attr.maxLength ?? VARCHAR_LENGTH, VARCHAR_LENGTH) : attr.maxLength;
  if (maxLength !== undefined && value.length > maxLength) push(m.maxLength(path, maxLength));
  if (attr.type === 'email' && !EMAIL.test(value)) push(m.email(path));
  if (attr.type === 'uid' && !UID.test(value)) push(m.matches(path, UID));
  if (attr.regex !== undefined && !new RegExp(attr.regex).test(value)) push(m.matches(path, attr.regex));
  return out.length === before ? value : undefined;
}

function enumeration(attr: ScalarAttribute, value: unknown, path: MessagePath, out: Out): unknown {
  const values = attr.enum ?? [];
  if (typeof value === 'string' && values.includes(value)) return value;
  // Strapi names the allowed values for any primitive and the type for objects and arrays
  const primitive = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
  out.push(validationIssue(path, primitive ? m.enumeration(path, values) : m.type(path, 'string', value)));
  return undefined;
}

/** the first bound crossed, the attribute's own before the column's; false when one is */
function range(n: number | bigint, path: MessagePath, out: Out, own: { min?: number; max?: number }, column?: { min: number | bigint; max: number | bigint }): boolean {
  const message =
    own.min !== undefined && n < own.min ? m.min(path, own.min)
    : own.max !== undefined && n > own.max ? m.max(path, own.max)
    : column && n < column.min ? m.min(path, String(column.min))
    : column && n > column.max ? m.max(path, String(column.max))
    : undefined;
  if (message !== undefined) out.push(validationIssue(path, message));
  return message === undefined;
}

function number(attr: ScalarAttribute, value: unknown, path: MessagePath, out: Out): unknown {
  if (typeof value !== 'number') {
    const cast = typeof value === 'string' && NUMERIC_TEXT.test(value);
    return void out.push(validationIssue(path, cast ? m.type(path, 'number', value) : m.typeCast(path, 'number', NaN, value)));
  }
  if (attr.type === 'integer') {
    if (!Number.isInteger(value)) return void out.push(validationIssue(path, m.integer(path)));
    return range(value, path, out, attr, INT32) ? value : undefined;
  }
  if (!range(value, path, out, attr)) return undefined;
  if (attr.type === 'decimal' && Math.abs(value) >= DECIMAL_LIMIT) {
    return void out.push(validationIssue(path, value > 0 ? m.lessThan(path, DECIMAL_LIMIT) : m.moreThan(path, -DECIMAL_LIMIT)));
  }
  return value;
}

function bigInteger(attr: ScalarAttribute, value: unknown, path: MessagePath, out: Out): unknown {
  const ok = typeof value === 'number' ? Number.isSafeInteger(value) : typeof value === 'string' && BIGINT.test(value);
  if (!ok) return void out.push(validationIssue(path, m.integer(path)));
  const big = BigInt(value as number | string);
  const own = { min: attr.min === undefined ? undefined : Math.ceil(attr.min), max: attr.max === undefined ? undefined : Math.floor(attr.max) };
  return range(big, path, out, own, INT64) ? big.toString() : undefined;
}

function temporal(attr: ScalarAttribute, value: unknown, path: MessagePath, out: Out): unknown {
  const fail = (message: string) => void out.push(validationIssue(path, message));
  switch (attr.type) {
    case 'date':
      return typeof value === 'string' && DATE.test(value) && parseTemporal('date', value) !== undefined ? value : fail(m.date());
    case 'time':
      if (typeof value !== 'string') return fail(m.timeNotString(value));
      return (TIME.test(value) && parseTemporal('time', value)) || fail(m.time());
    case 'datetime':
      return (typeof value === 'string' && parseTemporal('datetime', value)) || fail(m.datetime());
    default:
      // timestamp: an ISO string, or epoch milliseconds as an integer or a string of digits
      return ((typeof value === 'string' || Number.isInteger(value)) && parseTemporal('timestamp', value)) || fail(m.datetime());
  }
}

/**
 *   validateScalar(title, 'ab', ['title'], issues)  -> undefined; issues gets "title must be at least 3 characters"
 *   validateScalar(readingTime, 'many', ['readingTime'], issues) -> undefined; issues gets
 *     "readingTime must be a `number` type, but the final value was: `NaN` (cast from the value `"many"`)."
 *   validateScalar(publishTime, '10:30', ['publishTime'], issues) -> { value: '10:30:00.000' }
 */
export function validateScalar(attr: ScalarAttribute, value: unknown, path: MessagePath, out: Out, isDraft = false): { value: unknown } | undefined {
  let result: unknown;
  if (TEXT_TYPES.has(attr.type)) result = text(attr, value, path, out, isDraft);
  else if (attr.type === 'enumeration') result = enumeration(attr, value, path, out);
  else if (attr.type === 'integer' || attr.type === 'float' || attr.type === 'decimal') result = number(attr, value, path, out);
  else if (attr.type === 'biginteger') result = bigInteger(attr, value, path, out);
  else if (attr.type === 'boolean') {
    result = typeof value === 'boolean' ? value : undefined;
    if (result === undefined) out.push(validationIssue(path, m.type(path, 'boolean', value)));
  } else if (attr.type === 'date' || attr.type === 'time' || attr.type === 'datetime' || attr.type === 'timestamp') {
    result = temporal(attr, value, path, out);
  } else {
    // json and array hold any value
    return { value };
  }
  return result === undefined ? undefined : { value: result };
}
