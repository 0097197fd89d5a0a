/**
 * engine/webhooks: the wait before the next attempt of a delivery: exponential from `base`, capped.
 * Pure.
 *   retryDelay(1, 1000, 60000) -> 1000; retryDelay(3, 1000, 60000) -> 4000; retryDelay(20, 1000, 60000) -> 60000
 */
export function retryDelay(attemptsMade: number, baseMs: number, maxMs: number): number {
  const exp = Math.min(Math.max(attemptsMade - 1, 0), 40);
  return Math.min(baseMs * 2 ** exp, maxMs);
}
