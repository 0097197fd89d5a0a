/**
 * engine/repository/dialect: what the three drivers' APIs (better-sqlite3, pg, mysql2) do differently,
 * behind one interface: sending one statement, reading a write's header, watching a connection end,
 * ending it. Takes the driver's connection objects as knex's pool hands them out; never looks inside
 * knex or its pool. run-sql.ts, connections.ts and transaction.ts call it; nothing else does.
 */

/**
 * What a write answers besides rows: the rows it changed (an UPDATE's matched rows; MySQL: an ON
 * DUPLICATE KEY UPDATE that changed a row counts 2) and the id of its first inserted row where the
 * driver tells it (MySQL's AUTO_INCREMENT id or the value of a `LAST_INSERT_ID(expr)` it ran,
 * SQLite's rowid; 0 on PostgreSQL, whose writes say it with RETURNING).
 */
export interface WriteHeader {
  insertId: number;
  affectedRows: number;
}

export interface Driver {
  /**
   * The database runs in this process, one statement at a time (better-sqlite3): a statement outside
   * a transaction may run on an idle connection without taking it from the pool, and a statement
   * saves no round trip by answering more at once.
   */
  readonly inProcess: boolean;
  /** connections keep statements prepared under a name (pg): one-statement reads are (prepared-statements.ts) */
  readonly namedStatements: boolean;
  /**
   * One statement with `?` placeholders on `connection`: its rows as objects, or with `values` as
   * arrays in the order of the select list; `name`: run it as the statement prepared under that name.
   * `kept`: what the driver keeps for this connection (better-sqlite3's prepared statements), held by
   * the repository's connection registry (connections.ts) as long as the connection lives.
   */
  query(connection: unknown, kept: Map<string, unknown>, text: string, bindings: readonly unknown[], values: boolean, name?: string): Promise<unknown[]>;
  /** one write, answered by its header instead of rows */
  write(connection: unknown, kept: Map<string, unknown>, text: string, bindings: readonly unknown[]): Promise<WriteHeader>;
  /** a connection the pool made: `gone` once it has ended, `lost` when it failed and must never be handed out again */
  watch(connection: unknown, gone: () => void, lost: () => void): void;
  /** false once the connection has been closed (drivers that report it through `watch` always answer true) */
  isOpen(connection: unknown): boolean;
  /** whether the connection is inside a transaction; undefined when the driver cannot tell */
  inTransaction(connection: unknown): boolean | undefined;
  /** end the connection now, cutting a statement still running on it (nothing to do where statements never stay busy) */
  end(connection: unknown): void;
}
