/**
 * bench/ceiling: hand-written SQL and JSON for the workloads of workloads.ts on the example schema,
 * answering exactly what quire answers (same keys, same order, same value shapes) with no planner,
 * no query builder and no generic shaping: what a person would write for these six endpoints. The
 * read queries are the ones a careful hand would send (one per populated attribute per level).
 */
import type { CeilingDb, Query, Row } from './ceiling-db.js';

export type Kind = 's' | 'i' | 'big' | 'dec' | 'b' | 'date' | 'time' | 'dt' | 'json';
export type Cols = readonly (readonly [field: string, column: string, kind: Kind])[];

const pad3 = (s: string | undefined) => (s ?? '').padEnd(3, '0').slice(0, 3);
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?/;

function decode(kind: Kind, v: any): unknown {
  if (v === null || v === undefined) return null;
  switch (kind) {
    case 's': case 'i': case 'date': return v;
    case 'big': return String(v);
    case 'dec': return typeof v === 'number' ? v : Number(v);
    case 'b': return v === true || v === 1;
    case 'time': {
      const m = TIME.exec(v);
      return m ? `${m[1]}:${m[2]}:${m[3] ?? '00'}.${pad3(m[4])}` : v;
    }
    case 'dt': return v instanceof Date ? v.toISOString() : v;
    case 'json': return typeof v === 'string' ? JSON.parse(v) : v;
  }
}

/** `"t"."title" AS "title", ...` and row -> attributes for one table's default fields */
function shape(cols: Cols) {
  return {
    cols,
    select: (alias: string, prefix = '') => [`"${alias}"."id" AS "${prefix}id"`, ...cols.map(([f, c, k]) => `${k === 'big' ? `CAST("${alias}"."${c}" AS TEXT)` : `"${alias}"."${c}"`} AS "${prefix}${f}"`)].join(', '),
    attributes(row: Row, prefix = ''): Record<string, unknown> {
      const out: Record<string, unknown> = {};
      for (const [f, , k] of cols) out[f] = decode(k, row[prefix + f]);
      return out;
    },
  };
}

const SYSTEM: Cols = [['createdAt', 'created_at', 'dt'], ['updatedAt', 'updated_at', 'dt']];
export const ARTICLE = shape([
  ['title', 'title', 's'], ['slug', 'slug', 's'], ['excerpt', 'excerpt', 's'], ['body', 'body', 's'], ['format', 'format', 's'],
  ['readingTime', 'reading_time', 'i'], ['wordCount', 'word_count', 'big'], ['rating', 'rating', 'dec'], ['popularity', 'popularity', 'dec'],
  ['featured', 'featured', 'b'], ['publishDate', 'publish_date', 'date'], ['publishTime', 'publish_time', 'time'],
  ['lastReviewedAt', 'last_reviewed_at', 'dt'], ['importedAt', 'imported_at', 'big'], ['metadata', 'metadata', 'json'],
  ['contactEmail', 'contact_email', 's'], ...SYSTEM, ['publishedAt', 'published_at', 'dt'],
]);
export const AUTHOR = shape([['name', 'name', 's'], ['email', 'email', 's'], ['bio', 'bio', 's'], ...SYSTEM]);
export const PROFILE = shape([['headline', 'headline', 's'], ['website', 'website', 's'], ['yearsActive', 'years_active', 'i'], ...SYSTEM]);
export const CATEGORY = shape([['name', 'name', 's'], ['slug', 'slug', 's'], ['description', 'description', 's'], ['position', 'position', 'i'], ...SYSTEM]);
export const TAG = shape([['name', 'name', 's'], ...SYSTEM]);
export const EDITION = shape([['number', 'number', 'i'], ['title', 'title', 's'], ['releaseDate', 'release_date', 'date'], ['price', 'price', 'dec'], ...SYSTEM, ['publishedAt', 'published_at', 'dt']]);
export const FILE = shape([
  ['name', 'name', 's'], ['alternativeText', 'alternative_text', 's'], ['caption', 'caption', 's'], ['width', 'width', 'i'], ['height', 'height', 'i'],
  ['formats', 'formats', 'json'], ['hash', 'hash', 's'], ['ext', 'ext', 's'], ['mime', 'mime', 's'], ['size', 'size', 'dec'], ['url', 'url', 's'],
  ['previewUrl', 'preview_url', 's'], ['provider', 'provider', 's'], ['provider_metadata', 'provider_metadata', 'json'], ...SYSTEM,
]);
export const SEO = shape([['metaTitle', 'meta_title', 's'], ['metaDescription', 'meta_description', 's'], ['noIndex', 'no_index', 'b']]);
export const SOURCE = shape([['title', 'title', 's'], ['url', 'url', 's'], ['accessedOn', 'accessed_on', 'date']]);
export const BLOCKS = [
  { uid: 'content.rich-text', table: 'components_content_rich_texts', shape: shape([['body', 'body', 's']]) },
  { uid: 'content.quote', table: 'components_content_quotes', shape: shape([['text', 'text', 's'], ['attribution', 'attribution', 's']]) },
  { uid: 'content.media-block', table: 'components_content_media_blocks', shape: shape([['caption', 'caption', 's']]) },
  { uid: 'content.link-list', table: 'components_content_link_lists', shape: shape([['heading', 'heading', 's']]) },
];

