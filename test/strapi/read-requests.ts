/**
 * test/strapi: the recorded read requests sent to Strapi 4.26.2 and to quire on the same database:
 * lists, findOne, single types, fields, filters (scalars, relations, components), sort, pagination,
 * populate (one level, `*`, nested, components, dynamic zones), publicationState, GraphQL, users,
 * as the public role, a Strapi-made API token and a Strapi-issued JWT. Plain data.
 */

export type Auth = 'public' | 'token' | 'jwt';

export interface ReadRequest {
  path: string;
  auth: Auth;
  /** GraphQL: the query document (POST /graphql) */
  graphql?: string;
}

const COLLECTIONS = ['articles', 'authors', 'author-profiles', 'categories', 'tags', 'editions'];

const REST: string[] = [
  ...COLLECTIONS.flatMap((c) => [`/api/${c}`, `/api/${c}?populate=*`, `/api/${c}/1`, `/api/${c}/2?populate=*`, `/api/${c}/999`]),
  '/api/homepage', '/api/homepage?populate=*', '/api/homepage?populate[hero][populate]=*&populate[featured][fields][0]=title',
  '/api/site-setting', '/api/site-setting?populate=*',
  '/api/terms', '/api/terms?locale=en&fields[0]=name&sort=name', '/api/terms?locale=all&fields[0]=name&fields[1]=locale&sort=id',
  '/api/articles?fields[0]=title&fields[1]=wordCount&fields[2]=importedAt',
  '/api/articles?fields[0]=publishTime&fields[1]=publishDate&fields[2]=lastReviewedAt&fields[3]=rating&fields[4]=popularity&fields[5]=metadata',
  '/api/articles?sort=title:desc&fields[0]=title',
  '/api/articles?sort[0]=format:asc&sort[1]=readingTime:desc&fields[0]=format&fields[1]=readingTime',
  '/api/articles?sort=importedAt:asc&fields[0]=importedAt',
  '/api/articles?sort=rating:desc&fields[0]=rating',
  '/api/articles?pagination[page]=2&pagination[pageSize]=3&fields[0]=title&sort=id',
  '/api/articles?pagination[start]=1&pagination[limit]=2&fields[0]=title&sort=id',
  '/api/articles?pagination[pageSize]=2&pagination[withCount]=false&fields[0]=title&sort=id:desc',
  '/api/articles?filters[title][$contains]=special&fields[0]=title',
  '/api/articles?filters[title][$containsi]=SPECIAL&fields[0]=title',
  '/api/articles?filters[readingTime][$gte]=15&filters[readingTime][$lt]=30&fields[0]=readingTime',
  '/api/articles?filters[format][$in][0]=news&filters[format][$in][1]=review&fields[0]=format',
  '/api/articles?filters[excerpt][$null]=true&fields[0]=excerpt',
  '/api/articles?filters[featured][$eq]=true&fields[0]=featured',
  '/api/articles?filters[author][name][$eq]=Ada&fields[0]=title',
  '/api/articles?filters[tags][name][$eq]=alpha&fields[0]=title',
  '/api/articles?filters[category][parent][name][$eq]=World&fields[0]=title',
  '/api/articles?filters[seo][metaTitle][$eq]=SEO 3&fields[0]=title',
  '/api/articles?filters[$or][0][readingTime][$eq]=3&filters[$or][1][format][$eq]=opinion&fields[0]=title',
  '/api/articles?filters[publishDate][$gt]=2024-05-01&fields[0]=publishDate',
  '/api/articles?filters[wordCount][$gt]=9007199254745000&fields[0]=wordCount',
  '/api/articles?publicationState=preview&fields[0]=title&fields[1]=publishedAt',
  '/api/articles?populate[author][populate][profile]=*&fields[0]=title',
  '/api/articles?populate[tags][fields][0]=name&populate[tags][sort]=name:desc&fields[0]=title',
  '/api/articles?populate[seo][populate]=*&fields[0]=title',
  '/api/articles?populate[blocks][populate]=*&fields[0]=title',
  '/api/articles?populate[sources]=*&populate[relatedArticles][fields][0]=title&fields[0]=title',
  '/api/articles?populate[category][populate][parent]=*&fields[0]=title',
  '/api/articles?populate=reviewer&fields[0]=title',
  '/api/articles/1?populate[relatedArticles][fields][0]=slug&populate[relatedArticles][fields][1]=publishedAt',
  '/api/articles/5',
  '/api/authors?populate[articles][fields][0]=title&populate[socialLinks]=*',
  '/api/authors?populate[articles][filters][format][$eq]=feature&populate[articles][fields][0]=format',
  '/api/categories?populate[children][fields][0]=name&populate[parent][fields][0]=name&populate[featuredArticle][fields][0]=title',
  '/api/tags?populate[articles][fields][0]=title&sort=name',
  '/api/editions?populate[coverStory][fields][0]=title&populate[contents][fields][0]=title',
  '/api/editions?publicationState=preview',
  '/api/author-profiles?populate[author][fields][0]=name',
  '/api/articles?locale=en&fields[0]=title',
  '/api/articles?foo=bar&fields[0]=title',
];

