/**
 * engine/repository/dialect: SQLite (better-sqlite3). Case-sensitive matching with GLOB (LIKE is
 * ASCII case-insensitive here), decimals stored as exact text and compared as REAL, 64-bit integers
 * selected as text so they survive JavaScript numbers, result codes mapped to engine errors.
 */
import { messages, ServiceUnavailableError, ValidationError, validationIssue, type QuireError } from '../../errors/index.js';
import { quoteId } from '../naming.js';
import type { StorageKind } from '../storage-map.js';
import type { ColumnKind, Dialect, FieldResolver } from './dialect.js';
import { sqliteDriver } from './sqlite-driver.js';
import { SqlitePrinter } from './sqlite-printer.js';
import { uniqueViolation } from './unique-violation.js';

const COLUMN_TYPES: Record<ColumnKind, string> = {
  varchar: 'varchar(255)', text: 'text', integer: 'integer', bigint: 'bigint', double: 'real',
  // TEXT affinity: '0.1' stays '0.1' instead of becoming an inexact REAL
  decimal: 'text',
  boolean: 'boolean', date: 'date', time: 'time', datetime: 'datetime',
  // epoch milliseconds
  timestamp: 'bigint', json: 'text', ref: 'integer', order: 'real',
};

/** declared types that share an affinity: retyping between them needs no data move */
const SAME_AFFINITY = new Set(['varchar>text', 'integer>bigint']);

const CONNECTION_CODES = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|FULL|READONLY|NOTADB|CORRUPT|PERM|AUTH)/;

export const sqliteDialect: Dialect = {
  name: 'sqlite',
  printer: new SqlitePrinter(),
  title: 'SQLite',
  driver: sqliteDriver,
  columnType: (kind) => COLUMN_TYPES[kind],
  dropIndex: (name) => `DROP INDEX IF EXISTS ${name}`,
  bindValue(kind: StorageKind, value: unknown): unknown {
    if (value === null || value === undefined) return null;
    if (kind === 'bigint') return BigInt(value as string);
    return value;
  },
  bindFilterValue(kind: StorageKind, value: unknown): unknown {
    if (value === null || value === undefined) return null;
    if (kind === 'decimal') return Number(value);
    if (kind === 'bigint') return BigInt(value as string);
    return value;
  },
  translateError(err: unknown, resolve: FieldResolver): QuireError | undefined {
    const code = (err as { code?: unknown })?.code;
    if (typeof code !== 'string') return undefined;
    if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
      // "UNIQUE constraint failed: authors.name" (the code decides; the text only names the column)
      const m = /failed: ([^.\s,]+)\.([^\s,]+)/.exec((err as Error).message);
      return uniqueViolation(m ? resolve(m[1], m[2]) : undefined);
    }
    if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY') {
      return ValidationError.of([validationIssue([], messages.relatedEntryMissing())]);
    }
    if (code === 'SQLITE_CONSTRAINT_NOTNULL' || code === 'SQLITE_MISMATCH' || code === 'SQLITE_TOOBIG') {
      return ValidationError.of([validationIssue([], messages.invalidValue())]);
    }
    if (CONNECTION_CODES.test(code)) return new ServiceUnavailableError('Database unavailable');
    return undefined;
  },
  insertReturning: true,
  updateReturning: true,
  writingCtes: false,
  transactionalDdl: true,
  // no ALTER COLUMN: the values are copied into a new column of the new type, which takes the old one's name
  retypeColumn(table, column, type, from, to) {
    if (SAME_AFFINITY.has(`${from}>${to}`)) return [];
    const [t, c, tmp] = [quoteId(table), quoteId(column), quoteId(`${column}__quire_retype`)];
    return [`ALTER TABLE ${t} ADD COLUMN ${tmp} ${type}`, `UPDATE ${t} SET ${tmp} = ${c}`, `ALTER TABLE ${t} DROP COLUMN ${c}`, `ALTER TABLE ${t} RENAME COLUMN ${tmp} TO ${c}`];
  },
  retypeMovesData: (from, to) => !SAME_AFFINITY.has(`${from}>${to}`),
  columnReference: (_constraint, _column, references) => ` ${references}`,
  keyPart: (column) => column,
  createIndex: (name, table, keyParts, unique) => `CREATE ${unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${name} ON ${table} (${keyParts})`,
  operatorIndex: (name, table, columns) => `CREATE INDEX IF NOT EXISTS ${quoteId(name)} ON ${quoteId(table)} (${columns.map(quoteId).join(', ')});`,
  async lockSchema(): Promise<void> {
    // SQLite: the write transaction itself excludes other writers (busy_timeout waits for it)
  },
};