export type Shape = ReturnType<typeof shape>;
const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');
const entry = (s: Shape, row: Row) => ({ id: row.id as number, attributes: s.attributes(row) });

/** owner id -> rows linked through a link table, in link order; `live` hides drafts of the target */
async function linked(q: Query, owners: number[], link: string, owner: string, target: string, targetTable: string, /** the link order column ('' for a to-one side, which has none) */ order: string, s: Shape, extra = '', params: unknown[] = []): Promise<Map<number, Row[]>> {
  const rows = await q(
    `SELECT "l"."${owner}" AS "__owner", ${s.select('t')} FROM "${link}" AS "l" JOIN "${targetTable}" AS "t" ON "t"."id" = "l"."${target}" ` +
    `WHERE "l"."${owner}" IN (${marks(owners.length)})${extra} ORDER BY "l"."${owner}", ${order ? `"l"."${order}", ` : ''}"l"."id"`,
    [...owners, ...params],
  );
  const by = new Map<number, Row[]>();
  for (const r of rows) {
    const k = Number(r.__owner);
    const list = by.get(k);
    if (list) list.push(r);
    else by.set(k, [r]);
  }
  return by;
}

const one = (s: Shape, rows: Row[] | undefined) => ({ data: rows ? entry(s, rows[0]) : null });
const many = (s: Shape, rows: Row[] | undefined) => ({ data: rows ? rows.map((r) => entry(s, r)) : [] });
/** a multiple media field with no file answers `{ data: null }` in Strapi v4, not an empty list */
const files = (s: Shape, rows: Row[] | undefined) => ({ data: rows?.length ? rows.map((r) => entry(s, r)) : null });
const LIVE = ' AND "t"."published_at" IS NOT NULL';

const pagination = (pageSize: number, total: number) => ({ pagination: { page: 1, pageSize, pageCount: Math.ceil(total / pageSize), total } });

async function page(q: Query, pageSize: number, where = '', params: unknown[] = []): Promise<{ rows: Row[]; total: number }> {
  const cond = `"t"."published_at" IS NOT NULL${where}`;
  // the page size as a literal (an integer from the route): SQLite plans it better than a bound `LIMIT ?`
  const rows = await q(`SELECT ${ARTICLE.select('t')} FROM "articles" AS "t" WHERE ${cond} ORDER BY "t"."id" LIMIT ${Math.trunc(pageSize)}`, params);
  const [c] = await q(`SELECT COUNT(*) AS "n" FROM "articles" AS "t" WHERE ${cond}`, params);
  return { rows, total: Number(c.n) };
}

