/**
 * bench: seeds the data set of workloads.ts through quire's REST API (full-access token): the shared
 * authors (each with a profile), categories and tags, then articles in parallel batches
 * (CONCURRENCY requests in flight; 1 gives the same ids on every server, for comparing two servers'
 * answers). Returns the ids the workloads use.
 */
import { AUTHORS, CATEGORIES, TAGS, authorName, seedArticle, type SharedIds } from './workloads.js';

const CONCURRENCY = 16;

async function post(url: string, token: string, path: string, data: unknown): Promise<number> {
  const r = await fetch(url + path, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ data }) });
  const text = await r.text();
  if (r.status !== 200) throw new Error(`seed: POST ${path} -> ${r.status} ${text}`);
  return (JSON.parse(text) as { data: { id: number } }).data.id;
}

/** run `count` jobs, `concurrency` at a time; results in job order */
async function inBatches<T>(count: number, job: (i: number) => Promise<T>, concurrency = CONCURRENCY): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const i = next++;
      out[i] = await job(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
  return out;
}

export async function seedShared(url: string, token: string, concurrency = CONCURRENCY): Promise<SharedIds> {
  const profiles = await inBatches(AUTHORS, (i) => post(url, token, '/api/author-profiles', { headline: `Writes about topic ${i}`, yearsActive: i % 12 }), concurrency);
  const authors = await inBatches(AUTHORS, (i) => post(url, token, '/api/authors', { name: authorName(i), email: `author${i}@example.com`, bio: `Bio of author ${i}`, profile: profiles[i] }), concurrency);
  const categories = await inBatches(CATEGORIES, (i) => post(url, token, '/api/categories', { name: `Category ${i}`, slug: `category-${i}`, position: i }), concurrency);
  const tags = await inBatches(TAGS, (i) => post(url, token, '/api/tags', { name: `tag-${i}` }), concurrency);
  return { authors, categories, tags };
}

/** articles `from` .. `to - 1` of the seed; their ids */
export async function seedArticles(url: string, token: string, ids: SharedIds, from: number, to: number, concurrency = CONCURRENCY): Promise<number[]> {
  return inBatches(to - from, (i) => post(url, token, '/api/articles', seedArticle(from + i, ids)), concurrency);
}
