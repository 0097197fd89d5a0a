/**
 * test/strapi: the same writes sent to two servers on two identical copies of one Strapi-made
 * database, and the rows they leave compared. `writeScript` uploads files (alone, with fileInfo, with
 * ref/refId/field) and creates and updates entries with media, components, a dynamic zone and
 * relations; `contentRows` reads every row of the content, component, link, files and folder tables
 * with what differs by nature taken out (timestamps as set/unset, the random part of file hashes),
 * and the byte sizes of resized image formats (known-differences.ts), so Strapi 4.26.2's own writes
 * and quire's can be compared row by row, ids included.
 */
import sharp from 'sharp';
import type { Knex } from 'knex';
import { call, type Http } from './seed-strapi.js';
import { withoutFormatSizes } from './known-differences.js';
import { onDatabase } from './schema-fingerprint.js';

type Row = Record<string, unknown>;

/** a PNG of `width` x `height` in one colour (deterministic bytes) */
function png(width: number, height: number, rgb: [number, number, number]): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } }).png().toBuffer();
}

interface Part {
  name: string;
  type: string;
  bytes: Buffer;
}

/** a multipart/form-data request: text `fields`, then each file as a part named by `files` keys */
export async function multipart(http: Http, method: string, path: string, files: [string, Part][], fields: Record<string, string> = {}): Promise<{ status: number; body: any; text: string }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [field, f] of files) form.append(field, new Blob([f.bytes], { type: f.type }), f.name);
  const r = await fetch(`${http.base}${path}`, { method, headers: { authorization: `Bearer ${http.token}` }, body: form });
  const text = await r.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch { /* text */ }
  return { status: r.status, body, text };
}

/** `POST /api/upload` of `files` with text `fields` (fileInfo, ref, refId, field) */
export const upload = (http: Http, files: Part[], fields: Record<string, string> = {}) => multipart(http, 'POST', '/api/upload', files.map((f) => ['files', f]), fields);

export interface WriteResult {
  /** status and first file id / entry id of each step, to compare the two servers' answers */
  steps: { what: string; status: number; id?: number }[];
  files: number[];
  article?: number;
}

/**
 * The writes, in order; `articleId`: an existing article (the upload with ref attaches to it).
 * Every request uses the server's full-access token (no admin user: created_by_id stays null).
 */
