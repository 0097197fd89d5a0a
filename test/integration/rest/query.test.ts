/**
 * integration: sort (every form, through a relation, NULL ordering), pagination by page and by
 * offset with defaults and maxLimit, withCount, fields, and publicationState over HTTP.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DIALECT, startTestServer, type TestServer } from '../../helpers/server.js';

let s: TestServer;
let admin: string;

const post = async (path: string, data: unknown) => {
  const r = await s.request('POST', path, { body: { data }, token: admin });
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${r.text}`);
  return r.body.data.id as number;
};

test.before(async () => {
  s = await startTestServer({ name: 'rest-query' });
  admin = await s.token('full-access');
  const zed = await post('/api/authors', { name: 'Zed', email: 'zed@example.com' });
  const amy = await post('/api/authors', { name: 'Amy', email: 'amy@example.com' });
  await post('/api/articles', { title: 'Bravo', readingTime: 2, author: zed });
  await post('/api/articles', { title: 'Alpha', readingTime: 2, author: amy });
  await post('/api/articles', { title: 'Charlie', readingTime: null });
  await post('/api/articles', { title: 'Draft one', readingTime: 9, publishedAt: null });
  for (let i = 0; i < 30; i++) await post('/api/tags', { name: `tag-${String(i).padStart(2, '0')}` });
});
test.after(async () => s.stop());

const titles = async (q: string) => {
  const r = await s.get(`/api/articles?${q}`, admin);
  assert.is(r.status, 200, `${q}: ${r.text}`);
  return r.body.data.map((e: any) => e.attributes.title);
};

test('sort forms', async () => {
  assert.equal(await titles('sort=title'), ['Alpha', 'Bravo', 'Charlie']);
  assert.equal(await titles('sort=title:desc'), ['Charlie', 'Bravo', 'Alpha']);
  assert.equal(await titles('sort=title:DESC'), ['Charlie', 'Bravo', 'Alpha']);
  // Charlie's readingTime is NULL: placed as the database places it (PostgreSQL: last ascending)
  assert.equal(await titles('sort[0]=readingTime:asc&sort[1]=title:desc'), DIALECT === 'postgres' ? ['Bravo', 'Alpha', 'Charlie'] : ['Charlie', 'Bravo', 'Alpha']);
  assert.equal(await titles('sort=readingTime:desc,title:asc'), DIALECT === 'postgres' ? ['Charlie', 'Alpha', 'Bravo'] : ['Alpha', 'Bravo', 'Charlie']);
  assert.equal(await titles('sort[title]=desc'), ['Charlie', 'Bravo', 'Alpha']);
  assert.equal(await titles('sort[0][title]=asc'), ['Alpha', 'Bravo', 'Charlie']);
});

test(`NULLs placed as Strapi places them on ${DIALECT}: ${DIALECT === 'postgres' ? 'last ascending, first descending' : 'first ascending, last descending'}`, async () => {
  const asc = await titles('sort[0]=readingTime:asc&sort[1]=title');
  const desc = await titles('sort[0]=readingTime:desc&sort[1]=title');
  if (DIALECT === 'postgres') {
    assert.is(asc.at(-1), 'Charlie');
    assert.is(desc[0], 'Charlie');
  } else {
    assert.is(asc[0], 'Charlie');
    assert.is(desc.at(-1), 'Charlie');
  }
});

test('sort on a relation field', async () => {
  assert.equal(await titles('sort=author.name:asc&filters[author][id][$notNull]=true'), ['Alpha', 'Bravo']);
  assert.equal(await titles('sort[author][name]=desc&filters[author][id][$notNull]=true'), ['Bravo', 'Alpha']);
});

test('bad sorts are 400', async () => {
  for (const q of ['sort=title:sideways', 'sort=nope', 'sort=internalNotes', 'sort=previewPassword:desc', 'sort=author.payoutAccount', 'sort=tags.name']) {
    const r = await s.get(`/api/articles?${q}`, admin);
    assert.is(r.status, 400, `${q}: ${r.text}`);
    assert.is(r.body.error.name, 'ValidationError');
  }
});

test('pagination by page: defaults, pageCount, clamps', async () => {
  let r = await s.get('/api/tags', admin);
  assert.equal(r.body.meta.pagination, { page: 1, pageSize: 25, pageCount: 2, total: 30 });
  assert.is(r.body.data.length, 25);
  r = await s.get('/api/tags?pagination[page]=2&pagination[pageSize]=25&sort=name', admin);
  assert.equal(r.body.meta.pagination, { page: 2, pageSize: 25, pageCount: 2, total: 30 });
  assert.equal(r.body.data.map((e: any) => e.attributes.name), ['tag-25', 'tag-26', 'tag-27', 'tag-28', 'tag-29']);
  r = await s.get('/api/tags?pagination[pageSize]=1000', admin);
  assert.is(r.body.meta.pagination.pageSize, 100, 'clamped to maxLimit');
  r = await s.get('/api/tags?pagination[page]=0&pagination[pageSize]=0', admin);
  assert.is(r.status, 200);
  assert.equal([r.body.meta.pagination.page, r.body.meta.pagination.pageSize], [1, 1]);
  r = await s.get('/api/tags?pagination[withCount]=false&pagination[pageSize]=5', admin);
  assert.equal(r.body.meta.pagination, { page: 1, pageSize: 5 });
});

test('pagination by offset', async () => {
  let r = await s.get('/api/tags?pagination[start]=28&pagination[limit]=10&sort=name', admin);
  assert.equal(r.body.meta.pagination, { start: 28, limit: 10, total: 30 });
  assert.equal(r.body.data.map((e: any) => e.attributes.name), ['tag-28', 'tag-29']);
  r = await s.get('/api/tags?pagination[limit]=-1', admin);
  assert.is(r.body.meta.pagination.limit, 100);
  r = await s.get('/api/tags?pagination[start]=-1&pagination[limit]=2', admin);
  assert.is(r.body.meta.pagination.start, 0);
});

test('bad pagination is a 400, never a 500', async () => {
  for (const q of ['pagination[page]=1&pagination[start]=0', 'pagination[page]=two', 'pagination[pageSize]=1e400', 'pagination[limit]=abc', 'pagination[page]=99999999999999999999']) {
    const r = await s.get(`/api/tags?${q}`, admin);
    assert.is(r.status, 400, `${q}: ${r.text}`);
    assert.ok(['PaginationError', 'ValidationError'].includes(r.body.error.name));
  }
  const mixed = await s.get('/api/tags?pagination[page]=1&pagination[limit]=5', admin);
  assert.is(mixed.body.error.message, 'Invalid pagination parameters. Expected either start/limit or page/pageSize');
});

test('fields selects attributes; id is always there', async () => {
  let r = await s.get('/api/articles?fields[0]=title&sort=title', admin);
  assert.equal(r.body.data[0].attributes, { title: 'Alpha' });
  assert.type(r.body.data[0].id, 'number');
  r = await s.get('/api/articles?fields=title&sort=title', admin);
  assert.equal(Object.keys(r.body.data[0].attributes), ['title']);
  r = await s.get('/api/articles?fields[0]=title&fields[1]=readingTime&sort=title', admin);
  assert.equal(Object.keys(r.body.data[0].attributes).sort(), ['readingTime', 'title']);
  for (const bad of ['fields[0]=internalNotes', 'fields=title,readingTime', 'fields[0]=author', 'fields[0]=nope']) {
    const e = await s.get(`/api/articles?${bad}`, admin);
    assert.is(e.status, 400, bad);
    assert.is(e.body.error.name, 'ValidationError');
  }
});

test('publicationState: live by default, preview includes drafts, other values 400', async () => {
  assert.not.ok((await titles('sort=title')).includes('Draft one'));
  assert.ok((await titles('publicationState=preview&sort=title')).includes('Draft one'));
  const draft = await s.get('/api/articles?publicationState=preview&filters[title]=Draft one', admin);
  assert.is(draft.body.data[0].attributes.publishedAt, null);
  const bad = await s.get('/api/articles?publicationState=draft', admin);
  assert.is(bad.status, 400);
  const tags = await s.get('/api/tags?publicationState=preview', admin);
  assert.is(tags.status, 200, 'no effect on types without draft and publish');
});

test('publish and unpublish through publishedAt', async () => {
  const id = await post('/api/articles', { title: 'Later', publishedAt: null });
  assert.not.ok((await titles('sort=title')).includes('Later'));
  await s.request('PUT', `/api/articles/${id}`, { body: { data: { publishedAt: '2024-06-01T00:00:00.000Z' } }, token: admin });
  assert.ok((await titles('sort=title')).includes('Later'));
  await s.request('PUT', `/api/articles/${id}`, { body: { data: { publishedAt: null } }, token: admin });
  assert.not.ok((await titles('sort=title')).includes('Later'));
});

test.run();
