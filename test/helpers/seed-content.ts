/**
 * test helpers: content for populate, N+1 and contract tests and the populate benchmark. Writes go
 * through the REST API (admin token); files and users, which have no endpoint yet, are created
 * through the repository with plain create plans. Every "full" article has the same shape: every
 * relation, media, component and dynamic-zone kind filled, so statement counts compare across pages.
 */
import type { WriteData } from '../../engine/plan/types.js';
import type { TestServer } from './server.js';

const FILE = 'plugin::upload.file';
const USER = 'plugin::users-permissions.user';

const writeData = (scalars: Record<string, unknown>): WriteData => ({ scalars, relations: {}, media: {}, components: {}, dynamicZones: {} });

/** POST `data` as the given token; throws with the answer unless it is 200. Returns the new id. */
export async function postEntry(s: TestServer, token: string, path: string, data: unknown): Promise<number> {
  const r = await s.request('POST', path, { body: { data }, token });
  if (r.status !== 200) throw new Error(`POST ${path} -> ${r.status} ${r.text}`);
  return r.body.data.id as number;
}

/** A row of the upload plugin's `files` table, as POST /api/upload would leave it (no endpoint yet). */
export function createFile(s: TestServer, name: string): Promise<number> {
  return s.running.app.repo.create({
    kind: 'create',
    uid: FILE,
    data: writeData({
      name, alternativeText: `alt ${name}`, caption: null, width: 1200, height: 800,
      formats: { thumbnail: { name: `thumbnail_${name}`, url: `/uploads/thumbnail_${name}`, width: 234, height: 156 } },
      hash: name.replace(/\W/g, '_'), ext: '.png', mime: 'image/png', size: 12.5, url: `/uploads/${name}`,
      previewUrl: null, provider: 'local', provider_metadata: null,
    }),
  });
}

/** A users-permissions user row (no REST registration in this issue). */
export function createUser(s: TestServer, username: string): Promise<number> {
  return s.running.app.repo.create({
    kind: 'create',
    uid: USER,
    data: writeData({ username, email: `${username}@example.com`, provider: 'local', password: 'not-a-real-hash', confirmed: true, blocked: false }),
  });
}

export interface SharedContent {
  author: number;
  category: number;
  tags: number[];
  files: number[];
  user: number;
}

/** The entries every full article links to. `tag` makes names unique when called more than once. */
export async function seedShared(s: TestServer, token: string, tag = 'x'): Promise<SharedContent> {
  const profile = await postEntry(s, token, '/api/author-profiles', { headline: `Profile ${tag}` });
  const author = await postEntry(s, token, '/api/authors', { name: `Author ${tag}`, email: `author-${tag}@example.com`, profile, socialLinks: [{ platform: 'github', url: `https://github.com/${tag}` }] });
  const category = await postEntry(s, token, '/api/categories', { name: `Category ${tag}`, slug: `category-${tag}` });
  const tags = [await postEntry(s, token, '/api/tags', { name: `tag-a-${tag}` }), await postEntry(s, token, '/api/tags', { name: `tag-b-${tag}` })];
  const files = [await createFile(s, `one-${tag}.png`), await createFile(s, `two-${tag}.png`), await createFile(s, `three-${tag}.png`)];
  const user = await createUser(s, `reviewer-${tag}`);
  return { author, category, tags, files, user };
}

/** `data` of one article with every relation, media, component and dynamic-zone kind filled. */
export function fullArticle(shared: SharedContent, n: number, related: number[] = []): Record<string, unknown> {
  const [f1, f2, f3] = shared.files;
  return {
    title: `Full article ${n}`,
    excerpt: `Excerpt ${n}`,
    readingTime: (n % 600) + 1,
    author: shared.author,
    category: shared.category,
    tags: shared.tags,
    relatedArticles: related,
    reviewer: shared.user,
    cover: f1,
    gallery: [f2, f3],
    seo: { metaTitle: `Meta ${n}`, metaImage: f1, openGraph: { title: `OG ${n}`, image: f2 } },
    sources: [{ title: `Source ${n}a`, url: 'https://example.com/a' }, { title: `Source ${n}b` }],
    blocks: [
      { __component: 'content.rich-text', body: `Body ${n}` },
      { __component: 'content.quote', text: `Quote ${n}`, attribution: 'Someone' },
      { __component: 'content.media-block', file: f3, caption: `Caption ${n}` },
      { __component: 'content.link-list', heading: 'Links', links: [{ label: 'One', url: '/one' }, { label: 'Two', url: '/two', newTab: true }] },
    ],
  };
}

/** Create `count` full articles, each relating to the one before it (the first to the last); ids in order. */
export async function seedFullArticles(s: TestServer, token: string, count: number, shared: SharedContent): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 0; n < count; n++) ids.push(await postEntry(s, token, '/api/articles', fullArticle(shared, n, ids.length ? [ids[ids.length - 1]] : [])));
  const r = await s.request('PUT', `/api/articles/${ids[0]}`, { body: { data: { relatedArticles: [ids[ids.length - 1]] } }, token });
  if (r.status !== 200) throw new Error(`PUT /api/articles/${ids[0]} -> ${r.status} ${r.text}`);
  return ids;
}

/** SQL statements of the request itself: the api-token lookup and its throttled touch are left out. */
export function requestStatements(queries: readonly string[]): string[] {
  return queries.filter((q) => !/quire_api_tokens/.test(q));
}