export async function writeScript(http: Http, articleId: number): Promise<WriteResult> {
  const steps: WriteResult['steps'] = [];
  const files: number[] = [];
  const up = async (what: string, f: { name: string; type: string; bytes: Buffer }, fields: Record<string, string> = {}) => {
    const r = await upload(http, [f], fields);
    const id = Array.isArray(r.body) ? Number(r.body[0]?.id) : undefined;
    steps.push({ what, status: r.status, ...(id ? { id } : {}) });
    if (id) files.push(id);
  };
  await up('upload a 1200x800 image with fileInfo', { name: 'Harbour view.png', type: 'image/png', bytes: await png(1200, 800, [20, 90, 160]) }, { fileInfo: JSON.stringify({ alternativeText: 'The harbour', caption: 'At dawn' }) });
  await up('upload a 600x400 image', { name: 'small-one.png', type: 'image/png', bytes: await png(600, 400, [200, 40, 40]) });
  await up('upload a text file', { name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('plain notes\n') });
  await up('upload a file named in several scripts', { name: 'Café & Crème – Ærø straße 1½ Ünïcødé 東京.txt', type: 'text/plain', bytes: Buffer.from('names\n') });
  await up('upload to an article gallery (ref/refId/field)', { name: 'attached.png', type: 'image/png', bytes: await png(300, 200, [10, 200, 10]) }, { ref: 'api::article.article', refId: String(articleId), field: 'gallery' });
  await up('upload to an article cover (ref/refId/field)', { name: 'cover.png', type: 'image/png', bytes: await png(320, 240, [240, 200, 10]) }, { ref: 'api::article.article', refId: String(articleId), field: 'cover' });
  const [f1, f2, f3] = [files[0], files[1], files[2]];

  const made = await call(http, 'POST', '/api/articles', {
    data: {
      title: 'With media and components', format: 'feature', cover: f1, gallery: [f2, f1],
      seo: { metaTitle: 'Media SEO', metaImage: f2, openGraph: { title: 'OG media', image: f1 } },
      sources: [{ title: 'First source', url: 'https://one.example' }, { title: 'Second source' }],
      blocks: [
        { __component: 'content.media-block', file: f3, caption: 'The notes' },
        { __component: 'content.rich-text', body: 'Between' },
        { __component: 'content.link-list', heading: 'More', links: [{ label: 'A', url: '/a' }, { label: 'B', url: '/b', newTab: true }] },
        { __component: 'content.media-block', file: f2 },
      ],
    },
  });
  const article = Number(made.body?.data?.id) || undefined;
  steps.push({ what: 'create an article with media, components and a dynamic zone', status: made.status, ...(article ? { id: article } : {}) });
  if (article) {
    const put = await call(http, 'PUT', `/api/articles/${article}`, {
      data: {
        gallery: [f1, f2],
        cover: null,
        seo: { metaTitle: 'Media SEO 2', metaImage: f1 },
        sources: [{ title: 'Only source' }],
        blocks: [
          { __component: 'content.quote', text: 'Quoted', attribution: 'Someone' },
          { __component: 'content.media-block', file: f1, caption: 'Swapped' },
        ],
      },
    });
    steps.push({ what: 'update its media, components and dynamic zone', status: put.status });
    const draft = await call(http, 'PUT', `/api/articles/${article}`, { data: { publishedAt: null } });
    steps.push({ what: 'unpublish it', status: draft.status });
  }
  const author = await call(http, 'POST', '/api/authors', { data: { name: 'Dana', email: 'dana@example.com', avatar: f2, socialLinks: [{ platform: 'github', url: 'https://github.com/dana' }] } });
  steps.push({ what: 'create an author with an avatar and a repeatable component', status: author.status, ...(author.body?.data?.id ? { id: Number(author.body.data.id) } : {}) });
  const home = await call(http, 'PUT', '/api/homepage', { data: { title: 'Front page, media', hero: { heading: 'Welcome back', image: f1, cta: { label: 'Go', url: '/go' } } } });
  steps.push({ what: 'update the homepage hero with an image', status: home.status });
  const withFile = await multipart(http, 'POST', '/api/authors', [['files.avatar', { name: 'eve.png', type: 'image/png', bytes: await png(400, 400, [90, 90, 90]) }]], { data: JSON.stringify({ name: 'Eve', email: 'eve@example.com' }) });
  steps.push({ what: 'create an author in multipart/form-data with files.avatar', status: withFile.status, ...(withFile.body?.data?.id ? { id: Number(withFile.body.data.id) } : {}) });
  const info = await multipart(http, 'POST', `/api/upload?id=${f2}`, [], { fileInfo: JSON.stringify({ name: 'renamed.png', alternativeText: 'Changed', caption: 'New caption' }) });
  steps.push({ what: 'update a file\'s info', status: info.status });
  await up('upload an avatar for the first author (ref/refId/field)', { name: 'temporary.png', type: 'image/png', bytes: await png(260, 260, [1, 2, 3]) }, { ref: 'api::author.author', refId: '1', field: 'avatar' });
  const removed = await call(http, 'DELETE', `/api/upload/files/${files[files.length - 1]}`);
  steps.push({ what: 'delete that file (its media link and folder link go with it)', status: removed.status });
  return { steps, files, article };
}

/** tables whose rows `contentRows` compares: content, components, links, files, folders */
function compared(table: string): boolean {
  if (/^(quire_|strapi_|admin_|up_|knex_)/.test(table)) return false;
  return !['i18n_locale', 'sqlite_sequence'].includes(table);
}

