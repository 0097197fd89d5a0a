/**
 * bench/ceiling: the one-statement ceiling (PostgreSQL): each workload answered by ONE hand-written
 * SQL statement whose single text column is the whole JSON body, sent through pg as a named
 * (prepared) statement and written to the socket as it comes, never parsed in Node. Values are
 * turned into JSON text by the same expressions quire's compiled read uses
 * (engine/repository/compiled-read/json-value.ts; json values printed by its printJsonValues), so the bodies are what quire answers; the
 * statements themselves are assembled by hand for these six endpoints (the create is one statement
 * of data-modifying CTEs). The statements are built once, at start.
 */
import { printJsonValues } from '../../engine/repository/answer/json-marks.js';
import { columnJson, textLiteral } from '../../engine/repository/dialect/postgres-json.js';
import type { StorageKind } from '../../engine/repository/storage-map.js';
import { ARTICLE, AUTHOR, BLOCKS, CATEGORY, EDITION, FILE, PROFILE, SEO, SOURCE, TAG, type Kind, type Shape } from './ceiling-answers.js';
import type { CeilingDb } from './ceiling-db.js';

const KIND: Record<Kind, StorageKind> = { s: 'varchar', i: 'integer', big: 'bigint', dec: 'decimal', b: 'boolean', date: 'date', time: 'time', dt: 'datetime', json: 'json' };

const q = (id: string) => `"${id}"`;
const col = (alias: string, column: string) => `${q(alias)}.${q(column)}`;
const lit = (json: string) => textLiteral(json);
/** `'"name":' || value` */
const member = (name: string, value: string) => `${lit(JSON.stringify(name) + ':')} || ${value}`;
const join = (parts: readonly string[]) => parts.join(` || ',' || `);

/** the `"field":value` members of a row of `s` at `alias` */
function fields(s: Shape, alias: string): string[] {
  return s.cols.map(([f, c, k]) => member(f, columnJson(col(alias, c), KIND[k])));
}

/** `{"id":..,"attributes":{..}}` (more members after the fields) */
function entry(s: Shape, alias: string, more: readonly string[] = []): string {
  return `'{"id":' || ${col(alias, 'id')}::text || ',"attributes":{' || ${join([...fields(s, alias), ...more])} || '}}'`;
}

/** `{"id":..,..}` of a component */
function component(s: Shape, alias: string, tail: readonly string[] = []): string {
  return `'{"id":' || ${col(alias, 'id')}::text || ',' || ${join([...fields(s, alias), ...tail])} || '}'`;
}

let aliases = 0;

interface Link {
  table: string;
  owner: string;
  target: string;
  targetTable: string;
  /** the link order column ('' on a to-one side) */
  order: string;
  /** more conditions on "l" or "t" (literals only) */
  extra?: string;
}

/** the item (built from the target alias) of the row linked to `owner`: one or null */
function toOne(owner: string, link: Link, item: (t: string) => string): string {
  const l = `l${aliases}`;
  const t = `t${aliases++}`;
  return `COALESCE((SELECT ${item(t)} FROM ${q(link.table)} AS ${q(l)} JOIN ${q(link.targetTable)} AS ${q(t)} ON ${col(t, 'id')} = ${col(l, link.target)} `
    + `WHERE ${col(l, link.owner)} = ${col(owner, 'id')}${(link.extra ?? '').replaceAll('"l".', `${q(l)}.`).replaceAll('"t".', `${q(t)}.`)} ORDER BY ${col(l, 'id')} LIMIT 1), 'null')`;
}

/** the items of the rows linked to `owner`, as a JSON array in link order */
function toMany(owner: string, link: Link, item: (t: string) => string): string {
  const l = `l${aliases}`;
  const t = `t${aliases++}`;
  const order = `${link.order ? `${col(l, link.order)}, ` : ''}${col(l, 'id')}`;
  return `(SELECT '[' || COALESCE(string_agg(${item(t)}, ',' ORDER BY ${order}), '') || ']' FROM ${q(link.table)} AS ${q(l)} JOIN ${q(link.targetTable)} AS ${q(t)} ON ${col(t, 'id')} = ${col(l, link.target)} `
    + `WHERE ${col(l, link.owner)} = ${col(owner, 'id')}${(link.extra ?? '').replaceAll('"l".', `${q(l)}.`).replaceAll('"t".', `${q(t)}.`)})`;
}

