/**
 * integration: the statements of a write. On PostgreSQL a create with relations, components (nested),
 * dynamic zones and media is one statement inside its transaction (BEGIN, the statement, COMMIT);
 * elsewhere the link rows nothing reads again (component and media links) go in one INSERT per
 * table at the end of the write and the files of every media attribute are read once. What is
 * stored and answered is the same either way, both order columns of every link included, and a
 * refused write (unknown relation or file, a file type the attribute excludes, a unique value)
 * answers the step-by-step path's error and changes nothing.
 */
import type { Knex } from 'knex';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { KnexRepository } from '../../../engine/repository/knex-repository.js';
import { fullArticle, postEntry, requestStatements, seedShared, type SharedContent } from '../../helpers/seed-content.js';
import { DIALECT, startTestServer, type TestServer } from '../../helpers/server.js';

let s: TestServer;
let admin: string;
let knex: Knex;
let shared: SharedContent;

/** every table a full article writes to */
const TABLES = [
  'articles', 'articles_author_links', 'articles_category_links', 'articles_tags_links', 'articles_related_articles_links', 'articles_reviewer_links',
  'articles_components', 'components_shared_seos', 'components_shared_seos_components', 'components_shared_open_graphs', 'components_content_sources',
  'components_content_rich_texts', 'components_content_quotes', 'components_content_media_blocks', 'components_content_link_lists',
  'components_content_link_lists_components', 'components_shared_links', 'files_related_morphs',
];
const DEEP = 'populate[author]=true&populate[category]=true&populate[tags]=true&populate[relatedArticles]=true&populate[reviewer]=true&populate[cover]=true&populate[gallery]=true' +
  '&populate[seo][populate][metaImage]=true&populate[seo][populate][openGraph][populate]=*&populate[sources]=true&populate[blocks][populate]=*';

test.before(async () => {
  s = await startTestServer({ name: 'rest-write-statements' });
  admin = await s.token('full-access');
  knex = (s.running.app.repo as KnexRepository).knex;
  shared = await seedShared(s, admin, 'ws');
});
test.after(async () => s.stop());

async function rowCounts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) out[t] = Number((await knex(t).count({ n: '*' }))[0].n);
  return out;
}

/** the statements of one request (the token lookup left out, warmed first) */
async function counted(method: string, path: string, data: unknown): Promise<{ r: Awaited<ReturnType<TestServer['request']>>; sent: string[] }> {
  await s.get('/api/tags?pagination[pageSize]=1', admin);
  s.queries.length = 0;
  const r = await s.request(method, path, { body: { data }, token: admin });
  return { r, sent: requestStatements(s.queries) };
}

function checkFull(a: any, n: number, related: number[]): void {
  const [f1, f2, f3] = shared.files;
  assert.is(a.title, `Full article ${n}`);
  assert.is(a.author.data.id, shared.author);
  assert.is(a.category.data.id, shared.category);
  assert.equal(a.tags.data.map((t: any) => t.id), shared.tags);
  assert.equal(a.relatedArticles.data.map((t: any) => t.id), related);
  assert.is(a.reviewer.data.id, shared.user);
  assert.is(a.cover.data.id, f1);
  assert.equal(a.gallery.data.map((f: any) => f.id), [f2, f3]);
  assert.is(a.seo.metaTitle, `Meta ${n}`);
  assert.is(a.seo.metaImage.data.id, f1);
  assert.is(a.seo.openGraph.title, `OG ${n}`);
  assert.is(a.seo.openGraph.image.data.id, f2);
  assert.equal(a.sources.map((x: any) => x.title), [`Source ${n}a`, `Source ${n}b`]);
  assert.equal(a.blocks.map((b: any) => b.__component), ['content.rich-text', 'content.quote', 'content.media-block', 'content.link-list']);
  assert.is(a.blocks[2].file.data.id, f3);
  assert.equal(a.blocks[3].links.map((l: any) => l.label), ['One', 'Two']);
}

test('a create with every relation, component, dynamic-zone and media kind: one statement on PostgreSQL, link rows batched elsewhere', async () => {
  const first = await postEntry(s, admin, '/api/articles', fullArticle(shared, 1));
  const { r, sent } = await counted('POST', '/api/articles', fullArticle(shared, 2, [first]));
  assert.is(r.status, 200, r.text);
  // PostgreSQL: BEGIN, the statement, COMMIT. Else BEGIN, the entry, the files (once), 6 relations,
  // 10 component rows, 1 media-link INSERT, 3 component-link INSERTs (one per links table), COMMIT
  // PostgreSQL: two rows of one component table (sources, links) keep the step path, whose ids come in
  // body order; the seo attribute's new components are one statement
  assert.is(sent.length, DIALECT === 'postgres' ? 21 : 23, sent.join('\n'));
  const stored = await s.get(`/api/articles/${r.body.data.id}`, admin);
  assert.equal(r.body, stored.body, 'the answer is what a read of the entry answers');
  const deep = await s.get(`/api/articles/${r.body.data.id}?${DEEP}`, admin);
  assert.is(deep.status, 200, deep.text);
  checkFull(deep.body.data.attributes, 2, [first]);
  // the other side's order: the new article comes last among the author's and the tags' articles
  const author = await s.get(`/api/authors/${shared.author}?populate[articles][fields][0]=title`, admin);
  assert.equal(author.body.data.attributes.articles.data.map((a: any) => a.id), [first, r.body.data.id]);
  const tag = await s.get(`/api/tags/${shared.tags[1]}?populate[articles][fields][0]=title`, admin);
  assert.equal(tag.body.data.attributes.articles.data.map((a: any) => a.id), [first, r.body.data.id]);
});

