/**
 * engine/repository/schema: a database Strapi v4 manages (its `strapi_database_schema` table is
 * there). quire then changes nothing Strapi owns: it checks that every table and column the model
 * reads exists (StrapiSchemaMismatch names the missing ones, one line), and syncs only its own
 * `quire_*` tables. The speed indexes quire would create are printed by `speedIndexSql`, never run.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { NormalizedModel } from '../../../compiler/model/types.js';
import type { DialectName } from '../dialect/dialect.js';
import { dialectNamed } from '../dialect/dialect-of.js';
import { desiredSchema } from './desired-schema.js';
import type { DesiredSchema, TableDef } from './table-defs.js';

/** the table Strapi v4 keeps its last synced schema in: its presence marks a Strapi database */
export const STRAPI_SCHEMA_TABLE = 'strapi_database_schema';

/** Thrown at start when the artifacts name a table or column the Strapi database lacks. Nothing was changed. */
export class StrapiSchemaMismatch extends Error {
  override readonly name = 'StrapiSchemaMismatch';
  constructor(readonly missing: readonly string[]) {
    super(
      `the Strapi database does not match the artifacts: missing ${missing.join(', ')}; ` +
        'quire never changes tables Strapi manages (start Strapi with the same content-types first, or rebuild the artifacts from them)',
    );
  }
}

export async function isStrapiDatabase(knex: Knex): Promise<boolean> {
  return knex.schema.hasTable(STRAPI_SCHEMA_TABLE);
}

/** The desired schema split into the tables Strapi owns and quire's own (`quire_*`). */
export function splitSchema(schema: DesiredSchema): { strapi: TableDef[]; own: TableDef[] } {
  return {
    strapi: schema.tables.filter((t) => t.role !== 'internal'),
    own: schema.tables.filter((t) => t.role === 'internal'),
  };
}

/** `table` or `table.column` for every table and column the model needs that the database lacks. */
export async function missingInStrapiDatabase(knex: Knex, model: NormalizedModel): Promise<string[]> {
  const missing: string[] = [];
  for (const t of splitSchema(desiredSchema(model)).strapi) {
    if (!(await knex.schema.hasTable(t.name))) {
      missing.push(`table ${t.name}`);
      continue;
    }
    const live = new Set(Object.keys(await knex(t.name).columnInfo()));
    for (const c of t.columns) if (!live.has(c.name)) missing.push(`column ${t.name}.${c.name}`);
  }
  return missing;
}

/** Throws StrapiSchemaMismatch when a table or column the model needs is missing. */
export async function checkStrapiSchema(knex: Knex, model: NormalizedModel): Promise<void> {
  const missing = await missingInStrapiDatabase(knex, model);
  if (missing.length > 0) throw new StrapiSchemaMismatch(missing);
}

/** prefix of every index quire proposes for a Strapi database (Strapi's own names never start with it) */
export const SPEED_INDEX_PREFIX = 'quire_';

/**
 * The non-unique indexes quire's own sync creates on the tables Strapi owns and Strapi does not (the
 * composite ones of link tables, `published_at`), as `CREATE INDEX IF NOT EXISTS` statements for an
 * operator to run (uniqueness stays Strapi's business). Each name
 * gets the `quire_` prefix so it never takes the name of an index or constraint Strapi creates.
 * Each statement as the database's own client takes it (Dialect.operatorIndex): `mysql`, backquoted
 * names and a plain CREATE INDEX (MySQL 8 has no IF NOT EXISTS there; run twice, the second run stops
 * at the first "Duplicate key name").
 *   speedIndexSql(model) -> ['CREATE INDEX IF NOT EXISTS "quire_articles_published_at_index" ON "articles" ("published_at");', ...]
 *   speedIndexSql(model, 'mysql') -> ['CREATE INDEX `quire_articles_published_at_index` ON `articles` (`published_at`);', ...]
 */
export function speedIndexSql(model: NormalizedModel, client: DialectName = 'postgres'): string[] {
  const out: string[] = [];
  const dialect = dialectNamed(client);
  for (const t of splitSchema(desiredSchema(model)).strapi) {
    for (const idx of t.indexes) {
      // Strapi indexes every column of a link table on its own: only quire's composite indexes are new there
      if (idx.unique || (idx.columns.length === 1 && t.role !== 'content' && t.role !== 'component')) continue;
      out.push(dialect.operatorIndex(prefixed(idx.name), t.name, idx.columns));
    }
  }
  return out;
}

/** `quire_<name>`, shortened with a hash past PostgreSQL's 63-byte identifier limit */
function prefixed(name: string): string {
  const full = `${SPEED_INDEX_PREFIX}${name}`;
  if (Buffer.byteLength(full) <= 63) return full;
  return `${full.slice(0, 54)}_${createHash('sha1').update(full).digest('hex').slice(0, 8)}`;
}
