/**
 * engine/repository/dialect: the pg (node-postgres) driver. `?` placeholders become `$1, $2...`;
 * a statement given a name runs as that prepared statement of the connection (pg parses it once
 * per connection); rows of values are pg's `rowMode: 'array'`. A connection reports its end by event.
 */
import type pg from 'pg';
import type { Driver, WriteHeader } from './driver.js';

export type PgConnection = pg.Client;

const POSITIONAL_CACHE = 1000;
const positional = new Map<string, string>();

/** `a = ? AND b IN (?, ?)` -> `a = $1 AND b IN ($2, $3)` (remembered per text) */
function positionalSql(text: string): string {
  let out = positional.get(text);
  if (out === undefined) {
    let n = 0;
    out = text.replace(/\?/g, () => `$${++n}`);
    if (positional.size >= POSITIONAL_CACHE) positional.clear();
    positional.set(text, out);
  }
  return out;
}

type Row = Record<string, unknown>;

export const pgDriver: Driver = {
  inProcess: false,
  namedStatements: true,
  async query(connection, _kept, text, bindings, values, name) {
    const pgc = connection as PgConnection;
    if (name !== undefined) return (await pgc.query<Row>({ name, text: positionalSql(text), values: bindings as unknown[], ...(values && { rowMode: 'array' }) })).rows;
    if (values) return (await pgc.query({ text: positionalSql(text), values: bindings as unknown[], rowMode: 'array' })).rows;
    // text and values as two arguments: pg copies a config object property by property first
    return (await pgc.query<Row>(positionalSql(text), bindings as unknown[])).rows;
  },
  async write(connection, _kept, text, bindings): Promise<WriteHeader> {
    const r = await (connection as PgConnection).query(positionalSql(text), bindings as unknown[]);
    return { insertId: 0, affectedRows: r.rowCount ?? 0 };
  },
  watch(connection, gone) {
    (connection as PgConnection).once('end', gone);
  },
  isOpen: () => true,
  inTransaction: () => undefined,
  // pg's end() cuts the socket under a statement that does not answer
  end(connection) {
    (connection as PgConnection).end().catch(() => undefined);
  },
};
