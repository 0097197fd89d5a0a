/**
 * engine/plan: what the repository's columns can hold, so that the planner refuses a value the
 * database would (PostgreSQL) or would silently keep (SQLite): varchar(255), int32, int64 and
 * numeric(20,10). engine/repository/storage-map.ts creates the columns with these sizes.
 */
import type { ScalarType } from '../../compiler/model/types.js';

/** attribute types stored in a varchar(255) column */
export const VARCHAR_TYPES: ReadonlySet<ScalarType> = new Set(['string', 'email', 'uid', 'enumeration', 'password']);
export const VARCHAR_LENGTH = 255;
export const INT32 = { min: -2147483648, max: 2147483647 } as const;
export const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n } as const;
/** numeric(20,10): ten digits before the point, so |value| < 1e10 */
export const DECIMAL_LIMIT = 1e10;
