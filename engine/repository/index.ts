/**
 * engine/repository: the public surface. createRepository() connects, syncSchema() makes the
 * tables match the model, the Repository runs plans. Nothing outside this folder imports knex or
 * a database driver.
 */
export { createRepository, type RepositoryOptions } from './create-repository.js';
export { describeChange, SchemaSyncRefused, syncSchema, type SyncOptions } from './schema/sync-schema.js';
export { speedIndexSql, StrapiSchemaMismatch } from './schema/strapi-schema.js';
export { databaseTitle } from './dialect/dialect-of.js';
export type { DialectName as DatabaseName } from './dialect/dialect.js';
export type {
  AdminUserRecord, ApiTokenRecord, CreatorPair, CreatorSummary, FindResult, LocaleRecord, NewApiToken, PermissionRecord, Repository, RoleRecord,
  SyncChange, SyncReport,
} from './types.js';
