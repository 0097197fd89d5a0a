/**
 * integration: every `populate` form of the contract over REST on the dialect under test: `*`,
 * arrays, comma lists, flags, nested to any depth, dotted component paths, dynamic zones (shared
 * and `on` strategies), fields/filters/sort inside a populate, and the shapes they answer with.
 * Types the requester may not `find` are not populated; drafts stay hidden unless preview.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { postEntry, seedFullArticles, seedShared, type SharedContent } from '../../helpers/seed-content.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

let s: TestServer;
let admin: string;
let shared: SharedContent;
let ids: number[];
let draft: number;

test.before(async () => {
  s = await startTestServer({ name: 'rest-populate' });
  admin = await s.token('full-access');
  shared = await seedShared(s, admin, 'pop');
  ids = await seedFullArticles(s, admin, 3, shared);
  draft = await postEntry(s, admin, '/api/articles', { title: 'Draft linked', publishedAt: null, tags: [shared.tags[0]], author: shared.author, relatedArticles: [ids[0]] });
  await s.request('PUT', `/api/articles/${ids[0]}`, { body: { data: { relatedArticles: [draft, ids[2]] } }, token: admin });
});
test.after(async () => s.stop());

async function attrs(query: string, id = ids[1], token: string | undefined = admin, type = 'articles'): Promise<any> {
  const r = await s.get(`/api/${type}/${id}${query ? `?${query}` : ''}`, token);
  assert.is(r.status, 200, `${query}: ${r.text}`);
  return r.body.data.attributes;
}

const ARTICLE_SCALARS = ['title', 'slug', 'excerpt', 'body', 'format', 'readingTime', 'wordCount', 'rating', 'popularity', 'featured', 'publishDate', 'publishTime', 'lastReviewedAt', 'importedAt', 'metadata', 'contactEmail', 'createdAt', 'updatedAt', 'publishedAt'];
const POPULATABLE = ['cover', 'gallery', 'author', 'category', 'tags', 'relatedArticles', 'coverOf', 'reviewer', 'seo', 'sources', 'blocks'];
const FILE_ATTRIBUTES = ['name', 'alternativeText', 'caption', 'width', 'height', 'formats', 'hash', 'ext', 'mime', 'size', 'url', 'previewUrl', 'provider', 'provider_metadata', 'createdAt', 'updatedAt'];
const keys = (o: object) => Object.keys(o).sort();

test('populate=* populates every relation, media, component and zone one level deep, in the contract shapes', async () => {
  const a = await attrs('populate=*');
  assert.equal(keys(a), [...ARTICLE_SCALARS, ...POPULATABLE].sort());
  // to-one relation: {data: {id, attributes}}, no deeper level, no entry meta
  assert.equal(keys(a.author), ['data']);
  assert.equal(keys(a.author.data), ['attributes', 'id']);
  assert.is(a.author.data.id, shared.author);
  assert.equal(keys(a.author.data.attributes), ['bio', 'createdAt', 'email', 'name', 'updatedAt']);
  // to-many: {data: [...]}, in link order
  assert.equal(a.tags.data.map((t: any) => t.id), shared.tags);
  assert.equal(keys(a.tags.data[0]), ['attributes', 'id']);
  assert.equal(a.relatedArticles.data.map((e: any) => e.id), [ids[0]]);
  assert.equal(a.coverOf, { data: null });
  assert.is(a.reviewer.data.id, shared.user);
  assert.equal(keys(a.reviewer.data.attributes), ['blocked', 'confirmed', 'createdAt', 'email', 'provider', 'updatedAt', 'username'], 'no password or tokens');
  // media: {data: {id, attributes}} with the file attributes; multiple media in order
  assert.equal(keys(a.cover.data.attributes), [...FILE_ATTRIBUTES].sort());
  assert.is(a.cover.data.id, shared.files[0]);
  assert.is(a.cover.data.attributes.url, '/uploads/one-pop.png');
  assert.is(a.cover.data.attributes.alternativeText, 'alt one-pop.png');
  assert.equal(a.cover.data.attributes.formats.thumbnail.width, 234);
  assert.is(a.cover.data.attributes.size, 12.5);
  assert.equal(a.gallery.data.map((f: any) => f.id), [shared.files[1], shared.files[2]]);
  // components inline with id; their own media and components not populated at this level
  assert.equal(keys(a.seo), ['id', 'metaDescription', 'metaTitle', 'noIndex']);
  assert.equal(a.sources.map((x: any) => x.title), ['Source 1a', 'Source 1b']);
  assert.equal(a.blocks.map((b: any) => b.__component), ['content.rich-text', 'content.quote', 'content.media-block', 'content.link-list']);
  assert.equal(keys(a.blocks[2]), ['__component', 'caption', 'id']);
  assert.equal(keys(a.blocks[3]), ['__component', 'heading', 'id']);
  // the list answers the same shape
  const list = await s.get('/api/articles?populate=*&sort=id', admin);
  assert.equal(list.body.data.find((e: any) => e.id === ids[1]).attributes, a);
});

test('arrays, comma lists and flags (true/false/t/f/1/0) choose what is populated', async () => {
  const only = (a: any) => POPULATABLE.filter((k) => k in a);
  assert.equal(only(await attrs('populate[0]=author&populate[1]=tags')), ['author', 'tags']);
  assert.equal(only(await attrs('populate=author,seo')), ['author', 'seo']);
  assert.equal(only(await attrs('populate=category')), ['category']);
  assert.equal(only(await attrs('populate[author]=true&populate[tags]=false&populate[seo]=t&populate[blocks]=f&populate[cover]=1&populate[gallery]=0')), ['cover', 'author', 'seo']);
  assert.equal(only(await attrs('populate[author]=*')), ['author']);
  assert.equal(only(await attrs('')), []);
  // unknown names and scalars are ignored; any other string populates one level, as Strapi casts it
  assert.equal(only(await attrs('populate[0]=nothing&populate[1]=title&populate[2]=tags')), ['tags']);
  assert.equal(only(await attrs('populate[author]=yes&populate[seo]=metaSocial&populate[tags]=0')), ['author', 'seo']);
  // a stray key next to attribute names (as some projects' middlewares build) is ignored
  assert.equal(only(await attrs('populate[fields][0]=title&populate[author]=true')), ['author']);
});

test('nested populate to any depth (relations through relations, components through relations)', async () => {
  const q = 'populate[author][populate][articles][populate][tags][populate][articles][populate][category]=true&populate[author][populate][profile]=true&populate[author][populate][socialLinks]=true&populate[author][populate][articles][populate][seo][populate][openGraph][populate][image]=true';
  const a = await attrs(q);
  const author = a.author.data.attributes;
  assert.equal(keys(author), ['articles', 'bio', 'createdAt', 'email', 'name', 'profile', 'socialLinks', 'updatedAt']);
  assert.is(author.profile.data.attributes.headline, 'Profile pop');
  assert.equal(author.socialLinks.map((l: any) => l.platform), ['github']);
  assert.equal(author.articles.data.map((e: any) => e.id), ids, 'drafts of the author hidden (live)');
  const nested = author.articles.data[0].attributes;
  assert.equal(nested.tags.data.map((t: any) => t.id), shared.tags);
  const deepest = nested.tags.data[0].attributes.articles.data;
  assert.equal(deepest.map((e: any) => e.id), ids);
  assert.is(deepest[0].attributes.category.data.id, shared.category, 'fifth level');
  assert.not.ok('author' in deepest[0].attributes);
  assert.is(nested.seo.openGraph.image.data.id, shared.files[1], 'component > component > media under two relations');
});

test('dotted component paths: seo.metaImage, seo.openGraph, seo.openGraph.image', async () => {
  const a = await attrs('populate[0]=seo.metaImage&populate[1]=seo.openGraph');
  assert.equal(keys(a.seo), ['id', 'metaDescription', 'metaImage', 'metaTitle', 'noIndex', 'openGraph']);
  assert.is(a.seo.metaImage.data.id, shared.files[0]);
  assert.equal(keys(a.seo.openGraph), ['description', 'id', 'title']);
  const b = await attrs('populate[0]=seo.openGraph.image&populate[1]=blocks');
  assert.is(b.seo.openGraph.image.data.id, shared.files[1]);
  assert.not.ok('metaImage' in b.seo);
  assert.is(b.blocks.length, 4);
  const c = await attrs('populate=seo.openGraph,sources');
  assert.ok('openGraph' in c.seo);
  assert.is(c.sources.length, 2);
});

test('dynamic zones: shared strategy (populate=*) and detailed strategy (on)', async () => {
  const shared1 = await attrs('populate[blocks][populate]=*');
  const [rich, quote, media, links] = shared1.blocks;
  assert.equal(keys(rich), ['__component', 'body', 'id']);
  assert.equal(keys(quote), ['__component', 'attribution', 'id', 'text']);
  assert.is(media.file.data.id, shared.files[2]);
  assert.equal(links.links.map((l: any) => [l.label, l.newTab]), [['One', false], ['Two', true]]);
  assert.ok(links.links.every((l: any) => typeof l.id === 'number'));
  const detailed = await attrs('populate[blocks][on][content.link-list][populate][links][fields][0]=label&populate[blocks][on][content.quote][fields][0]=text&populate[blocks][on][content.media-block][populate]=*');
  const d = Object.fromEntries(detailed.blocks.map((b: any) => [b.__component, b]));
  assert.equal(detailed.blocks.map((b: any) => b.__component), ['content.quote', 'content.media-block', 'content.link-list'], 'only the component types named in on come back (as Strapi v4)');
  assert.equal(d['content.quote'], { id: quote.id, text: 'Quote 1', __component: 'content.quote' });
  assert.equal(d['content.link-list'].links.map((l: any) => keys(l)), [['id', 'label'], ['id', 'label']]);
  assert.is(d['content.media-block'].file.data.id, shared.files[2]);
  assert.equal((await attrs('populate[blocks][on][content.quote][fields][0]=text')).blocks, [{ id: quote.id, text: 'Quote 1', __component: 'content.quote' }]);
  assert.equal((await attrs('populate[blocks][on][content.quote]=true')).blocks, [quote]);
});

test('fields, filters and sort inside a populate', async () => {
  const a = await attrs('populate[author][fields][0]=name&populate[tags][sort][0]=name:desc&populate[tags][fields][0]=name&populate[category][filters][name][$eq]=nope');
  assert.equal(a.author.data.attributes, { name: 'Author pop' });
  assert.equal(a.tags.data.map((t: any) => t.attributes), [{ name: 'tag-b-pop' }, { name: 'tag-a-pop' }]);
  assert.equal(a.category, { data: null }, 'a to-one filtered away is null');
  const f = await attrs('populate[tags][filters][name][$eq]=tag-b-pop&populate[sources][filters][title][$endsWith]=b&populate[gallery][sort][0]=name:desc');
  assert.equal(f.tags.data.map((t: any) => t.id), [shared.tags[1]]);
  assert.equal(f.sources.map((x: any) => x.title), ['Source 1b'], 'repeatable components filter too');
  assert.equal(f.gallery.data.map((x: any) => x.attributes.name), ['two-pop.png', 'three-pop.png']);
  const sorted = await attrs('populate[sources][sort][0]=title:desc&populate[seo][fields][0]=metaTitle');
  assert.equal(sorted.sources.map((x: any) => x.title), ['Source 1b', 'Source 1a']);
  assert.equal(sorted.seo, { id: sorted.seo.id, metaTitle: 'Meta 1' });
  const nested = await attrs('populate[author][populate][articles][filters][title][$eq]=Full article 2&populate[author][populate][articles][fields][0]=title', ids[0]);
  assert.equal(nested.author.data.attributes.articles.data, [{ id: ids[2], attributes: { title: 'Full article 2' } }]);
  for (const q of ['populate[author][fields][0]=nope', 'populate[tags][filters][nope][$eq]=1', 'populate[tags][sort][0]=nope', 'populate[author][fields][0]=payoutAccount']) {
    const r = await s.get(`/api/articles/${ids[1]}?${q}`, admin);
    assert.is(r.status, 400, `${q}: ${r.text}`);
    assert.is(r.body.error.name, 'ValidationError');
  }
});

test('types the requester may not find are not populated (public role, custom tokens); media always are', async () => {
  const pub = await attrs('populate=*', ids[1], '');
  assert.not.ok('reviewer' in pub, 'the public role may not find users');
  assert.is(pub.author.data.id, shared.author);
  assert.is(pub.cover.data.id, shared.files[0]);
  assert.not.ok('reviewer' in (await attrs('populate[reviewer]=true&populate[author]=true', ids[1], '')));
  const deep = await attrs('populate[author][populate][articles][populate][reviewer]=true', ids[1], '');
  assert.not.ok('reviewer' in deep.author.data.attributes.articles.data[0].attributes);
  const custom = await s.token('custom', ['api::article.article.findOne', 'api::tag.tag.find']);
  const c = await attrs('populate=*', ids[1], custom);
  assert.equal(POPULATABLE.filter((k) => k in c), ['cover', 'gallery', 'tags', 'seo', 'sources', 'blocks']);
  const filtered = await s.get(`/api/articles/${ids[1]}?populate[reviewer][filters][username][$eq]=x`);
  assert.is(filtered.status, 200, 'a populate the requester may not see is skipped, filters and all');
  assert.not.ok('reviewer' in filtered.body.data.attributes);
});

test('drafts are hidden in populated relations unless publicationState=preview', async () => {
  const tag = shared.tags[0];
  const live = await attrs('populate[articles][fields][0]=title', tag, admin, 'tags');
  assert.equal(live.articles.data.map((e: any) => e.id), ids);
  const preview = await attrs('populate[articles][fields][0]=title&publicationState=preview', tag, admin, 'tags');
  assert.equal(preview.articles.data.map((e: any) => e.id), [...ids, draft]);
  assert.equal((await attrs('populate=relatedArticles', ids[0])).relatedArticles.data.map((e: any) => e.id), [ids[2]]);
  assert.equal((await attrs('populate=relatedArticles&publicationState=preview', ids[0])).relatedArticles.data.map((e: any) => e.id), [draft, ids[2]]);
  const list = await s.get(`/api/tags?populate[articles][fields][0]=title&filters[id][$eq]=${tag}`, undefined);
  assert.equal(list.body.data[0].attributes.articles.data.map((e: any) => e.id), ids, 'public, live');
  const pubPreview = await s.get(`/api/tags?populate[articles][fields][0]=title&filters[id][$eq]=${tag}&publicationState=preview`, undefined);
  assert.equal(pubPreview.body.data[0].attributes.articles.data.map((e: any) => e.id), [...ids, draft], 'preview works for the public role too');
  // nested: the draft is hidden at the second level as well
  const nested = await attrs('populate[author][populate][articles][fields][0]=title');
  assert.equal(nested.author.data.attributes.articles.data.map((e: any) => e.id), ids);
});

test('create and update answer with the populate they were asked for', async () => {
  const r = await s.request('POST', '/api/articles?populate[0]=author&populate[1]=seo.openGraph', { body: { data: { title: 'Answer me', author: shared.author, seo: { metaTitle: 'T', openGraph: { title: 'G' } } } }, token: admin });
  assert.is(r.status, 200, r.text);
  assert.is(r.body.data.attributes.author.data.id, shared.author);
  assert.is(r.body.data.attributes.seo.openGraph.title, 'G');
  const u = await s.request('PUT', `/api/articles/${r.body.data.id}?populate=tags`, { body: { data: { tags: [shared.tags[1]] } }, token: admin });
  assert.equal(u.body.data.attributes.tags.data.map((t: any) => t.id), [shared.tags[1]]);
  assert.not.ok('author' in u.body.data.attributes);
});

test.run();
