/**
 * engine/plan: plans are frozen plain data. Freezing happens once, at the end of each planner, so
 * the repository and the response stage can share a plan without copying it. Pure.
 */

/** `deepFreeze({ a: [1] })` -> the same object, frozen all the way down. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
