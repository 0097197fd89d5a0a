/**
 * engine/plan: one non-null scalar value of a body -> the value to store, checking type, enum,
 * min/max, minLength/maxLength, regex, email and uid format. Problems are pushed to `issues` with
 * Strapi's messages; the result is undefined then. Drafts skip minLength, as Strapi does. Pure.
 */
import type { ScalarAttribute } from '../../compiler/model/types.js';
import type { ValidationIssue } from '../errors/errors.js';
import { coerceScalar } from './coerce-scalar.js';
import { issue } from './issue.js';
import { parseTemporal } from './parse-temporal.js';
import { messages } from './validation-messages.js';

type Path = readonly (string | number)[];

const TEXT_TYPES = new Set(['string', 'text', 'richtext', 'email', 'password', 'uid', 'enumeration']);
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const BIGINT = /^-?\d+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UID = /^[A-Za-z0-9-_.~]*$/;
const INT32 = { min: -2147483648, max: 2147483647 };

function text(attr: ScalarAttribute, value: unknown, path: Path, out: ValidationIssue[], isDraft: boolean): unknown {
  if (typeof value !== 'string') return void out.push(issue(path, messages.type(path, 'string', value)));
  const before = out.length;
  if (attr.type === 'enumeration') {
    if (!(attr.enum ?? []).includes(value)) out.push(issue(path, messages.oneOf(path, attr.enum ?? [])));
    return out.length === before ? value : undefined;
  }
  if (attr.minLength !== undefined && !isDraft && value.length < attr.minLength) out.push(issue(path, messages.minLength(path, attr.minLength)));
  if (attr.maxLength !== undefined && value.length > attr.maxLength) out.push(issue(path, messages.maxLength(path, attr.maxLength)));
  if (attr.type === 'email' && value !== '' && !EMAIL.test(value)) out.push(issue(path, messages.email(path)));
  if (attr.type === 'uid' && !UID.test(value)) out.push(issue(path, messages.matches(path, UID)));
  if (attr.regex !== undefined && (value !== '' || attr.required)) {
    const regex = new RegExp(attr.regex);
    if (!regex.test(value)) out.push(issue(path, messages.matches(path, regex)));
  }
  return out.length === before ? value : undefined;
}

function range(attr: ScalarAttribute, n: number | bigint, path: Path, out: ValidationIssue[], bounds?: { min: number; max: number }): void {
  const min = bounds && (attr.min === undefined || attr.min < bounds.min) ? bounds.min : attr.min;
  const max = bounds && (attr.max === undefined || attr.max > bounds.max) ? bounds.max : attr.max;
  if (min !== undefined && n < min) out.push(issue(path, messages.min(path, min)));
  else if (max !== undefined && n > max) out.push(issue(path, messages.max(path, max)));
}

function number(attr: ScalarAttribute, value: unknown, path: Path, out: ValidationIssue[]): unknown {
  const n = typeof value === 'string' && NUMBER.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return void out.push(issue(path, messages.type(path, 'number', value)));
  if (attr.type === 'integer' && !Number.isInteger(n)) return void out.push(issue(path, messages.integer(path)));
  const before = out.length;
  range(attr, n, path, out, attr.type === 'integer' ? INT32 : undefined);
  return out.length === before ? n : undefined;
}

function bigInteger(attr: ScalarAttribute, value: unknown, path: Path, out: ValidationIssue[]): unknown {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) return void out.push(issue(path, messages.integer(path)));
  if (typeof value !== 'number' && typeof value !== 'string') return void out.push(issue(path, messages.type(path, 'string', value)));
  if (typeof value === 'string' && !BIGINT.test(value)) return void out.push(issue(path, messages.matches(path, BIGINT)));
  const coerced = coerceScalar('biginteger', value);
  if (!coerced) return void out.push(issue(path, BigInt(value) < 0n ? messages.min(path, '-9223372036854775808') : messages.max(path, '9223372036854775807')));
  const before = out.length;
  const big = BigInt(coerced.value as string);
  if (attr.min !== undefined && big < BigInt(Math.ceil(attr.min))) out.push(issue(path, messages.min(path, attr.min)));
  else if (attr.max !== undefined && big > BigInt(Math.floor(attr.max))) out.push(issue(path, messages.max(path, attr.max)));
  return out.length === before ? coerced.value : undefined;
}

/**
 *   validateScalar(title, 'ab', ['title'], issues)  -> undefined; issues gets "title must be at least 3 characters"
 *   validateScalar(publishTime, '10:30', ['publishTime'], issues) -> { value: '10:30:00.000' }
 */
export function validateScalar(attr: ScalarAttribute, value: unknown, path: Path, out: ValidationIssue[], isDraft = false): { value: unknown } | undefined {
  let result: unknown;
  if (TEXT_TYPES.has(attr.type)) result = text(attr, value, path, out, isDraft);
  else if (attr.type === 'integer' || attr.type === 'float' || attr.type === 'decimal') result = number(attr, value, path, out);
  else if (attr.type === 'biginteger') result = bigInteger(attr, value, path, out);
  else if (attr.type === 'boolean') {
    result = coerceScalar('boolean', value)?.value;
    if (result === undefined) out.push(issue(path, messages.type(path, 'boolean', value)));
  } else if (attr.type === 'date' || attr.type === 'time' || attr.type === 'datetime' || attr.type === 'timestamp') {
    result = parseTemporal(attr.type, value);
    if (result === undefined) out.push(issue(path, messages.temporal(path, attr.type)));
  } else {
    return { value };
  }
  return result === undefined ? undefined : { value: result };
}
