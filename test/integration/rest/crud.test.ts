/**
 * integration: the REST envelope and CRUD of collection and single types over real HTTP, on the
 * dialect under test. Create answers 200, PUT is partial (null clears), DELETE returns the entry.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../../helpers/server.js';

let s: TestServer;
let admin: string;

test.before(async () => {
  s = await startTestServer({ name: 'rest-crud' });
  admin = await s.token('full-access');
});
test.after(async () => s.stop());

const post = (path: string, data: unknown) => s.request('POST', path, { body: { data }, token: admin });
const put = (path: string, data: unknown) => s.request('PUT', path, { body: { data }, token: admin });

test('create answers 200 with the entry envelope and applies defaults', async () => {
  const r = await post('/api/articles', { title: 'Hello world', readingTime: 5 });
  assert.is(r.status, 200, r.text);
  assert.type(r.body.data.id, 'number');
  assert.equal(Object.keys(r.body).sort(), ['data', 'meta']);
  assert.equal(r.body.meta, {});
  const a = r.body.data.attributes;
  assert.is(a.title, 'Hello world');
  assert.is(a.format, 'news', 'enum default');
  assert.is(a.featured, false, 'boolean default');
  assert.is(a.readingTime, 5);
  assert.is(a.excerpt, null);
  assert.type(a.createdAt, 'string');
  assert.type(a.updatedAt, 'string');
  assert.type(a.publishedAt, 'string', 'REST create publishes');
  assert.equal(r.body.data.meta, {});
  for (const k of ['internalNotes', 'previewPassword', 'author', 'seo', 'blocks', 'cover']) assert.not.ok(k in a, `${k} not returned`);
});

test('findOne and find return the same entry; missing or malformed ids are 404', async () => {
  const created = (await post('/api/articles', { title: 'Find me' })).body.data;
  const one = await s.get(`/api/articles/${created.id}`, admin);
  assert.is(one.status, 200);
  assert.equal(one.body.data, created);
  const list = await s.get('/api/articles', admin);
  assert.is(list.status, 200);
  assert.ok(Array.isArray(list.body.data));
  assert.ok(list.body.data.some((e: any) => e.id === created.id));
  assert.equal(Object.keys(list.body.meta.pagination).sort(), ['page', 'pageCount', 'pageSize', 'total']);
  for (const bad of ['999999', 'abc', '1.5', '-1', '0', '1e3', '99999999999999999999']) {
    const r = await s.get(`/api/articles/${bad}`, admin);
    assert.is(r.status, 404, bad);
    assert.equal(r.body, { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
  }
});

test('PUT is a partial update and null clears a field', async () => {
  const { id } = (await post('/api/articles', { title: 'Partial', excerpt: 'keep me', readingTime: 3 })).body.data;
  const r = await put(`/api/articles/${id}`, { readingTime: 7, excerpt: null });
  assert.is(r.status, 200, r.text);
  assert.is(r.body.data.attributes.title, 'Partial');
  assert.is(r.body.data.attributes.readingTime, 7);
  assert.is(r.body.data.attributes.excerpt, null);
  const missing = await put('/api/articles/999999', { readingTime: 1 });
  assert.is(missing.status, 404);
});

test('unknown keys, id and timestamps in data are ignored', async () => {
  const r = await post('/api/tags', { name: 'ignored-keys', id: 4242, createdAt: '2000-01-01T00:00:00.000Z', nonsense: 1, publishedAt: 'x' });
  assert.is(r.status, 200, r.text);
  assert.is.not(r.body.data.id, 4242);
  assert.is.not(r.body.data.attributes.createdAt, '2000-01-01T00:00:00.000Z');
  assert.not.ok('nonsense' in r.body.data.attributes);
});

test('DELETE returns the deleted entry, then 404', async () => {
  const created = (await post('/api/tags', { name: 'to-delete' })).body.data;
  const r = await s.request('DELETE', `/api/tags/${created.id}`, { token: admin });
  assert.is(r.status, 200);
  assert.equal(r.body.data, created);
  assert.is((await s.get(`/api/tags/${created.id}`, admin)).status, 404);
  assert.is((await s.request('DELETE', `/api/tags/${created.id}`, { token: admin })).status, 404);
});

test('single type: 404 before creation, PUT creates then updates, DELETE returns it, POST is 405', async () => {
  assert.is((await s.get('/api/site-setting', admin)).status, 404);
  const created = await put('/api/site-setting', { contactEmail: 'desk@example.com' });
  assert.is(created.status, 200, created.text);
  assert.is(created.body.data.attributes.siteName, 'The Quire Review', 'default applied');
  assert.is(created.body.data.attributes.contactEmail, 'desk@example.com');
  assert.not.ok('analyticsKey' in created.body.data.attributes);
  const updated = await put('/api/site-setting', { maintenanceMode: true });
  assert.is(updated.body.data.id, created.body.data.id);
  assert.is(updated.body.data.attributes.maintenanceMode, true);
  assert.is(updated.body.data.attributes.contactEmail, 'desk@example.com');
  const got = await s.get('/api/site-setting', admin);
  assert.equal(got.body.data, updated.body.data);
  const p = await s.request('POST', '/api/site-setting', { body: { data: {} }, token: admin });
  assert.is(p.status, 405);
  assert.is(p.body.error.name, 'MethodNotAllowedError');
  assert.is((await s.get('/api/site-setting/1', admin)).status, 404);
  const del = await s.request('DELETE', '/api/site-setting', { token: admin });
  assert.is(del.status, 200);
  assert.is(del.body.data.id, created.body.data.id);
  assert.is((await s.get('/api/site-setting', admin)).status, 404);
  assert.is((await s.request('DELETE', '/api/site-setting', { token: admin })).status, 404);
});

test('unknown routes are 404 NotFoundError; /_health is 204', async () => {
  for (const path of ['/api/nothing', '/api', '/nothing', '/api/articles/1/extra', '/API/articles']) {
    const r = await s.get(path, admin);
    assert.is(r.status, 404, path);
    assert.is(r.body.error.name, 'NotFoundError');
  }
  const h = await s.get('/_health');
  assert.is(h.status, 204);
  assert.is(h.text, '');
});

test('value shapes: biginteger as string, decimals exact, time, date, datetime, timestamp, json', async () => {
  const r = await post('/api/articles', {
    title: 'Typed values',
    wordCount: '9007199254740993',
    rating: 0.3,
    popularity: 1.25,
    publishDate: '2024-05-01',
    publishTime: '10:30',
    lastReviewedAt: '2024-05-01T10:30:00+02:00',
    importedAt: 1714559400000,
    metadata: { a: [1, 2, { b: null }], c: 'd' },
    featured: true,
  });
  assert.is(r.status, 200, r.text);
  const a = r.body.data.attributes;
  assert.is(a.wordCount, '9007199254740993');
  assert.is(a.rating, 0.3);
  assert.is(a.popularity, 1.25);
  assert.is(a.publishDate, '2024-05-01');
  assert.is(a.publishTime, '10:30:00.000');
  assert.is(a.lastReviewedAt, '2024-05-01T08:30:00.000Z');
  assert.is(a.importedAt, '1714559400000');
  assert.equal(a.metadata, { a: [1, 2, { b: null }], c: 'd' });
  assert.is(a.featured, true);
  const again = await s.get(`/api/articles/${r.body.data.id}`, admin);
  assert.equal(again.body.data.attributes, a);
});

test.run();