const GRAPHQL: string[] = [
  '{ articles { data { id attributes { title slug wordCount importedAt publishTime publishDate lastReviewedAt rating popularity metadata featured format } } meta { pagination { total page pageSize pageCount } } } }',
  '{ articles(sort: "title:desc", pagination: { page: 2, pageSize: 4 }) { data { id attributes { title } } } }',
  '{ articles(sort: "id", pagination: { start: 2, limit: 3 }) { data { id attributes { title publishTime } } meta { pagination { start limit total } } } }',
  '{ articles(filters: { author: { name: { eq: "Ada" } } }) { data { id attributes { title author { data { id attributes { name } } } } } } }',
  '{ article(id: 1) { data { id attributes { title tags { data { id attributes { name } } } category { data { attributes { name } } } seo { metaTitle noIndex openGraph { title } } sources { title url accessedOn } } } } }',
  '{ article(id: 1) { data { attributes { blocks { __typename ... on ComponentContentRichText { body } ... on ComponentContentQuote { text attribution } ... on ComponentContentLinkList { heading links { label url newTab } } } } } } }',
  '{ authors { data { id attributes { name email bio socialLinks { platform url } profile { data { attributes { headline yearsActive } } } articles { data { id } } } } } }',
  '{ categories { data { id attributes { name slug position parent { data { id } } children { data { id } } } } } }',
  '{ homepage { data { attributes { title hero { heading subheading cta { label url newTab } } featured { data { id attributes { title } } } } } } }',
  '{ siteSetting { data { attributes { siteName contactEmail maintenanceMode footerLinks { label url newTab } } } } }',
  '{ editions(publicationState: PREVIEW) { data { id attributes { number title price releaseDate publishedAt coverStory { data { id } } } } } }',
  '{ tags(filters: { name: { containsi: "A" } }, sort: "name") { data { id attributes { name } } } }',
];

export function readRequests(): ReadRequest[] {
  const out: ReadRequest[] = [];
  for (const path of REST) out.push({ path, auth: 'public' });
  // the same reads with a token made in Strapi's admin, and a JWT Strapi issued
  for (const path of REST.filter((_, i) => i % 3 === 0)) out.push({ path, auth: 'token' }, { path, auth: 'jwt' });
  out.push({ path: '/api/users/me', auth: 'jwt' }, { path: '/api/users', auth: 'token' }, { path: '/api/users/1', auth: 'token' }, { path: '/api/users?populate=role', auth: 'token' });
  for (const q of GRAPHQL) out.push({ path: '/graphql', auth: 'public', graphql: q }, { path: '/graphql', auth: 'token', graphql: q });
  return out;
}
