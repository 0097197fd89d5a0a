/**
 * engine/repository/dialect: PostgreSQL as Strapi v4 lays it out. Strapi stores a `timestamp`
 * attribute in a `timestamp` column (quire's own tables: bigint epoch ms), so the epoch ms quire
 * normalizes to is bound as an ISO string there; reads turn its Date back into epoch ms (decode-value.ts).
 * `time` values answer as Strapi answers them there: `HH:mm:ss`.
 */
import type { StorageKind } from '../storage-map.js';
import type { Dialect } from './dialect.js';
import { postgresDialect } from './postgres.js';
import { PostgresPrinter } from './postgres-printer.js';

const asTimestamp = (kind: StorageKind, value: unknown): unknown => {
  if (kind !== 'timestamp' || value === null || value === undefined) return value ?? null;
  const ms = Number(value);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : value;
};

export const strapiPostgresDialect: Dialect = {
  ...postgresDialect,
  // a `time` column answers as Strapi answers it on PostgreSQL: `HH:mm:ss` (fractions only when stored)
  decoders: { time: (raw) => String(raw) },
  bindValue: asTimestamp,
  bindFilterValue: asTimestamp,
  writesAnswers: { onlyInUtc: true },
  printer: new PostgresPrinter(true),
};