async function tableNames(knex: Knex, sqlite: boolean): Promise<string[]> {
  if (sqlite) return ((await knex.raw(`SELECT name FROM sqlite_master WHERE type = 'table'`)) as { name: string }[]).map((r) => r.name);
  return (await knex.raw(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()`)).rows.map((r: { name: string }) => r.name);
}

/** JSON text with every object's keys sorted */
const sortedJson = (v: unknown): string => JSON.stringify(v, (_k, x) => (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b))) : x));

const RANDOM_HASH = /_[0-9a-f]{10}(?=\.|"|$)/g;

/** the values that differ by nature: timestamps set or not, the random suffix of file hashes and urls */
function normalized(table: string, row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) {
    if (k === 'created_at' || k === 'updated_at' || k === 'published_at') out[k] = v === null ? null : 'set';
    // (the formats' key order is not kept: Strapi rewrites the JSON on an info update, PostgreSQL's jsonb orders it)
    else if (table === 'files' && k === 'formats' && v !== null) out[k] = sortedJson(withoutFormatSizes({ formats: typeof v === 'string' ? JSON.parse(v) : v }).formats).replace(RANDOM_HASH, '_<random>');
    else if (table === 'files' && (k === 'hash' || k === 'url') && typeof v === 'string') out[k] = v.replace(RANDOM_HASH, '_<random>');
    else if (typeof v === 'bigint') out[k] = Number(v);
    else if (v instanceof Date) out[k] = v.toISOString();
    else if (v !== null && typeof v === 'object') out[k] = JSON.stringify(v);
    else out[k] = typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) && k !== 'name' ? Number(v) : v;
  }
  return out;
}

/** every compared table's rows, normalized, ordered by id (or by all columns when there is none) */
export function contentRows(databaseUrl: string): Promise<Record<string, Row[]>> {
  const sqlite = databaseUrl.startsWith('sqlite:');
  return onDatabase(databaseUrl, async (knex) => {
    const out: Record<string, Row[]> = {};
    for (const t of (await tableNames(knex, sqlite)).filter(compared).sort()) {
      const rows = (await knex(t).select('*')) as Row[];
      const norm = rows.map((r) => normalized(t, r));
      norm.sort((a, b) => (a.id !== undefined ? Number(a.id) - Number(b.id) : JSON.stringify(a).localeCompare(JSON.stringify(b))));
      out[t] = norm;
    }
    return out;
  });
}

const rowKey = (r: Row) => JSON.stringify(Object.fromEntries(Object.entries(r).sort(([x], [y]) => x.localeCompare(y))));

/**
 * What writes changed between two snapshots: `+ table {row}` for each row they added or changed (as it
 * is after), `- table {row}` for each row they removed or changed (as it was), sorted. Independent of
 * the rows they did not touch, so a re-recorded database with more content keeps the same change.
 */
export function rowDelta(before: Record<string, Row[]>, after: Record<string, Row[]>): string[] {
  const out: string[] = [];
  for (const t of [...new Set([...Object.keys(before), ...Object.keys(after)])]) {
    const was = new Set((before[t] ?? []).map(rowKey));
    const is = new Set((after[t] ?? []).map(rowKey));
    for (const k of is) if (!was.has(k)) out.push(`+ ${t} ${k}`);
    for (const k of was) if (!is.has(k)) out.push(`- ${t} ${k}`);
  }
  return out.sort();
}

/** rows of `b` not in `a` and of `a` not in `b`, per table, as JSON lines */
export function rowDifferences(a: Record<string, Row[]>, b: Record<string, Row[]>): string[] {
  const out: string[] = [];
  for (const t of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
    const left = (a[t] ?? []).map(rowKey);
    const right = (b[t] ?? []).map(rowKey);
    const onlyA = left.filter((k) => !right.includes(k));
    const onlyB = right.filter((k) => !left.includes(k));
    for (const k of onlyA) out.push(`${t} only in the first: ${k}`);
    for (const k of onlyB) out.push(`${t} only in the second: ${k}`);
  }
  return out;
}
