/**
 * test/strapi: content written through a server's REST API (real Strapi 4.26.2 or quire) for the
 * strapi-coexist spec (test/fixtures/specs/strapi-coexist): tags, categories with parents, authors
 * with profiles and social links, articles with every scalar kind, components, a dynamic zone,
 * relations and drafts, editions, both single types, glossary terms (localized), and one registered user. Returns the ids made.
 */

export interface Http {
  base: string;
  token: string;
}

export interface Seeded {
  tags: number[];
  categories: number[];
  authors: number[];
  articles: number[];
  editions: number[];
  /** glossary terms in the default locale (the only one of a fresh Strapi) */
  terms: number[];
  user: { id: number; jwt: string };
}

export async function call(http: Http, method: string, path: string, body?: unknown, token: string | null = http.token): Promise<{ status: number; body: any; text: string }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(http.base + path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  const text = await r.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: r.status, body: parsed, text };
}

async function post(http: Http, path: string, data: unknown): Promise<number> {
  const r = await call(http, 'POST', path, { data });
  if (r.status !== 200) throw new Error(`POST ${path} -> ${r.status} ${r.text.slice(0, 300)}`);
  return r.body.data.id as number;
}

async function put(http: Http, path: string, data: unknown): Promise<void> {
  const r = await call(http, 'PUT', path, { data });
  if (r.status !== 200) throw new Error(`PUT ${path} -> ${r.status} ${r.text.slice(0, 300)}`);
}

const FORMATS = ['news', 'feature', 'opinion', 'review'];

export async function seedContent(http: Http): Promise<Seeded> {
  const reg = await call(http, 'POST', '/api/auth/local/register', { username: 'reviewer', email: 'reviewer@example.com', password: 'Reviewer-pass-1' }, null);
  if (reg.status !== 200) throw new Error(`register -> ${reg.status} ${reg.text.slice(0, 300)}`);
  const user = { id: reg.body.user.id as number, jwt: reg.body.jwt as string };

  const tags: number[] = [];
  for (const name of ['alpha', 'Beta', 'gamma', 'delta', 'Épsilon']) tags.push(await post(http, '/api/tags', { name }));
  const categories: number[] = [];
  categories.push(await post(http, '/api/categories', { name: 'World', slug: 'world', description: 'Everywhere', position: 2 }));
  categories.push(await post(http, '/api/categories', { name: 'Europe', slug: 'europe', position: 1, parent: categories[0] }));
  categories.push(await post(http, '/api/categories', { name: 'Science', slug: 'science', description: null }));
  const profiles: number[] = [];
  profiles.push(await post(http, '/api/author-profiles', { headline: 'Reporter', website: 'https://ada.example', yearsActive: 12 }));
  profiles.push(await post(http, '/api/author-profiles', { headline: 'Editor', yearsActive: 3 }));
  const authors: number[] = [];
  authors.push(await post(http, '/api/authors', {
    name: 'Ada', email: 'ada@example.com', bio: 'Writes about engines', payoutAccount: 'GB12ABCD1234567890', profile: profiles[0],
    socialLinks: [{ platform: 'github', url: 'https://github.com/ada' }, { platform: 'mastodon', url: 'https://social.example/@ada' }],
  }));
  authors.push(await post(http, '/api/authors', { name: 'Brian', email: 'brian@example.com', profile: profiles[1], socialLinks: [] }));
  authors.push(await post(http, '/api/authors', { name: 'Chloé', email: 'chloe@example.com', bio: null }));

  const articles: number[] = [];
  for (let i = 1; i <= 12; i++) {
    const draft = i % 5 === 0;
    const data: Record<string, unknown> = {
      title: `Article number ${i}${i % 3 === 0 ? ' — special' : ''}`,
      slug: `article-${i}`,
      excerpt: i % 4 === 0 ? null : `Excerpt ${i}`,
      body: `# Heading ${i}\n\nBody text of article ${i}.`,
      format: FORMATS[i % 4],
      readingTime: i * 3,
      wordCount: String(9007199254740 + i * 1000),
      rating: Number((i * 0.37).toFixed(2)) % 5,
      popularity: i * 1.5,
      featured: i % 2 === 0,
      publishDate: `2024-0${(i % 9) + 1}-1${i % 10}`,
      publishTime: `1${i % 10}:30:00.000`,
      lastReviewedAt: `2024-03-0${(i % 9) + 1}T10:${10 + i}:00.000Z`,
      importedAt: i % 3 === 0 ? null : `2024-03-01T10:30:0${i % 10}.000Z`,
      metadata: i % 2 ? { source: 'wire', priority: i, tags: ['x', 'y'] } : null,
      contactEmail: `desk${i}@example.com`,
      internalNotes: 'not for readers',
      author: authors[i % 3],
      category: i % 4 === 3 ? null : categories[i % 3],
      tags: tags.filter((_, t) => (i + t) % 3 === 0),
      seo: { metaTitle: `SEO ${i}`, metaDescription: `Description ${i}`, noIndex: i % 2 === 1, openGraph: { title: `OG ${i}`, description: null } },
      sources: i % 2 ? [{ title: `Source ${i}a`, url: 'https://a.example', accessedOn: '2024-01-02' }, { title: `Source ${i}b` }] : [],
      blocks: [
        { __component: 'content.rich-text', body: `Rich ${i}` },
        ...(i % 2 ? [{ __component: 'content.quote', text: `Quote ${i}`, attribution: 'Someone' }] : []),
        { __component: 'content.link-list', heading: `Links ${i}`, links: [{ label: 'Home', url: '/', newTab: false }, { label: 'Out', url: 'https://x.example', newTab: true }] },
      ],
      ...(i === 4 ? { reviewer: user.id } : {}),
    };
    if (draft) data.publishedAt = null;
    articles.push(await post(http, '/api/articles', data));
  }
  // relations to entries made after: related articles, in a chosen order
  await put(http, `/api/articles/${articles[0]}`, { relatedArticles: [articles[2], articles[1], articles[4]] });
  await put(http, `/api/articles/${articles[1]}`, { relatedArticles: [articles[0]] });
  await put(http, `/api/categories/${categories[0]}`, { featuredArticle: articles[0] });

  const editions: number[] = [];
  editions.push(await post(http, '/api/editions', { number: 1, title: 'First', releaseDate: '2024-01-01', price: 4.5, coverStory: articles[0], contents: [articles[0], articles[1], articles[2]] }));
  editions.push(await post(http, '/api/editions', { number: 2, title: 'Second', price: 5, coverStory: articles[3], contents: [articles[3]], publishedAt: null }));

  await put(http, '/api/homepage', { title: 'Front page', hero: { heading: 'Welcome', subheading: 'News', cta: { label: 'Read', url: '/read' } }, featured: [articles[1], articles[0]], seo: { metaTitle: 'Home' } });
  await put(http, '/api/site-setting', { siteName: 'The Review', contactEmail: 'hello@example.com', analyticsKey: 'secret', footerLinks: [{ label: 'About', url: '/about' }] });
  const terms: number[] = [];
  terms.push(await post(http, '/api/terms', { name: 'Engine', code: 'engine' }));
  terms.push(await post(http, '/api/terms', { name: 'Schema', code: 'schema' }));
  return { tags, categories, authors, articles, editions, terms, user };
}
