/**
 * engine/repository/values: one canonical JavaScript form per storage kind before a value reaches
 * either driver (so both databases store the same thing): decimal -> exact string with at most 10
 * fraction digits, time -> 'HH:mm:ss.SSS', datetime -> ISO with ms and Z, timestamp -> epoch ms.
 * The planner refuses what a column cannot hold before a value gets here (plan/storage-limits.ts);
 * should one slip through, it is refused the same way on both databases, with the catalog's message.
 */
import { messages as m, ValidationError, validationIssue } from '../../errors/index.js';
import { DECIMAL_LIMIT, INT32, INT64, VARCHAR_LENGTH } from '../../plan/storage-limits.js';
import type { StorageKind } from '../storage-map.js';

function invalid(field: string, message: string): ValidationError {
  return ValidationError.of([validationIssue([field], message)]);
}

/** `0.1 + 0.2` -> '0.3'; '12.50' -> '12.5'; 1e21 -> ValidationError */
export function normalizeDecimal(value: unknown, field: string): string {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) throw invalid(field, m.type([field], 'number', value));
  if (Math.abs(n) >= DECIMAL_LIMIT) throw invalid(field, n > 0 ? m.lessThan([field], DECIMAL_LIMIT) : m.moreThan([field], -DECIMAL_LIMIT));
  if (typeof value === 'string' && /^-?\d+(\.\d{1,10})?$/.test(value.trim())) return trimZeros(value.trim());
  return trimZeros(n.toFixed(10));
}

function trimZeros(s: string): string {
  const out = s.includes('.') ? s.replace(/\.?0+$/, '') : s;
  return out === '-0' ? '0' : out;
}

/** '9', 'HH:mm', 'HH:mm:ss', 'HH:mm:ss.S…' -> 'HH:mm:ss.SSS' (fractions truncated to ms) */
export function normalizeTime(value: unknown, field: string): string {
  const t = typeof value === 'string' ? /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?$/.exec(value.trim()) : null;
  if (!t || Number(t[1]) > 23 || Number(t[2]) > 59 || Number(t[3] ?? 0) > 59) throw invalid(field, m.time());
  return `${t[1].padStart(2, '0')}:${t[2]}:${t[3] ?? '00'}.${(t[4] ?? '').padEnd(3, '0').slice(0, 3)}`;
}

export function normalizeDate(value: unknown, field: string): string {
  const s = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (!match) throw invalid(field, m.date());
  const d = new Date(`${match[1]}-${match[2]}-${match[3]}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== match[0]) throw invalid(field, m.date());
  return match[0];
}

export function normalizeDatetime(value: unknown, field: string): string {
  const d = value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : new Date(NaN);
  if (Number.isNaN(d.getTime())) throw invalid(field, m.datetime());
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
  throw invalid(field, m.datetime());
}

export function normalizeBigint(value: unknown, field: string): string {
  const s = typeof value === 'bigint' ? value.toString() : typeof value === 'number' && Number.isInteger(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^-?\d+$/.test(s)) throw invalid(field, m.integer([field]));
  const n = BigInt(s);
  if (n < INT64.min) throw invalid(field, m.min([field], String(INT64.min)));
  if (n > INT64.max) throw invalid(field, m.max([field], String(INT64.max)));
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
      if (!forFilter && kind === 'varchar' && s.length > VARCHAR_LENGTH) throw invalid(field, m.maxLength([field], VARCHAR_LENGTH));
      return s;
    }
    case 'id':
    case 'integer': {
      const n = typeof value === 'number' ? value : Number(value);
      if (!Number.isInteger(n)) throw invalid(field, m.integer([field]));
      if (n < INT32.min) throw invalid(field, m.min([field], INT32.min));
      if (n > INT32.max) throw invalid(field, m.max([field], INT32.max));
      return n;
    }
    case 'bigint':
      return normalizeBigint(value, field);
    case 'double': {
      const n = typeof value === 'number' ? value : Number(value);
      if (!Number.isFinite(n)) throw invalid(field, m.type([field], 'number', value));
      return n;
    }
    case 'decimal':
      return normalizeDecimal(value, field);
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 1 || value === 'true' || value === '1') return true;
      if (value === 0 || value === 'false' || value === '0') return false;
      throw invalid(field, m.type([field], 'boolean', value));
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
