/**
 * engine/request: a parsed JSON body is checked before any stage reads it: no prototype keys
 * (`__proto__`, `constructor`, `prototype`) at any depth, no NUL character in any key or string
 * (PostgreSQL cannot store one in text or jsonb, and C-string consumers would truncate at it; other
 * control characters are data and pass), and nesting bounded so recursive validation stays cheap.
 * REST and GraphQL bodies alike. Throws ValidationError (400); returns nothing. Pure; no I/O.
 */
import { messages, ValidationError, validationIssue, type MessagePath } from '../errors/index.js';
import { isForbiddenKey } from './is-forbidden-key.js';

/** Objects and arrays nested deeper than this are refused (`{data:{seo:{openGraph:{...}}}}` is 3). */
export const DEFAULT_BODY_DEPTH = 32;

/** the one character no string may hold */
export const NUL = '\u0000';

const nulIssue = (path: MessagePath) => ValidationError.of([validationIssue(path, messages.nulCharacter())]);

/**
 *   assertSafeBody({ data: { title: 'x' } })             -> ok
 *   assertSafeBody(JSON.parse('{"data":{"__proto__":{}}}')) -> ValidationError 'Invalid key "__proto__"'
 */
export function assertSafeBody(value: unknown, maxDepth: number = DEFAULT_BODY_DEPTH): void {
  walk(value, [], 0, maxDepth);
}

function walk(value: unknown, path: MessagePath, depth: number, maxDepth: number): void {
  if (typeof value === 'string') {
    if (value.includes(NUL)) throw nulIssue(path);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth >= maxDepth) throw new ValidationError(messages.bodyTooDeep(maxDepth));
  if (Array.isArray(value)) {
    value.forEach((item, i) => walk(item, [...path, i], depth + 1, maxDepth));
    return;
  }
  for (const key of Object.keys(value)) {
    if (isForbiddenKey(key)) {
      throw ValidationError.of([validationIssue([...path, key], messages.forbiddenKey(key))]);
    }
    if (key.includes(NUL)) throw nulIssue(path);
    walk((value as Record<string, unknown>)[key], [...path, key], depth + 1, maxDepth);
  }
}
