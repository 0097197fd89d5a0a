/**
 * engine/repository/dialect: everything SQLite, PostgreSQL and MySQL/MariaDB do differently, behind
 * one interface, so the query compilers, runners, stores and the schema sync never branch on the
 * client name. Statements on content and on quire's own tables are SQL nodes printed by `printer`
 * (dialect/*-printer.ts); what is left here is the driver, the values it binds, the errors it
 * raises, what the database can do (RETURNING, writing CTEs), and the schema sync's DDL text
 * (identifiers already quoted by the caller unless it says otherwise). No I/O except lockSchema and
 * the driver's (driver.ts).
 */
import type { Knex } from 'knex';
import type { QuireError } from '../../errors/errors.js';
import type { StorageKind } from '../storage-map.js';
import type { Driver } from './driver.js';
import type { SqlPrinter } from '../sql/print-sql.js';

/** Column roles beyond scalar storage kinds: foreign-key id columns and link-order columns. */
export type ColumnKind = StorageKind | 'ref' | 'order';

/** Where a driver error happened, so it can name the attribute: table name -> column -> field. */
export type FieldResolver = (table: string | undefined, column: string) => string;

export interface Dialect {
  /** which database; branched on only inside dialect/ */
  readonly name: DialectName;
  /** the database's name for people (`quire indexes`' header) */
  readonly title: string;
  /** how statements reach the driver's connections, and how those are watched and ended */
  readonly driver: Driver;
  /** how SQL nodes (sql/sql-node.ts) are written as this database's text */
  readonly printer: SqlPrinter;
  /** SQL type of a column of this kind in CREATE TABLE / ADD COLUMN */
  columnType(kind: ColumnKind): string;
  /** the collation every new table gets (MySQL: a binary one, so text compares and sorts by code point) */
  readonly tableCollation?: string;
  /** DROP INDEX of quoted `name` on quoted `table` (MySQL names the table) */
  dropIndex(name: string, table: string): string;
  /** normalized value (see values/normalize-value.ts) -> the binding this driver wants */
  bindValue(kind: StorageKind, value: unknown): unknown;
  /** decoders replacing values/decode-value.ts's for some kinds (a layout another system wrote), null already handled */
  readonly decoders?: Partial<Record<StorageKind, (raw: unknown) => unknown>>;
  /** normalized filter value -> binding compared against a column as compared (the `compared` node) */
  bindFilterValue(kind: StorageKind, value: unknown): unknown;
  /** a driver error -> the engine error it means, or undefined when it is not a known case */
  translateError(err: unknown, resolve: FieldResolver): QuireError | undefined;
  /**
   * INSERT ... RETURNING is understood (SQLite, PostgreSQL, MariaDB 10.5+); false on MySQL 5.7/8 and
   * older MariaDB, where writes read their result header instead (mysql-returning.ts)
   */
  readonly insertReturning: boolean;
  /** UPDATE ... RETURNING is understood (SQLite, PostgreSQL; not MySQL or MariaDB) */
  readonly updateReturning: boolean;
  /**
   * INSERTs inside WITH, each reading the rows the one before it wrote (PostgreSQL's data-modifying
   * CTEs): a create with its links, components and media is one statement (write/create-statement.ts)
   */
  readonly writingCtes: boolean;
  /** schema statements run inside the transaction and roll back with it (MySQL commits each by itself) */
  readonly transactionalDdl: boolean;
  /** the type a text column needs for values past 64 KB where plain `text` stops there (MySQL: `longtext`) */
  readonly longText?: string;
  /**
   * The statements changing `column` of `table` (names unquoted here) to SQL `type` (from kind `from`
   * to kind `to`), keeping its values: PostgreSQL `ALTER COLUMN ... TYPE ... USING`, MySQL `MODIFY COLUMN`,
   * SQLite (no ALTER COLUMN) nothing between kinds of one affinity, else a copy into a new column.
   */
  retypeColumn(table: string, column: string, type: string, from: string | undefined, to: string | undefined): string[];
  /** whether retypeColumn moves the values into a new column, so the column's indexes must be made again */
  retypeMovesData(from: string | undefined, to: string | undefined): boolean;
  /**
   * what ADD COLUMN of quoted `column` appends for its foreign key `references` (`REFERENCES "t" ("id") ...`):
   * the clause itself; MySQL, which ignores it on a column, a constraint of its own named `constraint`
   */
  columnReference(constraint: string, column: string, references: string): string;
  /**
   * one key part of an index on quoted `column` of this kind: the column itself; on MySQL (not MariaDB)
   * a long text column of a unique index keys by the SHA-256 of its whole value, `(SHA2("summary", 256))`
   * (a prefix would make long values that begin alike collide; MariaDB hashes long unique keys itself)
   */
  keyPart(column: string, kind: ColumnKind | 'increments' | undefined, unique: boolean): string;
  /** CREATE [UNIQUE] INDEX of quoted `name` on quoted `table` over `keyParts`, IF NOT EXISTS where understood (not MySQL) */
  createIndex(name: string, table: string, keyParts: string, unique: boolean): string;
  /**
   * an index statement for an operator to run in the database's own client, names unquoted here:
   * `CREATE INDEX IF NOT EXISTS "n" ON "t" ("c");`, MySQL `CREATE INDEX \`n\` ON \`t\` (\`c\`);` (the client's
   * default quoting; MySQL 8 has no IF NOT EXISTS there: run twice, it stops at "Duplicate key name")
   */
  operatorIndex(name: string, table: string, columns: readonly string[]): string;
  /**
   * the database writes answers in one statement (answer/answer-statement.ts; its printer writes
   * values as JSON text): `onlyInUtc` where that holds only in a process that reads zone-less
   * timestamps as UTC; absent: answers are printed in Node
   */
  readonly writesAnswers?: { readonly onlyInUtc?: true };
  /** serialize schema syncs across processes for the rest of the transaction */
  lockSchema(trx: Knex.Transaction): Promise<void>;
  /** release what lockSchema took when the transaction does not (MySQL's session-level named lock) */
  unlockSchema?(trx: Knex.Transaction): Promise<void>;
}

export type DialectName = 'sqlite' | 'postgres' | 'mysql';

