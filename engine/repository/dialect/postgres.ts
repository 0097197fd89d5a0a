/**
 * engine/repository/dialect: PostgreSQL (pg). LIKE is already case-sensitive; text compares and
 * sorts with COLLATE "C" so the order is the byte order SQLite uses; SQLSTATEs map to engine errors
 * (23505 unique, 22xxx bad values, connection classes 08/53/57 and socket errors -> 503).
 */
import { messages, ServiceUnavailableError, ValidationError, validationIssue, type QuireError } from '../../errors/index.js';
import { quoteId } from '../naming.js';
import type { StorageKind } from '../storage-map.js';
import type { ColumnKind, Dialect, FieldResolver } from './dialect.js';
import { pgDriver } from './pg-driver.js';
import { PostgresPrinter } from './postgres-printer.js';
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

/** node-postgres' own errors (no SQLSTATE), also when knex prefixes them with the statement ('COMMIT; - ...') */
const PG_CONNECTION_MESSAGES = /(^|- )(Connection terminated|timeout expired|Client has encountered a connection error|Client was closed|Connection ended unexpectedly)/;

const BAD_VALUE: Record<string, () => string> = {
  '22001': messages.valueTooLong,
  '22003': messages.valueOutOfRange,
  '22007': messages.invalidDateTime,
  '22008': messages.dateTimeOutOfRange,
  '22P02': messages.invalidValue,
  '23502': messages.valueRequired,
};

export const postgresDialect: Dialect = {
  name: 'postgres',
  printer: new PostgresPrinter(),
  title: 'PostgreSQL',
  driver: pgDriver,
  columnType: (kind) => COLUMN_TYPES[kind],
  dropIndex: (name) => `DROP INDEX IF EXISTS ${name}`,
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
    if (code === '23503') return ValidationError.of([validationIssue([], messages.relatedEntryMissing())]);
    if (code && BAD_VALUE[code]) return ValidationError.of([validationIssue([], BAD_VALUE[code]())]);
    if (code && (CONNECTION_ERRNOS.has(code) || /^(08|53|57P|3D|28)/.test(code) || code === '55000' || code === '55006')) return new ServiceUnavailableError('Database unavailable');
    // statement_timeout (57014 query_canceled) and lock_timeout (55P03)
    if (code === '57014' || code === '55P03') return new ServiceUnavailableError('Database timeout');
    // node-postgres reports a dropped socket, a connection timeout or a dead client without a code
    if (!code && typeof e?.message === 'string' && PG_CONNECTION_MESSAGES.test(e.message)) return new ServiceUnavailableError('Database unavailable');
    return undefined;
  },
  insertReturning: true,
  updateReturning: true,
  writingCtes: true,
  transactionalDdl: true,
  writesAnswers: {},
  retypeColumn: (table, column, type) => [`ALTER TABLE ${quoteId(table)} ALTER COLUMN ${quoteId(column)} TYPE ${type} USING ${quoteId(column)}::${type}`],
  retypeMovesData: () => false,
  columnReference: (_constraint, _column, references) => ` ${references}`,
  keyPart: (column) => column,
  createIndex: (name, table, keyParts, unique) => `CREATE ${unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${name} ON ${table} (${keyParts})`,
  operatorIndex: (name, table, columns) => `CREATE INDEX IF NOT EXISTS ${quoteId(name)} ON ${quoteId(table)} (${columns.map(quoteId).join(', ')});`,
  async lockSchema(trx): Promise<void> {
    // a migration (an index over a big table, a retyped column) and the wait for another
    // instance's sync may take longer than the statement timeout of requests
    await trx.raw('SET LOCAL statement_timeout = 0');
    await trx.raw('SELECT pg_advisory_xact_lock(?)', [SYNC_LOCK_KEY]);
  },
};
