/**
 * engine/repository/schema: syncSchema(repository or knex, model, { allowDestructive }) -> SyncReport.
 * One transaction (PostgreSQL: plus an advisory lock, so concurrent starts sync one at a time):
 * diff the last snapshot against the model, refuse destructive changes unless allowed
 * (SchemaSyncRefused lists them, one per line), apply, store the new snapshot. A dry run does all of
 * it, records the statements sent, and rolls back.
 */
import type { Knex } from 'knex';
import type { NormalizedModel } from '../../../compiler/model/types.js';
import { QuireError } from '../../errors/errors.js';
import type { Dialect } from '../dialect/dialect.js';
import { dialectOfKnex } from '../dialect/dialect-of.js';
import { KnexRepository } from '../knex-repository.js';
import { SCHEMA_STATE_TABLE } from '../naming.js';
import { buildStorageMap } from '../storage-map.js';
import { translateError } from '../translate-error.js';
import type { Repository, SyncChange, SyncReport } from '../types.js';
import { applyChanges, type DeferredUnique } from './apply-changes.js';
import { desiredSchema } from './desired-schema.js';
import type { DesiredSchema } from './table-defs.js';
import { describeChange, diffSchema } from './diff-schema.js';
import { checkStrapiSchema, isStrapiDatabase, splitSchema, StrapiSchemaMismatch } from './strapi-schema.js';
import { ensureStateTable, introspect, readSnapshot, snapshotOf, writeSnapshot, type SchemaSnapshot } from './schema-snapshot.js';

/** Thrown when the model needs destructive changes and allowDestructive is false. Nothing was applied. */
export class SchemaSyncRefused extends Error {
  override readonly name = 'SchemaSyncRefused';
  constructor(readonly changes: readonly SyncChange[]) {
    super(
      `schema sync refused: ${changes.length} destructive change(s); run with allowDestructive to apply them:\n` +
        changes.map(describeChange).join('\n'),
    );
  }
}

export interface SyncOptions {
  allowDestructive: boolean;
  /** a database Strapi manages (strapi-schema.ts): check its tables, sync only quire's own; undefined: detected */
  strapiDatabase?: boolean;
  /** run the sync, keep the statements it sent (`report.statements`), then roll everything back */
  dryRun?: boolean;
}

/** ends a dry run's transaction (its rollback) and carries its report out */
class DryRunDone {
  constructor(readonly report: SyncReport) {}
}

/** statements of a dry run worth showing: the changes, not the snapshot bookkeeping, locks or reads */
function isChange(sql: string): boolean {
  return !/^\s*(select|pragma|savepoint|release|rollback|begin|commit)\b/i.test(sql) && !sql.includes(SCHEMA_STATE_TABLE) && !/pg_advisory/i.test(sql);
}

/** the snapshot's tables that `schema` names */
function only(snapshot: SchemaSnapshot, schema: { tables: readonly { name: string }[] }): SchemaSnapshot {
  const names = new Set(schema.tables.map((t) => t.name));
  return { ...snapshot, tables: Object.fromEntries(Object.entries(snapshot.tables).filter(([name]) => names.has(name))) };
}

function knexOf(target: Repository | Knex): Knex {
  if (target instanceof KnexRepository) return target.knex;
  if (typeof target === 'function' && 'schema' in target) return target as Knex;
  throw new Error('syncSchema: expected a repository from createRepository() or a knex instance');
}

/** SQLite: a sync racing another process's sync loses its snapshot (SQLITE_BUSY*); it starts over. */
const ATTEMPTS = 5;

function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

export { describeChange };

export async function syncSchema(target: Repository | Knex, model: NormalizedModel, opts: SyncOptions): Promise<SyncReport> {
  const knex = knexOf(target);
  for (let attempt = 1; ; attempt++) {
    try {
      if (opts.dryRun) return await dryRun(knex, model, opts);
      return await syncOnce(knex, model, opts);
    } catch (err) {
      if (attempt < ATTEMPTS && isBusy(err)) {
        await new Promise((r) => setTimeout(r, 50 * attempt));
        continue;
      }
      if (err instanceof SchemaSyncRefused || err instanceof StrapiSchemaMismatch || err instanceof QuireError) throw err;
      const mapped = translateError(err, buildStorageMap(model), dialectOfKnex(knex));
      if (mapped instanceof QuireError) throw mapped;
      throw new Error(`schema sync failed: ${(err as Error)?.message ?? String(err)}`, { cause: err });
    }
  }
}

