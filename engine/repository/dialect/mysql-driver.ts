/**
 * engine/repository/dialect: the mysql2 driver (MySQL and MariaDB). A statement is one `query`
 * (mysql2 puts the values in itself): rows for a SELECT and MariaDB's RETURNING, a result header
 * otherwise; rows of values are mysql2's `rowsAsArray`. A connection reports its end and its
 * failure by event.
 */
import type { Connection as MysqlConnection } from 'mysql2';
import type { Driver, WriteHeader } from './driver.js';

export type { MysqlConnection };

function mysqlQuery(connection: MysqlConnection, query: string | { sql: string; rowsAsArray: boolean }, bindings: readonly unknown[]): Promise<unknown> {
  return new Promise((resolve, reject) => connection.query(query as string, bindings as unknown[], (err: Error | null, result: unknown) => (err ? reject(err) : resolve(result))));
}

export const mysqlDriver: Driver = {
  inProcess: false,
  namedStatements: false,
  async query(connection, _kept, text, bindings, values) {
    const result = await mysqlQuery(connection as MysqlConnection, values ? { sql: text, rowsAsArray: true } : text, bindings);
    return Array.isArray(result) ? result : [];
  },
  async write(connection, _kept, text, bindings): Promise<WriteHeader> {
    const r = (await mysqlQuery(connection as MysqlConnection, text, bindings)) as { insertId?: unknown; affectedRows?: unknown };
    return { insertId: Number(r.insertId ?? 0), affectedRows: Number(r.affectedRows ?? 0) };
  },
  watch(connection, gone, lost) {
    const c = connection as MysqlConnection;
    c.once('end', gone);
    // a lost server connection: the next validate refuses it; the handler keeps the error from crashing the process
    c.on('error', () => {
      lost();
      gone();
    });
  },
  isOpen: () => true,
  inTransaction: () => undefined,
  end(connection) {
    (connection as MysqlConnection).destroy();
  },
};
