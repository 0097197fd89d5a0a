/**
 * engine/request: client lists arrive as arrays, or (qs past its array limit, hand-built queries) as
 * objects keyed '0', '1', ... This turns either into an array in index order; anything else is
 * undefined. Pure.
 */
import { isRecord } from './is-record.js';

/** `listOf(['a'])` -> ['a']; `listOf({ 1: 'b', 0: 'a' })` -> ['a', 'b']; `listOf('a')` -> undefined. */
export function listOf(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (!isRecord(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length === 0 || !keys.every((k) => /^\d{1,9}$/.test(k))) return undefined;
  return keys.map(Number).sort((a, b) => a - b).map((i) => value[String(i)]);
}
