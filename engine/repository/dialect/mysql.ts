/**
 * engine/repository/dialect: MySQL and MariaDB (mysql2). Connections run with ANSI_QUOTES (the
 * double-quoted identifiers every compiler writes) and strict mode; text columns use the binary,
 * no-pad collation `utf8mb4_nopad_bin` (MySQL 8: `utf8mb4_0900_bin`), so `=`, LIKE and sort compare
 * bytes as SQLite does; errno values map to engine errors (1062 unique, 1452 missing reference,
 * value errors, timeouts and lost connections -> 503).
 */
import type { Knex } from 'knex';
import { messages, ServiceUnavailableError, ValidationError, validationIssue, type QuireError } from '../../errors/index.js';
import { backquoteId, quoteId } from '../naming.js';
import type { StorageKind } from '../storage-map.js';
import type { ColumnKind, Dialect, FieldResolver } from './dialect.js';
import { mysqlDriver } from './mysql-driver.js';
import { MysqlPrinter } from './mysql-printer.js';
import { uniqueViolation } from './unique-violation.js';

/** the collation of every text column and text comparison: code point order, trailing spaces count */
export const MYSQL_COLLATION = 'utf8mb4_nopad_bin';
/** the same order on MySQL 8, which lacks MariaDB's name for it (every `_0900_` collation is no-pad) */
export const MYSQL8_COLLATION = 'utf8mb4_0900_bin';

const COLUMN_TYPES: Record<ColumnKind, string> = {
  varchar: 'varchar(255)', text: 'longtext', integer: 'int', bigint: 'bigint', double: 'double',
  decimal: 'decimal(20,10)', boolean: 'boolean', date: 'date', time: 'time(3)', datetime: 'datetime(3)',
  // epoch milliseconds
  timestamp: 'bigint', json: 'json',
  // the type of knex's increments() primary key, which a foreign key must match
  ref: 'int unsigned', order: 'double',
};

const CONNECTION_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST', 'PROTOCOL_SEQUENCE_TIMEOUT', 'ER_CON_COUNT_ERROR', 'ER_TOO_MANY_USER_CONNECTIONS',
  'ER_ACCESS_DENIED_ERROR', 'ER_DBACCESS_DENIED_ERROR', 'ER_ACCOUNT_HAS_BEEN_LOCKED', 'ER_BAD_DB_ERROR', 'ER_SERVER_SHUTDOWN', 'ER_CONNECTION_KILLED', 'ER_QUERY_INTERRUPTED',
  'ER_CLIENT_INTERACTION_TIMEOUT', 'ER_NET_READ_ERROR', 'ER_NET_READ_INTERRUPTED', 'ER_NET_ERROR_ON_WRITE',
]);
/**
 * errno of refused or ended sessions (mysql2's code names follow MySQL's numbering, which MariaDB's
 * own errors above 1900 do not): too many connections, access denied, unknown database, server
 * shutdown, connection killed (MariaDB 1927), account locked (MariaDB 4151, MySQL 3118)
 */
const CONNECTION_ERRNOS = new Set([1040, 1044, 1045, 1049, 1053, 1927, 4151, 3118]);
/** mysql2's own errors without a server errno */
const MYSQL_CONNECTION_MESSAGES = /(Can't add new command when connection is in closed state|Connection lost|connect ETIMEDOUT|Pool is closed)/;

/** errno -> message: value errors of strict mode */
const BAD_VALUE: Record<number, () => string> = {
  1406: messages.valueTooLong, // ER_DATA_TOO_LONG
  1264: messages.valueOutOfRange, // ER_WARN_DATA_OUT_OF_RANGE
  1690: messages.valueOutOfRange, // ER_DATA_OUT_OF_RANGE
  1292: messages.invalidDateTime, // ER_TRUNCATED_WRONG_VALUE
  1366: messages.invalidValue, // ER_TRUNCATED_WRONG_VALUE_FOR_FIELD
  3140: messages.invalidValue, // ER_INVALID_JSON_TEXT
  4025: messages.invalidValue, // MariaDB: CONSTRAINT `json` failed
  1048: messages.valueRequired, // ER_BAD_NULL_ERROR
  1364: messages.valueRequired, // ER_NO_DEFAULT_FOR_FIELD
};

/** errno of timeouts: max_statement_time (MariaDB 1969), max_execution_time (MySQL 3024), lock waits, deadlocks */
const TIMEOUTS = new Set([1969, 3024, 1205, 1213]);

/** `2024-04-02T12:00:00.000Z` -> `2024-04-02 12:00:00.000` (DATETIME takes no zone; connections run in UTC) */
function datetimeText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2}(?:\.\d+)?)Z$/.exec(value);
  return m ? `${m[1]} ${m[2]}` : value;
}