/** W1 (populate false) and W2 (populate=*) */
export async function listArticles(db: CeilingDb, pageSize: number, populate: boolean): Promise<unknown> {
  const q = db.query;
  const { rows, total } = await page(q, pageSize);
  if (!populate || rows.length === 0) return { data: rows.map((r) => ({ ...entry(ARTICLE, r), meta: {} })), meta: pagination(pageSize, total) };
  const ids = rows.map((r) => r.id as number);
  const author = await linked(q, ids, 'articles_author_links', 'article_id', 'author_id', 'authors', '', AUTHOR);
  const blocks = await zone(q, ids);
  const category = await linked(q, ids, 'articles_category_links', 'article_id', 'category_id', 'categories', '', CATEGORY);
  const media = (field: string) => linked(q, ids, 'files_related_morphs', 'related_id', 'file_id', 'files', 'order', FILE, ' AND "l"."related_type" = ? AND "l"."field" = ?', ['api::article.article', field]);
  const cover = await media('cover');
  const coverOf = await linked(q, ids, 'editions_cover_story_links', 'article_id', 'edition_id', 'editions', '', EDITION, LIVE);
  const gallery = await media('gallery');
  const related = await linked(q, ids, 'articles_related_articles_links', 'article_id', 'inv_article_id', 'articles', 'article_order', ARTICLE, LIVE);
  const component = (field: string, uid: string, table: string, s: Shape) =>
    linked(q, ids, 'articles_components', 'entity_id', 'component_id', table, 'order', s, ' AND "l"."field" = ? AND "l"."component_type" = ?', [field, uid]);
  const seo = await component('seo', 'shared.seo', 'components_shared_seos', SEO);
  const sources = await component('sources', 'content.source', 'components_content_sources', SOURCE);
  const tags = await linked(q, ids, 'articles_tags_links', 'article_id', 'tag_id', 'tags', 'tag_order', TAG);
  const data = rows.map((r) => {
    const id = r.id as number;
    const s = seo.get(id);
    return {
      id,
      attributes: {
        ...ARTICLE.attributes(r),
        author: one(AUTHOR, author.get(id)),
        blocks: blocks.get(id) ?? [],
        category: one(CATEGORY, category.get(id)),
        cover: one(FILE, cover.get(id)),
        coverOf: one(EDITION, coverOf.get(id)),
        gallery: files(FILE, gallery.get(id)),
        relatedArticles: many(ARTICLE, related.get(id)),
        seo: s ? { id: s[0].id, ...SEO.attributes(s[0]) } : null,
        sources: (sources.get(id) ?? []).map((c) => ({ id: c.id, ...SOURCE.attributes(c) })),
        tags: many(TAG, tags.get(id)),
      },
      meta: {},
    };
  });
  return { data, meta: pagination(pageSize, total) };
}

/** the `blocks` dynamic zone: one query, each component table LEFT JOINed */
async function zone(q: Query, ids: number[]): Promise<Map<number, unknown[]>> {
  const select = BLOCKS.map((b, i) => b.shape.select(`c${i}`, `c${i}__`)).join(', ');
  const joins = BLOCKS.map((b, i) => `LEFT JOIN "${b.table}" AS "c${i}" ON "l"."component_type" = ? AND "c${i}"."id" = "l"."component_id"`).join(' ');
  const rows = await q(
    `SELECT "l"."entity_id" AS "__owner", "l"."component_type" AS "__component", ${select} FROM "articles_components" AS "l" ${joins} ` +
    `WHERE "l"."entity_id" IN (${marks(ids.length)}) AND "l"."field" = ? ORDER BY "l"."entity_id", "l"."order", "l"."id"`,
    [...BLOCKS.map((b) => b.uid), ...ids, 'blocks'],
  );
  const by = new Map<number, unknown[]>();
  for (const r of rows) {
    const i = BLOCKS.findIndex((b) => b.uid === r.__component);
    if (i < 0 || r[`c${i}__id`] === null) continue;
    const item = { id: r[`c${i}__id`], ...BLOCKS[i].shape.attributes(r, `c${i}__`), __component: BLOCKS[i].uid };
    const k = Number(r.__owner);
    const list = by.get(k);
    if (list) list.push(item);
    else by.set(k, [item]);
  }
  return by;
}

/** W3: articles of one author (by name), populate author.profile and tags */
export async function articlesByAuthor(db: CeilingDb, name: string): Promise<unknown> {
  const q = db.query;
  const where = ' AND EXISTS (SELECT 1 FROM "articles_author_links" AS "l" JOIN "authors" AS "a" ON "a"."id" = "l"."author_id" WHERE "l"."article_id" = "t"."id" AND "a"."name" = ?)';
  const { rows, total } = await page(q, 25, where, [name]);
  const ids = rows.map((r) => r.id as number);
  const authors = ids.length ? await linked(q, ids, 'articles_author_links', 'article_id', 'author_id', 'authors', '', AUTHOR) : new Map<number, Row[]>();
  const authorIds = [...new Set([...authors.values()].flat().map((r) => r.id as number))];
  const profiles = authorIds.length ? await linked(q, authorIds, 'authors_profile_links', 'author_id', 'author_profile_id', 'author_profiles', '', PROFILE) : new Map<number, Row[]>();
  const tags = ids.length ? await linked(q, ids, 'articles_tags_links', 'article_id', 'tag_id', 'tags', 'tag_order', TAG) : new Map<number, Row[]>();
  const data = rows.map((r) => {
    const id = r.id as number;
    const a = authors.get(id)?.[0];
    return {
      id,
      attributes: {
        ...ARTICLE.attributes(r),
        author: { data: a ? { id: a.id, attributes: { ...AUTHOR.attributes(a), profile: one(PROFILE, profiles.get(a.id)) } } : null },
        tags: many(TAG, tags.get(id)),
      },
      meta: {},
    };
  });
  return { data, meta: pagination(25, total) };
}

