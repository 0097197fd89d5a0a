/**
 * engine/repository: how many named (prepared) statements a PostgreSQL connection keeps. A
 * one-statement read is prepared per connection under a name of its text (answer/run-answer.ts); its
 * shapes are as many as the query strings clients send, and each prepared statement holds its
 * generic plan in the server process until the connection ends. Per connection the names are kept
 * least recently used first; past `cap` the oldest is closed with DEALLOCATE before a new one is
 * prepared. A shape that comes back after it was closed is prepared again under a new name: pg
 * remembers every name it parsed on a connection (and has no public way to forget one), so a name
 * is never reused. That memory grows by one statement text per eviction, so a connection that has
 * closed more than four times `cap` names is ended after its statement (the pool opens a fresh one).
 * cap 0: nothing is prepared, every statement is parsed and planned where it runs.
 */

/** named statements kept per connection unless DATABASE_PREPARED_STATEMENTS says otherwise */
export const DEFAULT_PREPARED_STATEMENTS = 100;

interface ConnectionNames {
  /** shape key -> the name it is prepared under, least recently used first */
  readonly live: Map<string, string>;
  /** names given so far (the suffix of the next one) */
  given: number;
  /** names closed so far */
  closed: number;
}

/** what to do before running a shape: close `deallocate` (in order), then run it under `name` (none: unnamed) */
export interface NamePlan {
  readonly name?: string;
  readonly deallocate: readonly string[];
  /** the connection has closed so many names that it is ended after this statement */
  readonly retire: boolean;
}

const UNNAMED: NamePlan = { deallocate: [], retire: false };

export class PreparedStatements {
  private readonly connections = new WeakMap<object, ConnectionNames>();

  constructor(readonly cap: number = DEFAULT_PREPARED_STATEMENTS) {}

  /**
   * The name `key` runs under on `connection`, the names to close first to stay within the cap
   * (`mayClose` false: none; a new key past the cap then runs unnamed).
   *   const s = new PreparedStatements(1); s.use(c, 'a') -> { name: 'a_0', deallocate: [] }
   *   s.use(c, 'b') -> { name: 'b_1', deallocate: ['a_0'] };  s.use(c, 'a') -> { name: 'a_2', deallocate: ['b_1'] }
   */
  use(connection: object, key: string, mayClose = true): NamePlan {
    if (this.cap <= 0) return UNNAMED;
    let names = this.connections.get(connection);
    if (names === undefined) this.connections.set(connection, (names = { live: new Map(), given: 0, closed: 0 }));
    const known = names.live.get(key);
    if (known !== undefined) {
      names.live.delete(key);
      names.live.set(key, known);
      return { name: known, deallocate: [], retire: false };
    }
    if (!mayClose && names.live.size >= this.cap) return UNNAMED;
    const deallocate: string[] = [];
    for (const [oldKey, oldName] of names.live) {
      if (names.live.size < this.cap) break;
      names.live.delete(oldKey);
      deallocate.push(oldName);
      names.closed++;
    }
    const name = `${key}_${(names.given++).toString(36)}`;
    names.live.set(key, name);
    return { name, deallocate, retire: names.closed > this.cap * 4 };
  }

  /** names prepared on `connection` now (least recently used first) */
  live(connection: object): string[] {
    return [...(this.connections.get(connection)?.live.values() ?? [])];
  }
}
