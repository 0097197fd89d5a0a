/**
 * integration: validation on write (400 ValidationError with the attribute's path), uniqueness,
 * transactions (a failed request changes nothing) and hostile request bodies and query strings.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../../helpers/server.js';

let s: TestServer;
let admin: string;

test.before(async () => {
  s = await startTestServer({ name: 'rest-validation' });
  admin = await s.token('full-access');
});
test.after(async () => s.stop());

const create = (path: string, data: unknown) => s.request('POST', path, { body: { data }, token: admin });

function expectIssues(r: { status: number; body: any; text: string }, paths: string[]) {
  assert.is(r.status, 400, r.text);
  assert.is(r.body.data, null);
  assert.is(r.body.error.name, 'ValidationError');
  assert.is(r.body.error.status, 400);
  const got = r.body.error.details.errors.map((e: any) => e.path.join('.'));
  for (const p of paths) assert.ok(got.includes(p), `expected an issue at ${p}, got ${JSON.stringify(r.body.error.details.errors)}`);
  for (const e of r.body.error.details.errors) assert.is(e.name, 'ValidationError');
  if (r.body.error.details.errors.length > 1) assert.is(r.body.error.message, `${r.body.error.details.errors.length} errors occurred`);
}

test('required, enum, min/max, lengths: every issue with its path', async () => {
  expectIssues(await create('/api/articles', {}), ['title']);
  const r = await create('/api/articles', { title: 'ab', format: 'nope', readingTime: 0, rating: 7 });
  expectIssues(r, ['title', 'format', 'readingTime', 'rating']);
  expectIssues(await create('/api/articles', { title: 'x'.repeat(201) }), ['title']);
});

test('regex, email, uid format and scalar types', async () => {
  expectIssues(await create('/api/authors', { name: 'Rex', email: 'not-an-email' }), ['email']);
  expectIssues(await create('/api/authors', { name: 'Rex', email: 'rex@example.com', payoutAccount: 'lower-case' }), ['payoutAccount']);
  expectIssues(await create('/api/articles', { title: 'Slug test', slug: 'has spaces/and slash' }), ['slug']);
  expectIssues(await create('/api/articles', { title: 'Types', readingTime: 'five' }), ['readingTime']);
  expectIssues(await create('/api/articles', { title: 'Types', readingTime: 1.5 }), ['readingTime']);
  expectIssues(await create('/api/articles', { title: 'Types', featured: 'yes' }), ['featured']);
  expectIssues(await create('/api/articles', { title: 'Types', publishDate: '2024-13-45' }), ['publishDate']);
  expectIssues(await create('/api/articles', { title: 'Types', wordCount: '12abc' }), ['wordCount']);
  expectIssues(await create('/api/articles', { title: 'Types', lastReviewedAt: 'yesterday' }), ['lastReviewedAt']);
  expectIssues(await create('/api/articles', { title: 'Types', publishTime: '25:99' }), ['publishTime']);
});

test('a required attribute cannot be cleared', async () => {
  const { id } = (await create('/api/articles', { title: 'Required' })).body.data;
  expectIssues(await s.request('PUT', `/api/articles/${id}`, { body: { data: { title: null } }, token: admin }), ['title']);
});

test('unique violations are a 400 and change nothing', async () => {
  assert.is((await create('/api/tags', { name: 'unique-tag' })).status, 200);
  const before = (await s.get('/api/tags?pagination[pageSize]=100', admin)).body.meta.pagination.total;
  const dup = await create('/api/tags', { name: 'unique-tag' });
  expectIssues(dup, ['name']);
  const after = (await s.get('/api/tags?pagination[pageSize]=100', admin)).body.meta.pagination.total;
  assert.is(after, before);
  const other = (await create('/api/tags', { name: 'other-tag' })).body.data;
  expectIssues(await s.request('PUT', `/api/tags/${other.id}`, { body: { data: { name: 'unique-tag' } }, token: admin }), ['name']);
  assert.is((await s.get(`/api/tags/${other.id}`, admin)).body.data.attributes.name, 'other-tag');
});

test('bodies without data, with bad JSON or the wrong content type are 4xx', async () => {
  let r = await s.request('POST', '/api/tags', { body: { name: 'x' }, token: admin });
  assert.is(r.status, 400);
  assert.is(r.body.error.name, 'ValidationError');
  r = await s.request('POST', '/api/tags', { rawBody: '{"data": {', headers: { 'Content-Type': 'application/json' }, token: admin });
  assert.is(r.status, 400);
  r = await s.request('POST', '/api/tags', { rawBody: 'name=x', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, token: admin });
  assert.is(r.status, 415);
  r = await s.request('POST', '/api/tags', { rawBody: JSON.stringify({ data: { name: 'x'.repeat(2_000_000) } }), headers: { 'Content-Type': 'application/json' }, token: admin });
  assert.is(r.status, 413);
  assert.is(r.body.error.name, 'PayloadTooLargeError');
  r = await s.request('POST', '/api/tags', { body: { data: 'string' }, token: admin });
  assert.is(r.status, 400);
});

test('prototype keys in bodies and query strings are refused', async () => {
  let r = await s.request('POST', '/api/tags', { rawBody: '{"data": {"name": "p", "__proto__": {"polluted": true}}}', headers: { 'Content-Type': 'application/json' }, token: admin });
  assert.is(r.status, 400, r.text);
  assert.is(({} as any).polluted, undefined);
  for (const q of ['filters[__proto__][polluted]=1', 'filters[title][constructor][prototype]=1', 'sort[__proto__]=x', 'populate[__proto__][x]=1']) {
    r = await s.get(`/api/tags?${q}`, admin);
    assert.is(r.status, 400, `${q}: ${r.text}`);
  }
});

test('malformed and huge query strings are 4xx with a clear message', async () => {
  for (const q of ['filters[name][$eq]=%E0%A4%A', 'filters' + '[a]'.repeat(30) + '=1', Array.from({ length: 2000 }, (_, i) => `x${i}=1`).join('&')]) {
    const r = await s.get(`/api/tags?${q}`, admin);
    assert.ok(r.status >= 400 && r.status < 500, `${q.slice(0, 60)}: ${r.status} ${r.text.slice(0, 200)}`);
    assert.type(r.body.error.message, 'string');
  }
});

test.run();