const data = (value: string) => `'{"data":' || ${value} || '}'`;
const LIVE = ' AND "t"."published_at" IS NOT NULL';
const link = (table: string, owner: string, target: string, targetTable: string, order = '', extra = ''): Link => ({ table, owner, target, targetTable, order, extra });

/** the `blocks` dynamic zone of the article at `owner`, in link order */
function zone(owner: string): string {
  const l = `l${aliases++}`;
  const joins = BLOCKS.map((b, i) => `LEFT JOIN ${q(b.table)} AS "z${i}" ON ${col(l, 'component_type')} = ${lit(b.uid)} AND "z${i}"."id" = ${col(l, 'component_id')}`).join(' ');
  const cases = BLOCKS.map((b, i) => ` WHEN ${col(l, 'component_type')} = ${lit(b.uid)} THEN ${component(b.shape, `z${i}`, [lit(`"__component":${JSON.stringify(b.uid)}`)])}`).join('');
  const present = BLOCKS.map((b, i) => `"z${i}"."id" IS NOT NULL`).join(' OR ');
  return `(SELECT '[' || COALESCE(string_agg(CASE${cases} END, ',' ORDER BY ${col(l, 'order')}, ${col(l, 'id')}), '') || ']' FROM "articles_components" AS ${q(l)} ${joins} `
    + `WHERE ${col(l, 'entity_id')} = ${col(owner, 'id')} AND ${col(l, 'field')} = 'blocks' AND (${present}))`;
}

/** every attribute of `populate=*` on the article at `a`, as today's shaping orders them */
function populateAll(a: string): string[] {
  const media = (field: string) => link('files_related_morphs', 'related_id', 'file_id', 'files', 'order', ` AND "l"."related_type" = 'api::article.article' AND "l"."field" = ${lit(field)}`);
  const comp = (field: string, uid: string, table: string) => link('articles_components', 'entity_id', 'component_id', table, 'order', ` AND "l"."field" = ${lit(field)} AND "l"."component_type" = ${lit(uid)}`);
  const gallery = toMany(a, media('gallery'), (t) => entry(FILE, t));
  return [
    member('author', data(toOne(a, link('articles_author_links', 'article_id', 'author_id', 'authors'), (t) => entry(AUTHOR, t)))),
    member('blocks', zone(a)),
    member('category', data(toOne(a, link('articles_category_links', 'article_id', 'category_id', 'categories'), (t) => entry(CATEGORY, t)))),
    member('cover', data(toOne(a, media('cover'), (t) => entry(FILE, t)))),
    member('coverOf', data(toOne(a, link('editions_cover_story_links', 'article_id', 'edition_id', 'editions', '', LIVE), (t) => entry(EDITION, t)))),
    // a multiple media field with no file is `{ data: null }`
    member('gallery', data(`CASE WHEN ${gallery} = '[]' THEN 'null' ELSE ${gallery} END`)),
    member('relatedArticles', data(toMany(a, link('articles_related_articles_links', 'article_id', 'inv_article_id', 'articles', 'article_order', LIVE), (t) => entry(ARTICLE, t)))),
    member('seo', toOne(a, comp('seo', 'shared.seo', 'components_shared_seos'), (t) => component(SEO, t))),
    member('sources', toMany(a, comp('sources', 'content.source', 'components_content_sources'), (t) => component(SOURCE, t))),
    member('tags', data(toMany(a, link('articles_tags_links', 'article_id', 'tag_id', 'tags', 'tag_order'), (t) => entry(TAG, t)))),
  ];
}