/** W4 */
export async function articleById(db: CeilingDb, id: number): Promise<unknown | undefined> {
  const [r] = await db.query(`SELECT ${ARTICLE.select('t')} FROM "articles" AS "t" WHERE "t"."id" = ?`, [id]);
  return r ? { data: { ...entry(ARTICLE, r), meta: {} }, meta: {} } : undefined;
}

/** W6: the GraphQL answer of workloads.ts GRAPHQL_QUERY, selected columns only */
export async function graphqlArticles(db: CeilingDb): Promise<unknown> {
  const q = db.query;
  const rows = await q('SELECT "id", "title", "slug", "excerpt", "format", "reading_time", "published_at" FROM "articles" WHERE "published_at" IS NOT NULL ORDER BY "id" LIMIT 25');
  const [c] = await q('SELECT COUNT(*) AS "n" FROM "articles" WHERE "published_at" IS NOT NULL');
  const total = Number(c.n);
  const ids = rows.map((r) => r.id as number);
  const authors = new Map<number, Row>();
  if (ids.length) {
    const links = await q(`SELECT "l"."article_id" AS "owner", "a"."id", "a"."name", "a"."email" FROM "articles_author_links" AS "l" JOIN "authors" AS "a" ON "a"."id" = "l"."author_id" WHERE "l"."article_id" IN (${marks(ids.length)}) ORDER BY "l"."article_id", "l"."id"`, ids);
    for (const l of links) if (!authors.has(Number(l.owner))) authors.set(Number(l.owner), l);
  }
  const data = rows.map((r) => {
    const a = authors.get(r.id);
    return {
      id: String(r.id),
      attributes: {
        title: r.title, slug: r.slug, excerpt: r.excerpt, format: r.format, readingTime: r.reading_time, publishedAt: decode('dt', r.published_at),
        author: { data: a ? { id: String(a.id), attributes: { name: a.name, email: a.email } } : null },
      },
    };
  });
  return { data: { articles: { data, meta: { pagination: { total, page: 1, pageSize: 25, pageCount: Math.ceil(total / 25) } } } } };
}

interface CreateData {
  title: string; excerpt?: string; format?: string; readingTime?: number;
  author: number; category: number; tags: number[]; seo: { metaTitle: string; metaDescription?: string };
}

/** W5: the rows quire writes for the same body, in one transaction; answers the stored entry */
export async function createArticle(db: CeilingDb, data: CreateData): Promise<unknown> {
  const now = new Date().toISOString();
  return db.transaction(async (q) => {
    const [r] = await q(
      `INSERT INTO "articles" ("title", "excerpt", "format", "reading_time", "featured", "created_at", "updated_at", "published_at") VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${ARTICLE.select('articles').replaceAll('"articles".', '')}`,
      [data.title, data.excerpt ?? null, data.format ?? 'news', data.readingTime ?? null, false, now, now, now],
    );
    const id = r.id as number;
    // the article's own order column exists only where it holds many (tags), as Strapi v4 creates link tables
    const link = (table: string, other: string, otherIds: number[], ownerOrdered: boolean) => q(
      `INSERT INTO "${table}" ("article_id", "${other}_id", ${ownerOrdered ? `"${other}_order", ` : ''}"article_order") VALUES ` +
      otherIds.map(() => `(?, ?, ${ownerOrdered ? '?, ' : ''}COALESCE((SELECT MAX("article_order") FROM "${table}" WHERE "${other}_id" = ?), 0) + 1)`).join(', '),
      otherIds.flatMap((o, i) => (ownerOrdered ? [id, o, i + 1, o] : [id, o, o])),
    );
    await link('articles_author_links', 'author', [data.author], false);
    await link('articles_category_links', 'category', [data.category], false);
    await link('articles_tags_links', 'tag', data.tags, true);
    const [seo] = await q('INSERT INTO "components_shared_seos" ("meta_title", "meta_description", "no_index") VALUES (?, ?, ?) RETURNING "id"', [data.seo.metaTitle, data.seo.metaDescription ?? null, false]);
    await q('INSERT INTO "articles_components" ("entity_id", "component_id", "component_type", "field", "order") VALUES (?, ?, ?, ?, ?)', [id, seo.id, 'shared.seo', 'seo', 1]);
    return { data: { ...entry(ARTICLE, r), meta: {} }, meta: {} };
  });
}
