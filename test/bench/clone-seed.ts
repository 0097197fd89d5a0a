/**
 * bench: grows a PostgreSQL bench database past what seeding through the API can reach in minutes
 * (`BENCH_SIZE=xl`, 100,000 articles): copies of the articles seeded through quire's API, each with
 * copies of its link rows (author, category, tags, ...) and of its components (seo, blocks), in a
 * handful of INSERT ... SELECT statements. The copies are the API's rows with a new id (and a slug
 * made unique), so every workload reads the same shapes; VACUUM ANALYZE afterwards, as autovacuum
 * would soon do.
 */
import pg from 'pg';
import { BLOCKS } from './ceiling-answers.js';

/** component uid -> its table, for the components the seed writes */
const COMPONENT_TABLES: Record<string, string> = {
  'shared.seo': 'components_shared_seos',
  'content.source': 'components_content_sources',
  ...Object.fromEntries(BLOCKS.map((b) => [b.uid, b.table])),
};

const q = (id: string) => `"${id.replace(/"/g, '""')}"`;

async function columnsOf(c: pg.Client, table: string): Promise<string[]> {
  const { rows } = await c.query('SELECT "column_name" FROM "information_schema"."columns" WHERE "table_schema" = current_schema() AND "table_name" = $1 ORDER BY "ordinal_position"', [table]);
  return rows.map((r) => r.column_name as string);
}

/**
 * Adds articles until there are `target` (published ones counted alike), copying the rows of
 * `templates` (ids of articles seeded through the API) round-robin. Returns the ids added.
 */
export async function cloneArticles(databaseUrl: string, templates: readonly number[], target: number): Promise<number[]> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const [{ n }] = (await c.query('SELECT COUNT(*)::int AS "n" FROM "articles"')).rows;
    const add = target - n;
    if (add <= 0) return [];
    await c.query('BEGIN');
    await c.query('CREATE TEMP TABLE "clone_map" ("src" integer NOT NULL, "dst" integer NOT NULL, "copy" integer NOT NULL) ON COMMIT DROP');
    await c.query(
      `INSERT INTO "clone_map" SELECT ($1::int[])[1 + (("g" - 1) % cardinality($1::int[]))], nextval(pg_get_serial_sequence('articles', 'id')), "g" FROM generate_series(1, $2::int) AS "g"`,
      [templates, add],
    );
    const articleColumns = (await columnsOf(c, 'articles')).filter((x) => x !== 'id');
    const pick = (x: string) => (x === 'slug' ? `"a"."slug" || '-' || "m"."dst"` : `"a".${q(x)}`);
    await c.query(`INSERT INTO "articles" ("id", ${articleColumns.map(q).join(', ')}) SELECT "m"."dst", ${articleColumns.map(pick).join(', ')} FROM "clone_map" AS "m" JOIN "articles" AS "a" ON "a"."id" = "m"."src"`);
    // the article's own link rows (it owns the `article_id` side)
    const { rows: linkTables } = await c.query(
      `SELECT "table_name" FROM "information_schema"."columns" WHERE "table_schema" = current_schema() AND "column_name" = 'article_id' AND "table_name" LIKE 'articles\\_%' ORDER BY 1`,
    );
    for (const { table_name: table } of linkTables as { table_name: string }[]) {
      const cols = (await columnsOf(c, table)).filter((x) => x !== 'id' && x !== 'article_id');
      await c.query(`INSERT INTO ${q(table)} ("article_id"${cols.map((x) => `, ${q(x)}`).join('')}) SELECT "m"."dst"${cols.map((x) => `, "l".${q(x)}`).join('')} FROM "clone_map" AS "m" JOIN ${q(table)} AS "l" ON "l"."article_id" = "m"."src"`);
    }
    // media links, when the templates have any
    await c.query(
      `INSERT INTO "files_related_morphs" ("file_id", "related_id", "related_type", "field", "order") SELECT "f"."file_id", "m"."dst", "f"."related_type", "f"."field", "f"."order" FROM "clone_map" AS "m" JOIN "files_related_morphs" AS "f" ON "f"."related_id" = "m"."src" AND "f"."related_type" = 'api::article.article'`,
    );
    // components: a new row per copied component, then its link
    const { rows: types } = await c.query('SELECT DISTINCT "component_type" AS "uid" FROM "articles_components" WHERE "entity_id" = ANY($1::int[])', [templates]);
    for (const { uid } of types as { uid: string }[]) {
      const table = COMPONENT_TABLES[uid];
      if (!table) throw new Error(`clone-seed: no table known for component ${uid}`);
      const cols = (await columnsOf(c, table)).filter((x) => x !== 'id');
      await c.query('CREATE TEMP TABLE "clone_components" ON COMMIT DROP AS SELECT "m"."dst" AS "entity", "l"."field", "l"."order", "l"."component_id" AS "src", '
        + `nextval(pg_get_serial_sequence('${table}', 'id'))::int AS "id" FROM "clone_map" AS "m" JOIN "articles_components" AS "l" ON "l"."entity_id" = "m"."src" AND "l"."component_type" = $1`, [uid]);
      await c.query(`INSERT INTO ${q(table)} ("id"${cols.map((x) => `, ${q(x)}`).join('')}) SELECT "k"."id"${cols.map((x) => `, "t".${q(x)}`).join('')} FROM "clone_components" AS "k" JOIN ${q(table)} AS "t" ON "t"."id" = "k"."src"`);
      await c.query(`INSERT INTO "articles_components" ("entity_id", "component_id", "component_type", "field", "order") SELECT "entity", "id", $1, "field", "order" FROM "clone_components"`, [uid]);
      await c.query('DROP TABLE "clone_components"');
    }
    const { rows: added } = await c.query('SELECT "dst" FROM "clone_map" ORDER BY "dst"');
    await c.query('COMMIT');
    // what autovacuum does soon after so many inserts: statistics, and the visibility map an index-only scan (a list's count) needs
    await c.query('VACUUM ANALYZE');
    return added.map((r) => r.dst as number);
  } catch (err) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await c.end();
  }
}
