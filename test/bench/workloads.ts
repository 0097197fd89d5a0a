/**
 * bench: the data set and the six workloads of `make bench`, shared by the seeder, the load runner
 * and the ceiling server so all three agree on paths, bodies and shapes. Plain data; no I/O.
 * Shared rows: 20 author profiles and authors, 10 categories, 30 tags; every article has an author,
 * a category, three tags, an `seo` component and a two-item `blocks` dynamic zone.
 */

export const AUTHORS = 20;
export const CATEGORIES = 10;
export const TAGS = 30;
const FORMATS = ['news', 'feature', 'opinion', 'review'] as const;

/** ids of the shared rows, in creation order (1..n on a fresh database) */
export interface SharedIds {
  authors: number[];
  categories: number[];
  tags: number[];
}

export const authorName = (i: number) => `Author ${i}`;

const BODY = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. Sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. '.repeat(4);

/** `data` of article n of the seed: every scalar kind, author, category, three tags, seo, two blocks */
export function seedArticle(n: number, ids: SharedIds): Record<string, unknown> {
  const day = String((n % 28) + 1).padStart(2, '0');
  return {
    title: `Article ${n}`,
    slug: `article-${n}`,
    excerpt: `Excerpt of article ${n}, a short summary for lists.`,
    body: `# Article ${n}\n\n${BODY}`,
    format: FORMATS[n % FORMATS.length],
    readingTime: (n % 60) + 1,
    wordCount: String(1000 + n),
    rating: (n % 50) / 10,
    popularity: Math.round((n * 37) % 1000) / 10,
    featured: n % 5 === 0,
    publishDate: `2024-03-${day}`,
    publishTime: '09:30:00.000',
    lastReviewedAt: `2024-04-${day}T12:00:00.000Z`,
    metadata: { n, source: 'bench' },
    contactEmail: `desk${n % 7}@example.com`,
    author: ids.authors[n % ids.authors.length],
    category: ids.categories[n % ids.categories.length],
    tags: [0, 1, 2].map((k) => ids.tags[(n + k * 7) % ids.tags.length]),
    seo: { metaTitle: `Article ${n}`, metaDescription: `About article ${n}` },
    blocks: [
      { __component: 'content.rich-text', body: `Block body ${n}` },
      { __component: 'content.quote', text: `Quote ${n}`, attribution: authorName(n % AUTHORS) },
    ],
  };
}

/** W5's body: a create with relations (author, category, tags) and a component (seo) */
export function createBody(n: number, ids: SharedIds): Record<string, unknown> {
  return {
    data: {
      title: `Created ${n}`,
      excerpt: `Created by the bench, ${n}`,
      format: 'news',
      readingTime: 3,
      author: ids.authors[n % ids.authors.length],
      category: ids.categories[n % ids.categories.length],
      tags: [ids.tags[n % ids.tags.length], ids.tags[(n + 1) % ids.tags.length]],
      seo: { metaTitle: `Created ${n}`, metaDescription: 'bench' },
    },
  };
}

/** W6: a list of 25 with a nested relation and meta.pagination */
export const GRAPHQL_QUERY = `query Bench { articles(pagination: { page: 1, pageSize: 25 }) { data { id attributes { title slug excerpt format readingTime publishedAt author { data { id attributes { name email } } } } } meta { pagination { total page pageSize pageCount } } } }`;

/** W3's author: its articles fill more than one page (1,000 articles / 20 authors) */
export const W3_AUTHOR = authorName(3);

export interface Workload {
  id: 'W1' | 'W2' | 'W3' | 'W4' | 'W5' | 'W6';
  title: string;
  method: 'GET' | 'POST';
  /** cycled through by the load generator */
  paths: string[];
  /** JSON bodies, cycled (POST) */
  bodies?: string[];
  /** needs the bench's full-access token */
  auth?: boolean;
  /** target: quire's req/s over the ceiling's */
  target: number;
}

export function workloads(ids: SharedIds, articleIds: readonly number[]): Workload[] {
  const some = Array.from({ length: 200 }, (_, i) => articleIds[(i * 7919) % articleIds.length]);
  return [
    { id: 'W1', title: 'GET /api/articles (25, no populate)', method: 'GET', paths: ['/api/articles'], target: 0.6 },
    { id: 'W2', title: 'GET /api/articles?populate=*', method: 'GET', paths: ['/api/articles?populate=*'], target: 0.5 },
    { id: 'W3', title: 'relation filter + 2-level populate', method: 'GET', paths: [w3Path()], target: 0.5 },
    { id: 'W4', title: 'GET /api/articles/:id', method: 'GET', paths: some.map((id) => `/api/articles/${id}`), target: 0.6 },
    {
      id: 'W5', title: 'POST /api/articles (relations + component)', method: 'POST', paths: ['/api/articles'], auth: true, target: 0.7,
      bodies: Array.from({ length: 100 }, (_, n) => JSON.stringify(createBody(n, ids))),
    },
    { id: 'W6', title: 'GraphQL list of 25 + author + pagination', method: 'POST', paths: ['/graphql'], bodies: [JSON.stringify({ query: GRAPHQL_QUERY })], target: 0.4 },
  ];
}

export function w3Path(): string {
  return `/api/articles?filters[author][name][$eq]=${encodeURIComponent(W3_AUTHOR)}&populate[author][populate][profile]=true&populate[tags]=true`;
}

/** W1/W2 at another page size, for the cost-growth table */
export function pagedPath(populate: boolean, pageSize: number): string {
  return `/api/articles?${populate ? 'populate=*&' : ''}pagination[pageSize]=${pageSize}`;
}
