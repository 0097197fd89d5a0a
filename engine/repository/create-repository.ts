/**
 * engine/repository: createRepository(opts) -> a connected Repository. Opens knex for the URL,
 * checks the database answers (ServiceUnavailableError otherwise), builds the storage maps, and wires `onQuery` to knex's 'query' event (one call per statement sent).
 * It does not touch the schema: call syncSchema(repository, model, ...) at start. It tells whether
 * Strapi manages the database (`repository.strapiDatabase`).
 */
import type { Knex } from 'knex';
import type { NormalizedModel } from '../../compiler/model/types.js';
import { ServiceUnavailableError } from '../errors/errors.js';
import { openKnex, type PoolOptions } from './connect.js';
import { Connections } from './connections.js';
import type { Dialect } from './dialect/dialect.js';
import { dialectOfDatabase, dialectOfUrl } from './dialect/dialect-of.js';
import { KnexRepository } from './knex-repository.js';
import { PreparedStatements } from './prepared-statements.js';
import { isStrapiDatabase } from './schema/strapi-schema.js';
import { LRUCache } from 'lru-cache';
import { Selections } from './query/select-fields.js';
import type { Printed } from './sql/print-sql.js';
import { buildStorageMap } from './storage-map.js';
import type { Repository } from './types.js';

export interface RepositoryOptions {
  model: NormalizedModel;
  /** `sqlite:<path>`, `postgres://user@host:port/db` or `mysql://user@host:port/db` (`?returning=false`: no INSERT ... RETURNING) */
  databaseUrl: string;
  /** called once per SQL statement sent to the database */
  onQuery?: (sql: string) => void;
  pool?: PoolOptions;
  /**
   * a database Strapi v4 manages, whose tables quire reads and writes but never changes
   * (schema/strapi-schema.ts); undefined: detected by Strapi's `strapi_database_schema` table
   */
  strapiDatabase?: boolean;
}

export async function createRepository(opts: RepositoryOptions): Promise<Repository> {
  const dialect = dialectOfUrl(opts.databaseUrl);
  const storage = buildStorageMap(opts.model);
  const connections = new Connections(dialect.driver);
  let knex: Knex | undefined;
  try {
    knex = openKnex(opts.databaseUrl, connections, opts.pool);
    await knex.raw('SELECT 1');
  } catch (err) {
    await knex?.destroy().catch(() => undefined);
    const unavailable = new ServiceUnavailableError('Database unavailable');
    // the driver's reason, for the start-up message (never part of an answer)
    unavailable.cause = err;
    throw unavailable;
  }
  const onQuery = opts.onQuery;
  if (onQuery) knex.on('query', (q: { sql: string }) => onQuery(q.sql));
  let strapi: boolean;
  let layout: Dialect;
  try {
    strapi = opts.strapiDatabase ?? (await isStrapiDatabase(knex));
    layout = await dialectOfDatabase(dialect, knex, opts.databaseUrl, strapi);
  } catch (err) {
    await knex.destroy().catch(() => undefined);
    throw err;
  }
  return new KnexRepository({ knex, connections, model: opts.model, storage, dialect: layout, selections: new Selections(layout), statements: new LRUCache<string, Printed>({ max: 2000 }), strapi, ...(onQuery ? { onQuery } : {}),
    ...(opts.pool?.compiledReads === false && { compiledReads: false as const }),
    ...(dialect.driver.namedStatements && { prepared: new PreparedStatements(opts.pool?.preparedStatements) }),
  });
}
