/**
 * engine/plan: an id a body names (a related entry, a file, an existing component) -> a positive int32.
 * JSON numbers, and strings of digits as GraphQL's `ID` sends them (REST's contract documents
 * integers; the planner takes both, so one rule serves both doors). Anything else -> undefined. Pure.
 */
import { INT32 } from './storage-limits.js';

/** `parseEntityId(4)` -> 4; `parseEntityId('4')` -> 4; `parseEntityId(0)`, `('abc')`, `(1.5)` -> undefined */
export function parseEntityId(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= INT32.max ? n : undefined;
}