function bind(kind: StorageKind, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (kind === 'datetime') return datetimeText(value);
  // mysql2 would expand an object into `key = value` pairs
  if (kind === 'json' && typeof value !== 'string') return JSON.stringify(value);
  return value;
}

export const mysqlDialect: Dialect = {
  name: 'mysql',
  printer: new MysqlPrinter(MYSQL_COLLATION),
  title: 'MySQL/MariaDB',
  driver: mysqlDriver,
  // MariaDB 10.5+; the server's version decides at connect (mysqlDialectOf)
  insertReturning: true,
  // neither MySQL nor MariaDB has UPDATE ... RETURNING
  updateReturning: false,
  writingCtes: false,
  // each DDL statement commits the transaction it runs in
  transactionalDdl: false,
  longText: 'longtext',
  retypeColumn: (table, column, type) => [`ALTER TABLE ${quoteId(table)} MODIFY COLUMN ${quoteId(column)} ${type}`],
  retypeMovesData: () => false,
  // MySQL ignores a REFERENCES clause on a column: the foreign key is a constraint of its own there
  columnReference: (constraint, column, references) => `, ADD CONSTRAINT ${constraint} FOREIGN KEY (${column}) ${references}`,
  keyPart: (column) => column,
  createIndex: (name, table, keyParts, unique) => `CREATE ${unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${name} ON ${table} (${keyParts})`,
  // plain CREATE INDEX: MySQL 8 has none with IF NOT EXISTS; backquotes, the mysql client's default
  operatorIndex: (name, table, columns) => `CREATE INDEX ${backquoteId(name)} ON ${backquoteId(table)} (${columns.map(backquoteId).join(', ')});`,
  columnType: (kind) => COLUMN_TYPES[kind],
  tableCollation: MYSQL_COLLATION,
  dropIndex: (name, table) => `DROP INDEX IF EXISTS ${name} ON ${table}`,
  bindValue: bind,
  bindFilterValue: bind,
  translateError(err: unknown, resolve: FieldResolver): QuireError | undefined {
    const e = err as { code?: unknown; errno?: unknown; name?: unknown; message?: unknown; sqlMessage?: unknown; fatal?: unknown };
    if (e?.name === 'KnexTimeoutError') return new ServiceUnavailableError('Database unavailable');
    const errno = typeof e?.errno === 'number' ? e.errno : undefined;
    const code = typeof e?.code === 'string' ? e.code : undefined;
    const text = typeof e?.sqlMessage === 'string' ? e.sqlMessage : typeof e?.message === 'string' ? e.message : '';
    if (errno === 1062) {
      // "Duplicate entry 'Ann' for key 'authors_name_unique'" (MySQL 8: key 'authors.authors_name_unique')
      const m = /for key '(?:[^'.]+\.)?([^']+)'/.exec(text);
      return uniqueViolation(m ? resolve(undefined, m[1]) : undefined);
    }
    if (errno === 1452 || errno === 1451) return ValidationError.of([validationIssue([], messages.relatedEntryMissing())]);
    if (errno !== undefined && BAD_VALUE[errno]) return ValidationError.of([validationIssue([], BAD_VALUE[errno]())]);
    if (errno !== undefined && TIMEOUTS.has(errno)) return new ServiceUnavailableError('Database timeout');
    if (code && CONNECTION_CODES.has(code)) return new ServiceUnavailableError('Database unavailable');
    // SQLSTATE class 08 (connection) and 28 (authorization)
    const state = typeof (err as { sqlState?: unknown })?.sqlState === 'string' ? (err as { sqlState: string }).sqlState : '';
    if (/^(08|28)/.test(state) || (errno !== undefined && CONNECTION_ERRNOS.has(errno))) return new ServiceUnavailableError('Database unavailable');
    if (e?.fatal === true) return new ServiceUnavailableError('Database unavailable');
    if (!errno && MYSQL_CONNECTION_MESSAGES.test(text)) return new ServiceUnavailableError('Database unavailable');
    return undefined;
  },
  async lockSchema(trx: Knex.Transaction): Promise<void> {
    // a named lock of the session (MySQL has no transaction-scoped one), one per database, released by unlockSchema
    const [rows] = (await trx.raw("SELECT GET_LOCK(CONCAT('quire_schema_sync:', DATABASE()), 60) AS \"locked\"")) as [{ locked: unknown }[]];
    // 0: another instance held it for a minute
    if (Number(rows[0]?.locked) !== 1) throw new ServiceUnavailableError('Database timeout');
  },
  async unlockSchema(trx: Knex.Transaction): Promise<void> {
    await trx.raw("SELECT RELEASE_LOCK(CONCAT('quire_schema_sync:', DATABASE()))");
  },
};

