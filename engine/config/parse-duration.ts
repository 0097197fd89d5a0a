/**
 * engine/config: a duration from the environment (JWT_EXPIRES_IN) -> seconds, read as the compiler
 * reads plugins.json's `jwt.expiresIn` (compiler/model/duration.ts), plus a bare number of seconds.
 *   parseDuration('30d') -> 2592000   parseDuration('3600') -> 3600   parseDuration('soon') -> undefined
 */
import { durationSeconds } from '../../compiler/model/duration.js';

export function parseDuration(value: string): number | undefined {
  const trimmed = value.trim();
  return durationSeconds(/^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed);
}
