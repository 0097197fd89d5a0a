/**
 * engine/repository/dialect: MySQL and MariaDB as Strapi v4 lays them out. Strapi stores a
 * `timestamp` attribute in a `timestamp(6)` column (quire's own tables: bigint epoch ms), so the
 * epoch ms quire normalizes to is bound as UTC DATETIME text there (connections run in UTC); reads
 * turn its Date back into epoch ms (decode-value.ts). Everything else is stored and answered as on
 * quire's own MySQL tables: `datetime(6)`, `time(3)` (`HH:mm:ss.SSS`, as Strapi answers it there),
 * `tinyint(1)` booleans, `decimal(10,2)`, `bigint`, JSON in a checked `longtext`.
 */
import type { StorageKind } from '../storage-map.js';
import type { Dialect } from './dialect.js';
import { mysqlDialect } from './mysql.js';

/** epoch ms -> `2024-03-01 10:30:01.000` */
function asTimestamp(kind: StorageKind, value: unknown): unknown {
  if (kind !== 'timestamp') return mysqlDialect.bindValue(kind, value);
  if (value === null || value === undefined) return null;
  const ms = Number(value);
  return Number.isFinite(ms) ? new Date(ms).toISOString().replace('T', ' ').replace('Z', '') : value;
}

export const strapiMysqlDialect: Dialect = {
  ...mysqlDialect,
  bindValue: asTimestamp,
  bindFilterValue: (kind, value) => (kind === 'timestamp' ? asTimestamp(kind, value) : mysqlDialect.bindFilterValue(kind, value)),
};