const isMariadb = (version: string) => /mariadb/i.test(version);

/** the server's version: `10.11.6-MariaDB-0+deb12u1` (older proxies prefix `5.5.5-`), `8.0.36` */
export function insertReturningOf(version: string): boolean {
  const m = /^(?:5\.5\.5-)?(\d+)\.(\d+)/.exec(version);
  if (!m || !isMariadb(version)) return false;
  return Number(m[1]) > 10 || (Number(m[1]) === 10 && Number(m[2]) >= 5);
}

/**
 * The MySQL dialect of one server, by its version: INSERT ... RETURNING when the server has it
 * (insertReturningOf) unless `returning` (the database URL's `?returning=`) forces it; MySQL (not
 * MariaDB): its no-pad binary collation's name, no IF [NOT] EXISTS on DROP and CREATE INDEX, unique
 * keys on long text hashed (a long text column cannot be a key part there), and a retyped column's
 * indexes made again (a column becoming long text cannot stay a plain key part).
 */
export function mysqlDialectFor(version: string, returning: string | null, base: Dialect = mysqlDialect): Dialect {
  if (returning !== null && returning !== 'true' && returning !== 'false') throw new Error(`quire repository: the database URL's returning= must be true or false, got "${returning}"`);
  const insertReturning = returning === null ? insertReturningOf(version) : returning === 'true';
  if (isMariadb(version)) return insertReturning === base.insertReturning ? base : { ...base, insertReturning };
  return {
    ...base,
    insertReturning,
    tableCollation: MYSQL8_COLLATION,
    printer: new MysqlPrinter(MYSQL8_COLLATION),
    dropIndex: (name, table) => `DROP INDEX ${name} ON ${table}`,
    createIndex: (name, table, keyParts, unique) => `CREATE ${unique ? 'UNIQUE ' : ''}INDEX ${name} ON ${table} (${keyParts})`,
    keyPart: (column, kind, unique) => (unique && kind === 'text' ? `(SHA2(${column}, 256))` : column),
    retypeMovesData: () => true,
  };
}

/** mysqlDialectFor the server `knex` talks to, with the database URL's `?returning=` */
export async function mysqlDialectOf(knex: Knex, databaseUrl: string, base: Dialect = mysqlDialect): Promise<Dialect> {
  const returning = new URL(databaseUrl.replace(/^mariadb:/, 'mysql:')).searchParams.get('returning');
  const [rows] = (await knex.raw('SELECT VERSION() AS "version"')) as [{ version: unknown }[]];
  return mysqlDialectFor(String(rows[0]?.version ?? ''), returning, base);
}