test('an update of every kind: component and media links in one INSERT per table', async () => {
  const id = await postEntry(s, admin, '/api/articles', fullArticle(shared, 3));
  const { r, sent } = await counted('PUT', `/api/articles/${id}`, fullArticle(shared, 4, [id]));
  assert.is(r.status, 200, r.text);
  // PostgreSQL: each component attribute's new items in one statement; PostgreSQL and SQLite: the UPDATE answers the row
  assert.is(sent.length, { postgres: 49, sqlite: 51, mysql: 52 }[DIALECT], sent.join('\n'));
  const deep = await s.get(`/api/articles/${id}?${DEEP}`, admin);
  checkFull(deep.body.data.attributes, 4, [id]);
  const stored = await s.get(`/api/articles/${id}`, admin);
  assert.equal(r.body, stored.body, 'the answer is what a read of the entry answers');
});

test('an update of scalars: the UPDATE answers the row (RETURNING) where the database can', async () => {
  const id = await postEntry(s, admin, '/api/articles', { title: 'Scalars only', readingTime: 2 });
  const { r, sent } = await counted('PUT', `/api/articles/${id}`, { title: 'Scalars changed', readingTime: 3 });
  assert.is(r.status, 200, r.text);
  // BEGIN, the entry's publication state, UPDATE (RETURNING the row; MariaDB: then a SELECT), COMMIT
  assert.is(sent.length, DIALECT === 'mysql' ? 5 : 4, sent.join('\n'));
  assert.is(r.body.data.attributes.title, 'Scalars changed');
  const stored = await s.get(`/api/articles/${id}`, admin);
  assert.equal(r.body, stored.body, 'the answer is what a read of the entry answers');
  const missing = await s.request('PUT', '/api/articles/999999', { body: { data: { title: 'Nobody' } }, token: admin });
  assert.is(missing.status, 404, missing.text);
});

test('a refused create changes nothing and answers the first error in body order', async () => {
  const before = await rowCounts();
  const missing = 999999;
  const refuse = async (data: Record<string, unknown>, path: (string | number)[], message: string) => {
    const r = await s.request('POST', '/api/articles', { body: { data: { ...fullArticle(shared, 5), ...data } }, token: admin });
    assert.is(r.status, 400, r.text);
    assert.equal(r.body.error.details.errors, [{ path, message, name: 'ValidationError' }], r.text);
    assert.equal(await rowCounts(), before, 'nothing written');
  };
  await refuse({ tags: [shared.tags[0], missing] }, ['tags'], '1 relation(s) of type api::tag.tag associated with this entity do not exist');
  // a relation is checked before the media of the same body
  await refuse({ reviewer: missing, gallery: [missing] }, ['reviewer'], '1 relation(s) of type plugin::users-permissions.user associated with this entity do not exist');
  await refuse({ gallery: [shared.files[1], missing] }, ['gallery'], '1 relation(s) of type plugin::upload.file associated with this entity do not exist');
  const blocks = fullArticle(shared, 5).blocks as Record<string, unknown>[];
  await refuse({ blocks: blocks.map((b, i) => (i === 2 ? { ...b, file: missing } : b)) }, ['blocks', '2', 'file'], '1 relation(s) of type plugin::upload.file associated with this entity do not exist');
  await refuse({ seo: { metaTitle: 'M', openGraph: { title: 'OG', image: missing } } }, ['seo', 'openGraph', 'image'], '1 relation(s) of type plugin::upload.file associated with this entity do not exist');
  const pdf = await s.running.app.repo.create({
    kind: 'create', uid: 'plugin::upload.file',
    data: { scalars: { name: 'doc.pdf', hash: 'doc_pdf', ext: '.pdf', mime: 'application/pdf', size: 1, url: '/uploads/doc.pdf', provider: 'local' }, relations: {}, media: {}, components: {}, dynamicZones: {} },
  });
  const after = await rowCounts();
  Object.assign(before, after);
  const cover = await s.request('POST', '/api/articles', { body: { data: { ...fullArticle(shared, 5), cover: pdf } }, token: admin });
  assert.is(cover.status, 400, cover.text);
  assert.equal(cover.body.error.details.errors[0].path, ['cover']);
  assert.equal(await rowCounts(), before, 'nothing written');
});

test('a unique value in a create with a relation and components: 400 naming the attribute, nothing written', async () => {
  const author = { name: 'Unique author ws', email: 'unique-ws@example.com', socialLinks: [{ platform: 'github', url: 'https://github.com/u' }] };
  assert.is((await s.request('POST', '/api/authors', { body: { data: author }, token: admin })).status, 200);
  const links = Number((await knex('components_shared_social_links').count({ n: '*' }))[0].n);
  const r = await s.request('POST', '/api/authors', { body: { data: { ...author, email: 'other-ws@example.com' } }, token: admin });
  assert.is(r.status, 400, r.text);
  assert.equal(r.body.error.details.errors, [{ path: ['name'], message: 'This attribute must be unique', name: 'ValidationError' }]);
  assert.is(Number((await knex('components_shared_social_links').count({ n: '*' }))[0].n), links, 'no component row left');
});

test.run();
