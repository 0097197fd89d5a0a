/**
 * engine/repository: the driver connections one repository's pool has opened, as knex's public pool
 * hooks report them (`afterCreate` adds each, `validate` asks before the pool hands one out), and
 * the ones quire gave up on. Takes driver objects (better-sqlite3 `Database`, pg `Client`, mysql2
 * `Connection`) and handles them through the dialect's Driver only; never looks inside knex's pool.
 */
import type { Driver } from './dialect/driver.js';

/** what quire keeps about one connection while it lives */
interface Kept {
  /** the driver's own (better-sqlite3: the connection's prepared statements; Driver.query) */
  readonly driver: Map<string, unknown>;
  /** ended after its statement (it closed too many prepared names: prepared-statements.ts) */
  retiring: boolean;
}

export class Connections {
  /** every connection created and not yet closed (pruned as they close), with what is kept for it */
  private readonly live = new Map<object, Kept>();
  /** connections never to be handed out again (a failed or hung ROLLBACK) */
  private readonly discarded = new WeakSet<object>();

  constructor(private readonly driver: Driver) {}

  /** the pool's `afterCreate`: a new connection */
  add(connection: object): void {
    this.live.set(connection, { driver: new Map(), retiring: false });
    this.driver.watch(
      connection,
      () => this.live.delete(connection),
      () => this.discarded.add(connection),
    );
  }

  /** connections open now (the metrics' pool gauge) */
  open(): number {
    let n = 0;
    for (const c of this.live.keys()) if (this.driver.isOpen(c)) n++;
    return n;
  }

  /** what the driver keeps for `connection` (a connection the pool made before this registry saw it gets its own now) */
  kept(connection: object): Map<string, unknown> {
    let kept = this.live.get(connection);
    if (!kept) this.live.set(connection, (kept = { driver: new Map(), retiring: false }));
    return kept.driver;
  }

  /** end `connection` after its statement: it goes back to the pool no more */
  retire(connection: object): void {
    const kept = this.live.get(connection);
    if (kept) kept.retiring = true;
  }

  /** whether `connection` is to be ended now that its statement is done */
  retiring(connection: object): boolean {
    return this.live.get(connection)?.retiring === true;
  }

  /** the pool's `validate`: false makes knex's pool destroy the connection instead of handing it out */
  usable(connection: object): boolean {
    if (this.discarded.has(connection)) return false;
    return this.driver.isOpen(connection);
  }

  /**
   * Never hand `connection` out again: the pool destroys it at its next check. The driver ends it
   * now where it can (pg's `end()` cuts the socket under a statement that does not answer).
   */
  discard(connection: unknown): void {
    this.discarded.add(connection as object);
    this.driver.end(connection);
  }

  /**
   * A database in this process (Driver.inProcess): an open connection that no transaction holds, to
   * run one statement on without taking it from the pool. better-sqlite3 runs a statement
   * synchronously, so nothing else can use the connection while it runs; a connection inside a
   * transaction is left to the pool, so the statement waits for the transaction like any other.
   * Undefined elsewhere, and when every connection is busy.
   */
  idle(): object | undefined {
    if (!this.driver.inProcess) return undefined;
    for (const c of this.live.keys()) {
      if (!this.driver.isOpen(c)) {
        this.live.delete(c);
        continue;
      }
      if (this.driver.inTransaction(c) === false && !this.discarded.has(c)) return c;
    }
    return undefined;
  }

  /**
   * End every connection still open (the shutdown deadline): a statement still running fails, its
   * connection goes back to the pool and the pool's destroy can finish. Connections of a database in
   * this process never stay busy between two turns of the event loop (their driver ends nothing).
   */
  endAll(): void {
    for (const c of this.live.keys()) this.driver.end(c);
  }
}