/** a page of published articles (`where` on "a", `$1`.. bound) and its count, as the REST list body */
function page(pageSize: number, where: string, more: (a: string) => string[]): string {
  const cond = `"a"."published_at" IS NOT NULL${where}`;
  const top = `'{"id":' || "a"."id"::text || ',"attributes":{' || ${join([...fields(ARTICLE, 'a'), ...more('a')])} || '},"meta":{}}'`;
  return `SELECT '{"data":[' || COALESCE((SELECT string_agg(${top}, ',' ORDER BY "a"."id") FROM (SELECT * FROM "articles" AS "a" WHERE ${cond} ORDER BY "a"."id" LIMIT ${pageSize}) AS "a"), '') `
    + `|| '],"meta":{"pagination":{"page":1,"pageSize":${pageSize},"pageCount":' || ((("c"."n") + ${pageSize - 1}) / ${pageSize})::text || ',"total":' || "c"."n"::text || '}}}' AS "body" `
    + `FROM (SELECT COUNT(*) AS "n" FROM "articles" AS "a" WHERE ${cond}) AS "c"`;
}

const W3_WHERE = ' AND EXISTS (SELECT 1 FROM "articles_author_links" AS "wl" JOIN "authors" AS "wa" ON "wa"."id" = "wl"."author_id" WHERE "wl"."article_id" = "a"."id" AND "wa"."name" = $1)';

function w3(a: string): string[] {
  const withProfile = (t: string) => entry(AUTHOR, t, [member('profile', data(toOne(t, link('authors_profile_links', 'author_id', 'author_profile_id', 'author_profiles'), (p) => entry(PROFILE, p))))]);
  return [
    member('author', data(toOne(a, link('articles_author_links', 'article_id', 'author_id', 'authors'), withProfile))),
    member('tags', data(toMany(a, link('articles_tags_links', 'article_id', 'tag_id', 'tags', 'tag_order'), (t) => entry(TAG, t)))),
  ];
}

function graphql(): string {
  const str = (e: string) => columnJson(e, 'varchar');
  const author = toOne('a', link('articles_author_links', 'article_id', 'author_id', 'authors'), (t) =>
    `'{"id":"' || ${col(t, 'id')}::text || '","attributes":{"name":' || ${str(col(t, 'name'))} || ',"email":' || ${str(col(t, 'email'))} || '}}'`);
  const item = `'{"id":"' || "a"."id"::text || '","attributes":{' || ${join([
    member('title', str('"a"."title"')), member('slug', str('"a"."slug"')), member('excerpt', columnJson('"a"."excerpt"', 'text')), member('format', str('"a"."format"')),
    member('readingTime', columnJson('"a"."reading_time"', 'integer')), member('publishedAt', columnJson('"a"."published_at"', 'datetime')), member('author', data(author)),
  ])} || '}}'`;
  return `SELECT '{"data":{"articles":{"data":[' || COALESCE((SELECT string_agg(${item}, ',' ORDER BY "a"."id") FROM (SELECT * FROM "articles" AS "a" WHERE "a"."published_at" IS NOT NULL ORDER BY "a"."id" LIMIT 25) AS "a"), '') `
    + `|| '],"meta":{"pagination":{"total":' || "c"."n"::text || ',"page":1,"pageSize":25,"pageCount":' || (("c"."n" + 24) / 25)::text || '}}}}}' AS "body" `
    + `FROM (SELECT COUNT(*) AS "n" FROM "articles" AS "a" WHERE "a"."published_at" IS NOT NULL) AS "c"`;
}

