/**
 * engine/request: the plain-object test used on client input (qs output, GraphQL args, JSON bodies):
 * an object that is not an array, with Object.prototype or a null prototype. Pure.
 */

/** `isRecord({})` -> true; `isRecord([])`, `isRecord(null)`, `isRecord(new Date())` -> false. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
