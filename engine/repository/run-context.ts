/**
 * engine/repository: what every runner gets: the knex instance to build statements with, its
 * connections, the transaction when there is one (every statement then runs on its connection), the
 * storage lookup tables and the dialect. Plain data; one per repository (and one per transaction, sharing the maps).
 * Types only, so every runner can name the context without importing how transactions run.
 */
import type { Knex } from 'knex';
import type { LRUCache } from 'lru-cache';
import type { NormalizedModel } from '../../compiler/model/types.js';
import type { Connections } from './connections.js';
import type { Dialect } from './dialect/dialect.js';
import type { Selections } from './query/select-fields.js';
import type { PreparedStatements } from './prepared-statements.js';
import type { Printed } from './sql/print-sql.js';
import type { StorageMap } from './storage-map.js';
import type { WrittenRows } from './written-rows.js';

/** the open transaction a context is bound to (transaction.ts implements it) */
export interface TransactionScope {
  /** the driver connection every statement of the transaction runs on */
  readonly connection: unknown;
  /** throws once the transaction has ended: its connection may serve another one by then */
  check(): void;
}

/** the rows a write gathers to insert at its end, and the files it names (write/row-batch.ts implements it) */
export interface WriteBatch {
  add(table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): void;
  /** inserts the rows gathered so far (a step that reads the links back needs them there) */
  flush(ctx: RunContext): Promise<void>;
  /** id -> MIME type of the files the write names (those that exist), when read once for the whole write */
  readonly files?: ReadonlyMap<number, string>;
}

export interface RunContext {
  /** the repository's knex: its pool (run-sql.ts, transaction.ts) and, for the schema sync, its schema builder */
  readonly knex: Knex;
  /** the connections its pool opened (connections.ts) */
  readonly connections: Connections;
  readonly model: NormalizedModel;
  readonly storage: StorageMap;
  readonly dialect: Dialect;
  /** the columns and row decoders of the reads made so far (query/select-fields.ts) */
  readonly selections: Selections;
  /** statements printed once per repository, by their shape, their values in slots (run-sql.ts shaped); bounded */
  readonly statements: LRUCache<string, Printed>;
  /** Strapi v4 manages the database: its API tokens are read from strapi_api_tokens (schema/strapi-schema.ts) */
  readonly strapi?: boolean;
  /** called once per statement the repository sends itself (run-sql.ts); knex's own are seen by its 'query' event */
  readonly onQuery?: (sql: string) => void;
  /** PostgreSQL: the named statements each connection keeps (prepared-statements.ts); none: statements run unnamed */
  readonly prepared?: PreparedStatements;
  /** false: the database never writes answers (DATABASE_COMPILED_READS=false; answer/) */
  readonly compiledReads?: false;
  /** inside a Repository.transaction: rows inserted so far, for the read-back (written-rows.ts) */
  readonly written?: WrittenRows;
  /** inside a create or update: link rows inserted at its end, files read once (write/row-batch.ts) */
  readonly batch?: WriteBatch;
  /** set inside a transaction: every statement goes to its connection (run-sql.ts, transaction.ts) */
  readonly tx?: TransactionScope;
}