/** the sync with every statement recorded, rolled back at the end (`quire serve --plan`) */
async function dryRun(knex: Knex, model: NormalizedModel, opts: SyncOptions): Promise<SyncReport> {
  const statements: string[] = [];
  const record = (q: { sql: string; bindings?: readonly unknown[] }) => {
    if (!isChange(q.sql)) return;
    statements.push(q.bindings?.length ? `${q.sql} -- bindings: ${JSON.stringify(q.bindings)}` : q.sql);
  };
  knex.on('query', record);
  try {
    await syncOnce(knex, model, opts, (report) => {
      throw new DryRunDone({ ...report, statements });
    });
    throw new Error('schema dry run: the transaction was not rolled back');
  } catch (err) {
    if (err instanceof DryRunDone) return err.report;
    throw err;
  } finally {
    knex.off('query', record);
  }
}

async function syncOnce(knex: Knex, model: NormalizedModel, opts: SyncOptions, beforeCommit?: (report: SyncReport) => void): Promise<SyncReport> {
  const dialect = dialectOfKnex(knex);
  const full = desiredSchema(model);
  // a Strapi database: the model's tables are Strapi's (checked, never changed); only quire's own are
  // synced. Unless told, it is recognised by Strapi's own schema table, so no caller migrates it by mistake.
  const strapi = opts.strapiDatabase ?? (await isStrapiDatabase(knex));
  const schema = strapi ? { tables: splitSchema(full).own } : full;
  return knex.transaction(async (trx) => {
    await dialect.lockSchema(trx);
    try {
      if (strapi) await checkStrapiSchema(trx, model);
      const report = await syncLocked(trx, dialect, schema, opts, strapi);
      beforeCommit?.(report);
      return report;
    } finally {
      await dialect.unlockSchema?.(trx);
    }
  });
}

/**
 * The sync itself, under the schema lock. MySQL commits each DDL statement by itself, so there a
 * failed sync keeps the changes applied before the failure; the snapshot is written last, so the
 * next sync plans only what is still missing.
 */
async function syncLocked(trx: Knex.Transaction, dialect: Dialect, schema: DesiredSchema, opts: SyncOptions, strapi: boolean): Promise<SyncReport> {
  const created = await ensureStateTable(trx, dialect);
  const stored = created ? undefined : await readSnapshot(trx);
  const prev = stored ? (strapi ? only(stored, schema) : stored) : await introspect(trx, schema);
  const planned = diffSchema(prev, schema);
  const destructive = planned.filter((c) => c.destructive);
  if (destructive.length > 0 && !opts.allowDestructive) throw new SchemaSyncRefused(destructive.map(plain));
  const deferred = await applyChanges(trx, dialect, planned, prev, schema);
  const next = withDeferred(snapshotOf(schema), deferred);
  // a Strapi database keeps what an earlier sync recorded of the other tables (left as they are)
  const kept = strapi && stored ? { ...stored, tables: { ...stored.tables, ...next.tables } } : next;
  if (planned.length > 0 || !stored) await writeSnapshot(trx, kept);
  const changes = planned.map(plain);
  if (created) changes.unshift({ kind: 'create-table', table: SCHEMA_STATE_TABLE, detail: 'schema snapshot', destructive: false });
  if (deferred.length === 0) return { changes };
  const warnings = deferred.map(
    (d) => `unique index ${d.index} not created: rows of ${d.table} share a value of (${d.columns.join(', ')}); uniqueness is not enforced there until the duplicates are removed (checked again at every start)`,
  );
  return { changes, warnings };
}

/** The snapshot records a deferred unique index as the plain index it is, so the next sync retries it. */
function withDeferred(snapshot: SchemaSnapshot, deferred: readonly DeferredUnique[]): SchemaSnapshot {
  if (deferred.length === 0) return snapshot;
  const tables = { ...snapshot.tables };
  for (const d of deferred) {
    const t = tables[d.table];
    const idx = t.indexes[d.index];
    tables[d.table] = { ...t, indexes: { ...t.indexes, [d.index]: { ...idx, unique: false } } };
  }
  return { ...snapshot, tables };
}

function plain(c: SyncChange): SyncChange {
  return { kind: c.kind, table: c.table, ...(c.column ? { column: c.column } : {}), detail: c.detail, destructive: c.destructive };
}
