/**
 * engine/repository/dialect: PostgreSQL (pg). LIKE is already case-sensitive; text compares and
 * sorts with COLLATE "C" so the order is the byte order SQLite uses; SQLSTATEs map to engine errors
 * (23505 unique, 22xxx bad values, connection classes 08/53/57 and socket errors -> 503).
 */
import { ServiceUnavailableError, ValidationError, type QuireError } from '../../errors/errors.js';
import { sql, type Sql } from '../query/sql.js';
import type { StorageKind } from '../storage-map.js';
import { LIKE_ESCAPE, likePattern, type ColumnKind, type Dialect, type FieldResolver, type MatchMode } from './dialect.js';
import { uniqueViolation } from './unique-violation.js';

const COLUMN_TYPES: Record<ColumnKind, string> = {
  varchar: 'varchar(255)', text: 'text', integer: 'integer', bigint: 'bigint', double: 'double precision',
  decimal: 'numeric(20,10)', boolean: 'boolean', date: 'date', time: 'time(3)', datetime: 'timestamptz(3)',
  // epoch milliseconds
  timestamp: 'bigint', json: 'jsonb', ref: 'integer', order: 'double precision',
};

/** key of pg_advisory_xact_lock taken while syncing the schema ('quire' in ASCII) */
const SYNC_LOCK_KEY = 0x7175697265;

const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'EAI_AGAIN']);

const BAD_VALUE: Record<string, string> = {
  '22001': 'Value too long',
  '22003': 'Value out of range',
  '22007': 'Invalid date or time',
  '22008': 'Date or time out of range',
  '22P02': 'Invalid value',
  '23502': 'Value required',
};

export const postgresDialect: Dialect = {
  name: 'postgres',
  columnType: (kind) => COLUMN_TYPES[kind],
  selectExpr: (expr) => expr,
  compareExpr: (expr, kind) => (kind === 'varchar' || kind === 'text' ? `${expr} COLLATE "C"` : expr),
  textExpr: (expr, kind) => (kind === 'varchar' || kind === 'text' ? expr : `CAST(${expr} AS TEXT)`),
  lower: (expr) => `lower(${expr})`,
  caseSensitiveMatch(expr: string, mode: MatchMode, value: string): Sql {
    return sql(`${expr} LIKE ? ${LIKE_ESCAPE}`, [likePattern(mode, value)]);
  },
  distinctFrom: (expr, other) => `${expr} IS DISTINCT FROM ${other}`,
  bindValue: (_kind: StorageKind, value: unknown) => value ?? null,
  bindFilterValue: (_kind: StorageKind, value: unknown) => value ?? null,
  translateError(err: unknown, resolve: FieldResolver): QuireError | undefined {
    const e = err as { code?: unknown; name?: unknown; detail?: unknown; table?: unknown; message?: unknown };
    if (e?.name === 'KnexTimeoutError') return new ServiceUnavailableError('Database unavailable');
    const code = typeof e?.code === 'string' ? e.code : undefined;
    if (code === '23505') {
      // detail: 'Key (name)=(Ann) already exists.' / 'Key (title, locale)=(x, en) already exists.'
      const m = /^Key \("?([^",)]+)"?/.exec(typeof e.detail === 'string' ? e.detail : '');
      return uniqueViolation(m ? resolve(typeof e.table === 'string' ? e.table : undefined, m[1]) : undefined);
    }
    if (code === '23503') return ValidationError.of([{ path: [], message: 'A related entry does not exist', name: 'ValidationError' }]);
    if (code && BAD_VALUE[code]) return ValidationError.of([{ path: [], message: BAD_VALUE[code], name: 'ValidationError' }]);
    if (code && (CONNECTION_ERRNOS.has(code) || /^(08|53|57P|3D|28)/.test(code))) return new ServiceUnavailableError('Database unavailable');
    // node-postgres reports a dropped socket without a code
    if (!code && e?.message === 'Connection terminated unexpectedly') return new ServiceUnavailableError('Database unavailable');
    return undefined;
  },
  async lockSchema(trx): Promise<void> {
    await trx.raw('SELECT pg_advisory_xact_lock(?)', [SYNC_LOCK_KEY]);
  },
};
