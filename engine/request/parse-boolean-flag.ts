/**
 * engine/request: Strapi's boolean spellings in query strings and bodies: true/false, t/f, 1/0 (any
 * case), real booleans and the numbers 1/0. Anything else is `undefined` so the caller answers 400.
 */

const TRUE = new Set(['true', 't', '1']);
const FALSE = new Set(['false', 'f', '0']);

/** `parseBooleanFlag('t')` -> true; `parseBooleanFlag('0')` -> false; `parseBooleanFlag('yes')` -> undefined. */
export function parseBooleanFlag(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1) return true;
  if (value === 0) return false;
  if (typeof value !== 'string') return undefined;
  const lower = value.toLowerCase();
  if (TRUE.has(lower)) return true;
  if (FALSE.has(lower)) return false;
  return undefined;
}
