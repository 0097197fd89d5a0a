/**
 * repository integration: create/update/delete of scalars (timestamps, publication, null clears),
 * deletes cascading to links, components and media links, unique violations as ValidationErrors,
 * transactions (commit, rollback, errors passing through), statement counts via onQuery, the API
 * token store, and driver/connection errors translated.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { NotFoundError } from '../../../engine/errors/errors.js';
import { createRepository } from '../../../engine/repository/index.js';
import { KnexRepository } from '../../../engine/repository/knex-repository.js';
import { translateError } from '../../../engine/repository/translate-error.js';
import { tempDir } from '../../helpers/spec-dir.js';
import { ARTICLE, AUTHOR, cmp, create, data, DIALECT, findPlan, ids, openFixture, rejection, SITE, TAG, type Fixture } from './fixture.js';

let f: Fixture;

test.before(async () => {
  f = await openFixture('writes');
});

test.after(() => f.close());

const read = (uid: string, id: number) => f.repo.findOne({ kind: 'findOne', uid, id, populate: {}, publicationState: 'preview' });
const count = async (table: string, where: Record<string, unknown> = {}) => Number((await f.knex(table).where(where).count({ n: '*' }))[0].n);

test(`[${DIALECT}] create sets createdAt/updatedAt; update changes updatedAt, null clears, publication follows the plan`, async () => {
  const id = await create(f.repo, ARTICLE, { title: 'First', excerpt: 'x' });
  const made = (await read(ARTICLE, id))!;
  assert.is(made.publishedAt, null);
  await new Promise((r) => setTimeout(r, 5));
  assert.is(await f.repo.update({ kind: 'update', uid: ARTICLE, id, data: data({ excerpt: null, title: 'Second' }), publishedAt: '2024-01-01T00:00:00Z' }), id);
  const after = (await read(ARTICLE, id))!;
  assert.equal([after.title, after.excerpt, after.publishedAt, after.createdAt], ['Second', null, '2024-01-01T00:00:00.000Z', made.createdAt]);
  assert.ok((after.updatedAt as string) > (made.updatedAt as string));
  await f.repo.update({ kind: 'update', uid: ARTICLE, id, data: data({}) });
  assert.is((await read(ARTICLE, id))!.publishedAt, '2024-01-01T00:00:00.000Z', 'publishedAt undefined: unchanged');
  await f.repo.update({ kind: 'update', uid: ARTICLE, id, data: data({}), publishedAt: null });
  assert.is((await read(ARTICLE, id))!.publishedAt, null);
  assert.is(await f.repo.update({ kind: 'update', uid: ARTICLE, id: 424242, data: data({ title: 'x' }) }), undefined);
});

test(`[${DIALECT}] delete returns the id once, then undefined`, async () => {
  const id = await create(f.repo, TAG, { name: 'gone' });
  assert.is(await f.repo.delete({ kind: 'delete', uid: TAG, id }), id);
  assert.is(await f.repo.delete({ kind: 'delete', uid: TAG, id }), undefined);
  assert.is(await read(TAG, id), undefined);
});

test(`[${DIALECT}] single types: update/delete without id act on the one entry`, async () => {
  const upd = () => f.repo.update({ kind: 'update', uid: SITE, data: data({ siteName: 'Quire' }) });
  assert.is(await upd(), undefined, 'no entry yet');
  const id = await create(f.repo, SITE, { siteName: 'Q', maintenanceMode: false });
  assert.is(await upd(), id);
  assert.equal(await f.repo.findOne({ kind: 'findOne', uid: SITE, fields: ['siteName', 'maintenanceMode'], populate: {}, publicationState: 'live' }), { id, siteName: 'Quire', maintenanceMode: false });
  assert.is(await f.repo.delete({ kind: 'delete', uid: SITE }), id);
  assert.is(await f.repo.delete({ kind: 'delete', uid: SITE }), undefined);
});

test(`[${DIALECT}] deleting an entry removes its links, its components (nested too) and its media links`, async () => {
  const k = f.knex;
  const article = await create(f.repo, ARTICLE, { title: 'Owner' });
  const other = await create(f.repo, ARTICLE, { title: 'Other' });
  const tag = await create(f.repo, TAG, { name: 'kept-tag' });
  const author = await create(f.repo, AUTHOR, { name: 'Kept author' });
  await k('articles_tags_links').insert([{ article_id: article, tag_id: tag, tag_order: 1, article_order: 1 }, { article_id: other, tag_id: tag, tag_order: 1, article_order: 2 }]);
  await k('articles_author_links').insert({ article_id: article, author_id: author, article_order: 1 });
  await k('articles_related_articles_links').insert({ article_id: other, inv_article_id: article, article_order: 1 });
  const idOf = (r: any) => Number(r.id ?? r);
  const seo = idOf((await k('components_shared_seos').insert({ meta_title: 'seo' }).returning('id'))[0]);
  const og = idOf((await k('components_shared_open_graphs').insert({ title: 'og' }).returning('id'))[0]);
  const quote = idOf((await k('components_content_quotes').insert({ text: 'q' }).returning('id'))[0]);
  await k('articles_components').insert([
    { entity_id: article, component_id: seo, component_type: 'shared.seo', field: 'seo', order: 1 },
    { entity_id: article, component_id: quote, component_type: 'content.quote', field: 'blocks', order: 1 },
  ]);
  await k('components_shared_seos_components').insert({ entity_id: seo, component_id: og, component_type: 'shared.open-graph', field: 'openGraph', order: 1 });
  const file = idOf((await k('files').insert({ name: 'f.png' }).returning('id'))[0]);
  await k('files_related_morphs').insert([
    { file_id: file, related_id: article, related_type: ARTICLE, field: 'cover', order: 1 },
    { file_id: file, related_id: og, related_type: 'shared.open-graph', field: 'image', order: 1 },
    { file_id: file, related_id: other, related_type: ARTICLE, field: 'cover', order: 1 },
  ]);

  assert.is(await f.repo.delete({ kind: 'delete', uid: ARTICLE, id: article }), article);
  assert.is(await count('articles_tags_links', { article_id: article }), 0);
  assert.is(await count('articles_tags_links', { article_id: other }), 1, 'other links stay');
  assert.is(await count('articles_author_links', { article_id: article }), 0);
  assert.is(await count('articles_related_articles_links'), 0, 'links pointing at it go too');
  assert.is(await count('articles_components', { entity_id: article }), 0);
  assert.is(await count('components_shared_seos', { id: seo }), 0);
  assert.is(await count('components_content_quotes', { id: quote }), 0);
  assert.is(await count('components_shared_open_graphs', { id: og }), 0, 'nested component');
  assert.is(await count('components_shared_seos_components'), 0);
  assert.is(await count('files_related_morphs'), 1, 'only the other article keeps its media link');
  assert.is(await count('tags', { id: tag }), 1);
  assert.is(await count('authors', { id: author }), 1);
  // deleting a file removes it from the entries that used it
  await f.repo.delete({ kind: 'delete', uid: 'plugin::upload.file', id: file });
  assert.is(await count('files_related_morphs'), 0);
});

test(`[${DIALECT}] unique violations are ValidationErrors naming the attribute`, async () => {
  await create(f.repo, AUTHOR, { name: 'Unique Ann', email: 'ua@example.com' });
  const dup = await rejection(create(f.repo, AUTHOR, { name: 'Unique Ann' }));
  assert.is(dup.name, 'ValidationError');
  assert.is(dup.status, 400);
  assert.is(dup.message, 'This attribute must be unique');
  assert.equal(dup.details, { errors: [{ path: ['name'], message: 'This attribute must be unique', name: 'ValidationError' }] });
  const other = await create(f.repo, AUTHOR, { name: 'Other' });
  const onUpdate = await rejection(f.repo.update({ kind: 'update', uid: AUTHOR, id: other, data: data({ email: 'ua@example.com' }) }));
  assert.equal(onUpdate.details.errors[0].path, ['email']);
});

test(`[${DIALECT}] transactions commit, roll back, and let engine errors through unchanged`, async () => {
  const id = await f.repo.transaction(async (tx) => {
    const a = await create(tx, TAG, { name: 'tx-1' });
    await tx.update({ kind: 'update', uid: TAG, id: a, data: data({ name: 'tx-1b' }) });
    return a;
  });
  assert.is((await read(TAG, id))!.name, 'tx-1b');
  const thrown = new NotFoundError('nope');
  const err = await rejection(f.repo.transaction(async (tx) => {
    await create(tx, TAG, { name: 'tx-2' });
    throw thrown;
  }));
  assert.is(err, thrown);
  assert.equal(await ids(f.repo, TAG, { where: cmp('name', '$eq', 'tx-2') }), []);
  const dup = await rejection(f.repo.transaction(async (tx) => {
    await create(tx, TAG, { name: 'tx-3' });
    await create(tx, TAG, { name: 'tx-3' });
  }));
  assert.is(dup.name, 'ValidationError');
  assert.equal(await ids(f.repo, TAG, { where: cmp('name', '$eq', 'tx-3') }), []);
});

test(`[${DIALECT}] onQuery sees each statement: one per find, two with a count, one per scalar write`, async () => {
  f.queries.length = 0;
  await f.repo.find(findPlan(ARTICLE, { where: { kind: 'relation', attribute: 'tags', target: TAG, where: cmp('name', '$eq', 'x') }, sort: [{ path: ['author', 'name'], direction: 'asc' }] }));
  assert.is(f.queries.length, 1, f.queries.join('\n'));
  await f.repo.find(findPlan(ARTICLE, { page: { style: 'page', page: 1, pageSize: 10, withCount: true } }));
  assert.is(f.queries.length, 3);
  f.queries.length = 0;
  const id = await create(f.repo, TAG, { name: 'counted' });
  await f.repo.update({ kind: 'update', uid: TAG, id, data: data({ name: 'counted-2' }) });
  await f.repo.delete({ kind: 'delete', uid: TAG, id });
  assert.is(f.queries.length, 3, f.queries.join('\n'));
  assert.ok(f.queries.every((q) => typeof q === 'string' && q.length > 0));
});

test(`[${DIALECT}] the API token store`, async () => {
  const t = await f.repo.apiTokens.create({ name: 'ci', description: 'for CI', type: 'custom', permissions: ['api::article.article.find'], accessKeyHash: 'h1', expiresAt: null });
  assert.equal({ ...t, createdAt: typeof t.createdAt }, { id: t.id, name: 'ci', description: 'for CI', type: 'custom', permissions: ['api::article.article.find'], accessKeyHash: 'h1', expiresAt: null, lastUsedAt: null, createdAt: 'string', adminUserId: null });
  assert.equal(await f.repo.apiTokens.findByHash('h1'), t);
  assert.is(await f.repo.apiTokens.findByHash('nope'), undefined);
  await f.repo.apiTokens.touch(t.id);
  assert.match((await f.repo.apiTokens.findByHash('h1'))!.lastUsedAt as string, /Z$/);
  const dup = await rejection(f.repo.apiTokens.create({ name: 'ci', description: '', type: 'read-only', permissions: [], accessKeyHash: 'h2', expiresAt: '2030-01-01T00:00:00Z' }));
  assert.is(dup.name, 'ValidationError');
});

test(`[${DIALECT}] connection failures are ServiceUnavailableErrors; bad values from the driver are ValidationErrors`, async () => {
  const model = f.model;
  const url = DIALECT === 'postgres' ? 'postgres://postgres@127.0.0.1:1/none' : DIALECT === 'mysql' ? 'mysql://root@127.0.0.1:1/none' : `sqlite:${tempDir()}`; // a directory is not a database file
  const err = await rejection(createRepository({ model, databaseUrl: url }));
  assert.is(err.name, 'ServiceUnavailableError');
  assert.is(err.status, 503);
  const ctx = (f.repo as KnexRepository).ctx;
  const cast = await rejection(f.knex.raw(DIALECT === 'postgres' ? "SELECT 'abc'::integer" : 'SELECT nope()'));
  const mapped = translateError(cast, ctx.storage, ctx.dialect) as Error;
  if (DIALECT === 'postgres') assert.is(mapped.name, 'ValidationError');
  else assert.equal([mapped.name, mapped.message], ['Error', 'Database query failed'], 'unknown errors: a plain 500 error, no SQL in the message');
  if (DIALECT === 'postgres') {
    const overflow = await rejection(f.knex.raw('SELECT 2147483647::integer + 1'));
    assert.is((translateError(overflow, ctx.storage, ctx.dialect) as Error).name, 'ValidationError');
  }
});

test.run();
