/**
 * engine/repository: the driver connections one repository's pool has opened, as knex's public pool
 * hooks report them (`afterCreate` adds each, `validate` asks before the pool hands one out), and
 * the ones quire gave up on. Takes driver objects (better-sqlite3 `Database`, pg `Client`, mysql2 `Connection`) and uses
 * only their public API; never looks inside knex's pool.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { Connection as MysqlConnection } from 'mysql2';
import type pg from 'pg';
import type { DialectName } from './dialect/dialect.js';

export type SqliteConnection = BetterSqlite3.Database;
export type PgConnection = pg.Client;
export type { MysqlConnection };

export class Connections {
  /** every connection created and not yet closed (pruned as they close) */
  private readonly live = new Set<SqliteConnection | PgConnection | MysqlConnection>();
  /** connections never to be handed out again (a failed or hung ROLLBACK) */
  private readonly discarded = new WeakSet<object>();

  constructor(private readonly dialect: DialectName) {}

  /** the pool's `afterCreate`: a new connection */
  add(connection: SqliteConnection | PgConnection | MysqlConnection): void {
    this.live.add(connection);
    if (this.dialect === 'postgres') (connection as PgConnection).once('end', () => this.live.delete(connection));
    if (this.dialect === 'mysql') {
      const gone = () => this.live.delete(connection);
      (connection as MysqlConnection).once('end', gone);
      // a lost server connection: the next validate refuses it; the handler keeps the error from crashing the process
      (connection as MysqlConnection).on('error', () => {
        this.discarded.add(connection);
        gone();
      });
    }
  }

  /** connections open now (the metrics' pool gauge) */
  open(): number {
    let n = 0;
    for (const c of this.live) if (this.dialect !== 'sqlite' || (c as SqliteConnection).open) n++;
    return n;
  }

  /** the pool's `validate`: false makes knex's pool destroy the connection instead of handing it out */
  usable(connection: object): boolean {
    if (this.discarded.has(connection)) return false;
    if (this.dialect === 'sqlite') return (connection as SqliteConnection).open;
    return true;
  }

  /**
   * Never hand `connection` out again: the pool destroys it at its next check. A PostgreSQL
   * connection is ended now (pg's `end()` cuts the socket under a statement that does not answer).
   */
  discard(connection: unknown): void {
    this.discarded.add(connection as object);
    if (this.dialect === 'postgres') (connection as PgConnection).end().catch(() => undefined);
    if (this.dialect === 'mysql') (connection as MysqlConnection).destroy();
  }

  /**
   * SQLite: an open connection that no transaction holds, to run one statement on without taking
   * it from the pool. better-sqlite3 runs a statement synchronously, so nothing else can use the
   * connection while it runs; a connection inside a transaction (`inTransaction`) is left to the
   * pool, so the statement waits for the transaction like any other.
   */
  idleSqlite(): SqliteConnection | undefined {
    for (const c of this.live) {
      const db = c as SqliteConnection;
      if (!db.open) {
        this.live.delete(db);
        continue;
      }
      if (!db.inTransaction && !this.discarded.has(db)) return db;
    }
    return undefined;
  }

  /**
   * PostgreSQL: end every connection still open (the shutdown deadline): a statement still running
   * fails, its connection goes back to the pool and the pool's destroy can finish. SQLite connections
   * never stay busy between two turns of the event loop.
   */
  endAll(): void {
    if (this.dialect === 'mysql') for (const c of this.live) (c as MysqlConnection).destroy();
    if (this.dialect !== 'postgres') return;
    for (const c of this.live) (c as PgConnection).end().catch(() => undefined);
  }
}
