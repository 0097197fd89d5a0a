/**
 * engine/repository/dialect: the better-sqlite3 driver. Statements run synchronously in this
 * process; each connection keeps up to 500 prepared statements (in what the connection registry keeps
 * for it), per text and answer form (objects, or rows of values in raw mode). Values are bound as knex binds them.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { Driver, WriteHeader } from './driver.js';

export type SqliteConnection = BetterSqlite3.Database;

/** prepared statements kept per SQLite connection (both answer forms together) */
const STATEMENT_CACHE_SIZE = 1000;

interface BetterStatement {
  readonly reader: boolean;
  all(params: unknown[]): unknown[];
  run(params: unknown[]): { changes: number; lastInsertRowid: number | bigint };
  raw(on: boolean): BetterStatement;
}

/**
 * The connection's prepared statement for `text` (the oldest dropped past STATEMENT_CACHE_SIZE):
 * the same query shape is compiled by SQLite once per connection, not once per request. Statements
 * stay valid across schema changes (SQLite re-prepares them itself). `values`: a statement answering
 * rows of values (better-sqlite3's raw mode), kept apart from the one answering objects.
 */
function prepared(db: SqliteConnection, kept: Map<string, unknown>, text: string, values = false): BetterStatement {
  const key = values ? `v${text}` : `o${text}`;
  let stmt = kept.get(key) as BetterStatement | undefined;
  if (stmt === undefined) {
    stmt = db.prepare(text) as unknown as BetterStatement;
    if (values && stmt.reader) stmt.raw(true);
    if (kept.size >= STATEMENT_CACHE_SIZE) kept.delete(kept.keys().next().value as string);
    kept.set(key, stmt);
  }
  return stmt;
}

/** better-sqlite3 binds numbers, strings, bigints, buffers and null only (knex's own conversion) */
function sqliteValue(v: unknown): unknown {
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof Date) return v.valueOf();
  return v;
}

export const sqliteDriver: Driver = {
  inProcess: true,
  namedStatements: false,
  async query(connection, kept, text, bindings, values) {
    const stmt = prepared(connection as SqliteConnection, kept, text, values);
    const params = bindings.map(sqliteValue);
    if (stmt.reader) return stmt.all(params);
    stmt.run(params);
    return [];
  },
  async write(connection, kept, text, bindings): Promise<WriteHeader> {
    const info = prepared(connection as SqliteConnection, kept, text).run(bindings.map(sqliteValue));
    return { insertId: Number(info.lastInsertRowid), affectedRows: info.changes };
  },
  // a closed database says so itself (isOpen)
  watch() {},
  isOpen: (connection) => (connection as SqliteConnection).open,
  inTransaction: (connection) => (connection as SqliteConnection).inTransaction,
  // a statement never stays busy between two turns of the event loop: the pool's destroy closes it
  end() {},
};