/** W5: the entry, its links (appended last on the other side) and its seo component in one statement; the read-back body */
const CREATE = `WITH "a" AS (INSERT INTO "articles" ("title", "excerpt", "format", "reading_time", "featured", "created_at", "updated_at", "published_at") `
  + `VALUES ($1, $2, $3, $4, false, now(), now(), now()) RETURNING *), `
  + `"la" AS (INSERT INTO "articles_author_links" ("article_id", "author_id", "article_order") SELECT "a"."id", $5, COALESCE((SELECT MAX("article_order") FROM "articles_author_links" WHERE "author_id" = $5), 0) + 1 FROM "a"), `
  + `"lc" AS (INSERT INTO "articles_category_links" ("article_id", "category_id", "article_order") SELECT "a"."id", $6, COALESCE((SELECT MAX("article_order") FROM "articles_category_links" WHERE "category_id" = $6), 0) + 1 FROM "a"), `
  + `"lt" AS (INSERT INTO "articles_tags_links" ("article_id", "tag_id", "tag_order", "article_order") SELECT "a"."id", "v"."tag", "v"."n", COALESCE((SELECT MAX("x"."article_order") FROM "articles_tags_links" AS "x" WHERE "x"."tag_id" = "v"."tag"), 0) + 1 FROM "a", unnest($7::int[]) WITH ORDINALITY AS "v"("tag", "n")), `
  + `"s" AS (INSERT INTO "components_shared_seos" ("meta_title", "meta_description", "no_index") VALUES ($8, $9, false) RETURNING "id"), `
  + `"ls" AS (INSERT INTO "articles_components" ("entity_id", "component_id", "component_type", "field", "order") SELECT "a"."id", "s"."id", 'shared.seo', 'seo', 1 FROM "a", "s") `
  + `SELECT '{"data":' || ${entry(ARTICLE, 'a').replace(/ \|\| '\}\}'$/, ` || '},"meta":{}}'`)} || ',"meta":{}}' AS "body" FROM "a"`;

/** the statements, built once */
export const STATEMENTS = {
  list: page(25, '', () => []),
  populated: page(25, '', populateAll),
  byAuthor: page(25, W3_WHERE, w3),
  one: `SELECT '{"data":' || '{"id":' || "a"."id"::text || ',"attributes":{' || ${join(fields(ARTICLE, 'a'))} || '},"meta":{}}' || ',"meta":{}}' AS "body" FROM "articles" AS "a" WHERE "a"."id" = $1`,
  graphql: graphql(),
  create: CREATE,
};
const sized = new Map<string, string>();

/** the body of one statement, or undefined when it answers no row */
async function body(db: CeilingDb, name: keyof typeof STATEMENTS | string, text: string, params: unknown[] = []): Promise<string | undefined> {
  const [row] = await db.named(`ceiling_${name}`, text, params);
  const answer = row?.body as string | null | undefined;
  // json values leave the statement as jsonb's text and are printed as quire prints them
  return typeof answer === 'string' ? printJsonValues(answer) : undefined;
}

/** W1/W2 (any page size) */
export function listText(db: CeilingDb, pageSize: number, populate: boolean): Promise<string | undefined> {
  if (pageSize === 25) return populate ? body(db, 'populated', STATEMENTS.populated) : body(db, 'list', STATEMENTS.list);
  const key = `${populate ? 'populated' : 'list'}_${pageSize}`;
  let text = sized.get(key);
  if (text === undefined) sized.set(key, (text = page(Math.trunc(pageSize), '', populate ? populateAll : () => [])));
  return body(db, key, text);
}

export const byAuthorText = (db: CeilingDb, name: string) => body(db, 'byAuthor', STATEMENTS.byAuthor, [name]);
export const oneText = (db: CeilingDb, id: number) => body(db, 'one', STATEMENTS.one, [id]);
export const graphqlText = (db: CeilingDb) => body(db, 'graphql', STATEMENTS.graphql);

interface CreateData {
  title: string; excerpt?: string; format?: string; readingTime?: number;
  author: number; category: number; tags: number[]; seo: { metaTitle: string; metaDescription?: string };
}

export const createText = (db: CeilingDb, d: CreateData) =>
  body(db, 'create', STATEMENTS.create, [d.title, d.excerpt ?? null, d.format ?? 'news', d.readingTime ?? null, d.author, d.category, d.tags, d.seo.metaTitle, d.seo.metaDescription ?? null]);
