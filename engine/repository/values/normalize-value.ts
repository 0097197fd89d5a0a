/**
 * engine/repository/values: one canonical JavaScript form per storage kind before a value reaches
 * either driver (so both databases store the same thing): decimal -> exact string with at most 10
 * fraction digits, time -> 'HH:mm:ss.SSS', datetime -> ISO with ms and Z, timestamp -> epoch ms.
 * Values outside what PostgreSQL would accept are refused the same way on SQLite (ValidationError).
 */
import { ValidationError } from '../../errors/errors.js';
import type { StorageKind } from '../storage-map.js';

const INT32 = [-2147483648, 2147483647] as const;
const INT64 = [-(2n ** 63n), 2n ** 63n - 1n] as const;
/** numeric(20,10): 10 digits before the point */
const DECIMAL_LIMIT = 1e10;
export const VARCHAR_LENGTH = 255;

function invalid(field: string, message: string): ValidationError {
  return ValidationError.of([{ path: [field], message, name: 'ValidationError' }]);
}

/** `0.1 + 0.2` -> '0.3'; '12.50' -> '12.5'; 1e21 -> ValidationError */
export function normalizeDecimal(value: unknown, field: string): string {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) throw invalid(field, 'This attribute must be a number');
  if (Math.abs(n) >= DECIMAL_LIMIT) throw invalid(field, 'This attribute is out of range');
  if (typeof value === 'string' && /^-?\d+(\.\d{1,10})?$/.test(value.trim())) return trimZeros(value.trim());
  return trimZeros(n.toFixed(10));
}

function trimZeros(s: string): string {
  const out = s.includes('.') ? s.replace(/\.?0+$/, '') : s;
  return out === '-0' ? '0' : out;
}

/** '9', 'HH:mm', 'HH:mm:ss', 'HH:mm:ss.S…' -> 'HH:mm:ss.SSS' (fractions truncated to ms) */
export function normalizeTime(value: unknown, field: string): string {
  const m = typeof value === 'string' ? /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?$/.exec(value.trim()) : null;
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59 || Number(m[3] ?? 0) > 59) throw invalid(field, 'This attribute must be a time (HH:mm:ss.SSS)');
  return `${m[1].padStart(2, '0')}:${m[2]}:${m[3] ?? '00'}.${(m[4] ?? '').padEnd(3, '0').slice(0, 3)}`;
}

export function normalizeDate(value: unknown, field: string): string {
  const s = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value.trim() : '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (!m) throw invalid(field, 'This attribute must be a date (YYYY-MM-DD)');
  const d = new Date(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== m[0]) throw invalid(field, 'This attribute must be a date (YYYY-MM-DD)');
  return m[0];
}

export function normalizeDatetime(value: unknown, field: string): string {
  const d = value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : new Date(NaN);
  if (Number.isNaN(d.getTime())) throw invalid(field, 'This attribute must be a datetime');
  return d.toISOString();
}

/** epoch milliseconds from a number, a numeric string or an ISO date */
export function normalizeTimestamp(value: unknown, field: string): number {
  if (typeof value === 'number' && Number.isFinite(value)) return Math.trunc(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value.trim());
  if (typeof value === 'string' || value instanceof Date) {
    const t = new Date(value).getTime();
    if (!Number.isNaN(t)) return t;
  }
  throw invalid(field, 'This attribute must be a timestamp');
}

export function normalizeBigint(value: unknown, field: string): string {
  const s = typeof value === 'bigint' ? value.toString() : typeof value === 'number' && Number.isInteger(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^-?\d+$/.test(s)) throw invalid(field, 'This attribute must be an integer');
  const n = BigInt(s);
  if (n < INT64[0] || n > INT64[1]) throw invalid(field, 'This attribute is out of range');
  return n.toString();
}

/**
 * A value to store in a column of `kind` -> its canonical form (null stays null).
 * `forFilter` relaxes what only matters for storage (string length).
 */
export function normalizeValue(kind: StorageKind | 'id', value: unknown, field: string, forFilter = false): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'varchar':
    case 'text': {
      const s = typeof value === 'string' ? value : String(value);
      if (!forFilter && kind === 'varchar' && s.length > VARCHAR_LENGTH) throw invalid(field, `This attribute must be at most ${VARCHAR_LENGTH} characters`);
      return s;
    }
    case 'id':
    case 'integer': {
      const n = typeof value === 'number' ? value : Number(value);
      if (!Number.isInteger(n)) throw invalid(field, 'This attribute must be an integer');
      if (n < INT32[0] || n > INT32[1]) throw invalid(field, 'This attribute is out of range');
      return n;
    }
    case 'bigint':
      return normalizeBigint(value, field);
    case 'double': {
      const n = typeof value === 'number' ? value : Number(value);
      if (!Number.isFinite(n)) throw invalid(field, 'This attribute must be a number');
      return n;
    }
    case 'decimal':
      return normalizeDecimal(value, field);
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 1 || value === 'true' || value === '1') return true;
      if (value === 0 || value === 'false' || value === '0') return false;
      throw invalid(field, 'This attribute must be a boolean');
    case 'date':
      return normalizeDate(value, field);
    case 'time':
      return normalizeTime(value, field);
    case 'datetime':
      return normalizeDatetime(value, field);
    case 'timestamp':
      return normalizeTimestamp(value, field);
    case 'json':
      return JSON.stringify(value);
  }
}
