/**
 * security: bodies and HTTP. Oversized bodies 413 (REST and GraphQL), other content types 415,
 * invalid JSON and invalid UTF-8 400, NUL bytes refused (400) and other control characters stored
 * verbatim, extreme pagination integers 400 or clamped, very long URLs refused by the server, and
 * CORS that never reflects an arbitrary origin, never with credentials.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestServer } from '../helpers/server.js';
import { gql } from '../helpers/graphql.js';
import { raw, securityArtifacts, seedSecrets, startSecureServer, type Seeded } from './harness.js';

let s: TestServer;
let seed: Seeded;
let artifactsDir: string;

test.before(async () => {
  artifactsDir = await securityArtifacts();
  s = await startSecureServer({ name: 'sec-http', artifactsDir, env: { AUTH_RATE_LIMIT_MAX: '0', BODY_LIMIT: '65536' } });
  seed = await seedSecrets(s);
});
test.after(async () => s.stop());

const auth = () => ({ Authorization: `Bearer ${seed.admin}` });
const json = { 'Content-Type': 'application/json' };

test('oversized bodies: 413 on REST, GraphQL and auth routes, with or without Content-Length', async () => {
  const big = JSON.stringify({ data: { title: 'big', body: 'x'.repeat(70_000) } });
  for (const path of ['/api/articles', '/graphql', '/api/auth/local']) {
    const r = await raw(s, { method: 'POST', path, body: big, headers: { ...json, ...auth() } });
    assert.is(r.status, 413, `${path}: ${r.text}`);
    assert.is(r.body.error.name, 'PayloadTooLargeError');
  }
  for (const path of ['/api/articles', '/graphql']) {
    const chunked = await raw(s, { method: 'POST', path, body: big, chunked: true, headers: { ...json, ...auth() } });
    assert.is(chunked.status, 413, `chunked ${path}: ${chunked.text}`);
  }
  const smuggled = await raw(s, { method: 'POST', path: '/api/articles', body: '{}', headers: { ...json, ...auth(), 'Transfer-Encoding': 'chunked', 'Content-Length': 2 } }).catch(() => ({ status: 400 }));
  assert.is(smuggled.status, 400, 'Content-Length with Transfer-Encoding is refused by the HTTP parser');
  const lying = await raw(s, { method: 'POST', path: '/api/articles', body: '{}', headers: { ...json, ...auth(), 'Content-Length': '99999999' }, allow5xx: true }).catch(() => ({ status: 413 }));
  assert.ok(lying.status === 413 || lying.status === 400, `declared length over the limit: ${lying.status}`);
});

test('wrong content types: 415 on REST and GraphQL', async () => {
  const body = JSON.stringify({ data: { title: 'typed' } });
  for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'application/jsonp', 'json']) {
    const r = await raw(s, { method: 'POST', path: '/api/articles', body, headers: { 'Content-Type': type, ...auth() } });
    assert.is(r.status, 415, `${type}: ${r.text}`);
  }
  // a Content API create reads multipart/form-data too (Strapi v4's entry-with-files form): JSON sent as it is malformed
  const multipart = await raw(s, { method: 'POST', path: '/api/articles', body, headers: { 'Content-Type': 'multipart/form-data; boundary=x', ...auth() } });
  assert.equal([multipart.status, multipart.body.error.message], [400, 'Malformed multipart body']);
  const none = await raw(s, { method: 'POST', path: '/api/articles', body, headers: auth() });
  assert.is(none.status, 415, none.text);
  const g = await raw(s, { method: 'POST', path: '/graphql', body: JSON.stringify({ query: '{ articles { data { id } } }' }), headers: { 'Content-Type': 'text/plain' } });
  assert.is(g.status, 415, g.text);
});

test('invalid JSON and invalid UTF-8: 400', async () => {
  for (const body of ['{', '{"data":', '{"data":{"title":"x",}}', "{'data':1}", 'null', '[]', '"str"', '{"data":{"title":"a"}}garbage', 'NaN', '{"data":{"title":"\\ud800x"}}x']) {
    const r = await raw(s, { method: 'POST', path: '/api/articles', body, headers: { ...json, ...auth() } });
    assert.is(r.status, 400, `${body}: ${r.text}`);
  }
  const badUtf8 = Buffer.concat([Buffer.from('{"data":{"title":"'), Buffer.from([0xc3, 0x28, 0xff, 0xfe]), Buffer.from('"}}')]);
  for (const path of ['/api/articles', '/graphql', '/api/auth/local']) {
    const body = path === '/graphql' ? Buffer.concat([Buffer.from('{"query":"{ articles(filters: { title: { eq: \\"'), Buffer.from([0xc3, 0x28]), Buffer.from('\\" } }) { data { id } } }"}')]) : badUtf8;
    const r = await raw(s, { method: 'POST', path, body, headers: { ...json, ...auth() } });
    assert.is(r.status, 400, `${path}: ${r.text}`);
  }
  const overlong = await raw(s, { method: 'POST', path: '/api/articles', body: Buffer.concat([Buffer.from('{"data":{"title":"a'), Buffer.from([0xc0, 0xaf]), Buffer.from('b"}}')]), headers: { ...json, ...auth() } });
  assert.is(overlong.status, 400, 'an overlong encoding');
  const query = await s.get('/api/articles?filters[title][$eq]=%C3%28');
  assert.is(query.status, 400, 'invalid UTF-8 in the query string');
});

test('NUL bytes are refused everywhere; other control characters are stored verbatim', async () => {
  for (const title of ['a\u0000b', '\u0000']) {
    const r = await s.request('POST', '/api/articles', { token: seed.admin, body: { data: { title } } });
    assert.is(r.status, 400, `REST ${JSON.stringify(title)}: ${r.text}`);
    const m = await s.request('POST', '/api/articles', { token: seed.admin, body: { data: { title: 'nul in json', metadata: { k: title } } } });
    assert.is(m.status, 400, `REST json ${JSON.stringify(title)}: ${m.text}`);
    const g = await gql(s, 'mutation($t: String) { createArticle(data: { title: $t }) { data { id } } }', { token: seed.admin, variables: { t: title } });
    assert.is(g.status, 400, `GraphQL variable: ${g.text}`);
  }
  const literal = await gql(s, 'mutation { createArticle(data: { title: "lit\\u0000eral" }) { data { id } } }', { token: seed.admin });
  assert.is(literal.status, 400, `GraphQL literal: ${literal.text}`);
  const key = await s.request('POST', '/api/articles', { token: seed.admin, body: { data: { title: 'nul in a key', metadata: { 'a\u0000': 1 } } } });
  assert.is(key.status, 400, key.text);
  for (const path of ['/api/articles?filters[title][$eq]=a%00b', '/api/articles?filters[title][$contains]=%00', '/api/articles?sort=title%00', '/api/articles?filters[title%00][$eq]=x']) {
    const r = await s.get(path);
    assert.is(r.status, 400, `${path}: ${r.text}`);
  }
  const gFilter = await gql(s, 'query($t: String) { articles(filters: { title: { eq: $t } }) { data { id } } }', { variables: { t: 'x\u0000' } });
  assert.is(gFilter.status, 400, gFilter.text);
  const login = await s.request('POST', '/api/auth/local', { body: { identifier: 'a\u0000', password: 'b' } });
  assert.is(login.status, 400, login.text);
  const controls = 'ctl \u0001\u0007\u0008\t\n\r\u001b[31m\u007f\u2028\u2029\ufeff end';
  const stored = await s.request('POST', '/api/articles', { token: seed.admin, body: { data: { title: controls, metadata: { c: controls } } } });
  assert.is(stored.status, 200, stored.text);
  const back = await s.get(`/api/articles/${stored.body.data.id}?publicationState=preview`, seed.admin);
  assert.is(back.body.data.attributes.title, controls);
  assert.equal(back.body.data.attributes.metadata, { c: controls });
  const surrogate = await s.request('POST', '/api/articles', { token: seed.admin, rawBody: '{"data":{"title":"lone \\ud800 surrogate"}}', headers: json });
  assert.ok(surrogate.status === 200 || surrogate.status === 400, surrogate.text);
});

test('extreme integers in pagination: 400 or clamped, never a 500 or an empty page of a huge offset', async () => {
  for (const q of ['pagination[page]=99999999999999999999', 'pagination[pageSize]=1e309', 'pagination[start]=9007199254740993', 'pagination[limit]=-99999999999',
    'pagination[page]=-2147483649', 'pagination[pageSize]=0x10', 'pagination[page]=1.5', 'pagination[page]=NaN', 'pagination[page]=Infinity',
    'pagination[page][$gt]=1', 'pagination[page][]=1', 'pagination[start]=1&pagination[page]=1']) {
    const r = await s.get(`/api/articles?${q}`);
    assert.is(r.status, 400, `${q}: ${r.text}`);
  }
  for (const [q, size] of [['pagination[pageSize]=0', 1], ['pagination[pageSize]=-1', 1], ['pagination[pageSize]=2147483647', 100], ['pagination[limit]=-1', 100], ['pagination[limit]=0', 1]] as const) {
    const r = await s.get(`/api/articles?${q}`);
    assert.is(r.status, 200, `${q}: ${r.text}`);
    const p = r.body.meta.pagination;
    assert.is(p.pageSize ?? p.limit, size, q);
  }
  const far = await s.get('/api/articles?pagination[page]=2147483647&pagination[pageSize]=100');
  assert.is(far.status, 200, far.text);
  assert.equal(far.body.data, []);
  const farOffset = await s.get('/api/articles?pagination[start]=2147483647');
  assert.is(farOffset.status, 200, farOffset.text);
  const users = await s.get('/api/users?pagination[pageSize]=99999999999999', seed.admin);
  assert.is(users.status, 400);
});

test('very long URLs and headers are refused by the server, not the engine', async () => {
  const longPath = await raw(s, { path: `/api/${'a'.repeat(20_000)}` });
  assert.ok(longPath.status === 431 || longPath.status === 414, `long path: ${longPath.status}`);
  const longQuery = await raw(s, { path: `/api/articles?filters[title][$eq]=${'b'.repeat(20_000)}` });
  assert.ok(longQuery.status === 431 || longQuery.status === 414, `long query: ${longQuery.status}`);
  const within = await s.get(`/api/articles?filters[title][$eq]=${'c'.repeat(10_000)}`);
  assert.is(within.status, 200, 'a long value under the header limit is an ordinary filter');
  const header = await raw(s, { path: '/api/articles', headers: { 'X-Padding': 'p'.repeat(20_000) } });
  assert.is(header.status, 431);
});

test('CORS: default * never with credentials; an allow-list never reflects other origins', async () => {
  const evil = 'https://evil.example';
  const any = await raw(s, { path: '/api/articles', headers: { Origin: evil, Cookie: 'a=b' } });
  assert.is(any.headers.get('access-control-allow-origin'), '*');
  assert.is(any.headers.get('access-control-allow-credentials'), null);
  const pre = await raw(s, { method: 'OPTIONS', path: '/api/articles', headers: { Origin: evil, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization' } });
  assert.is(pre.headers.get('access-control-allow-credentials'), null);
  const listed = await startSecureServer({ name: 'sec-http-cors', artifactsDir, env: { CORS_ORIGINS: 'https://app.example, https://admin.example', AUTH_RATE_LIMIT_MAX: '0' } });
  try {
    for (const origin of [evil, 'null', 'https://app.example.evil.example', 'https://evil.example/https://app.example', 'http://app.example', 'https://APP.example.', 'https://app.example:8443', '*']) {
      for (const method of ['GET', 'OPTIONS']) {
        const r = await raw(listed, { method, path: '/api/articles', headers: { Origin: origin, 'Access-Control-Request-Method': 'GET' } });
        assert.is(r.headers.get('access-control-allow-origin'), null, `${method} ${origin}`);
        assert.is(r.headers.get('access-control-allow-credentials'), null, `${method} ${origin}`);
      }
    }
    const ok = await raw(listed, { path: '/api/articles', headers: { Origin: 'https://app.example' } });
    assert.is(ok.headers.get('access-control-allow-origin'), 'https://app.example');
    assert.is(ok.headers.get('access-control-allow-credentials'), 'true');
    assert.match(ok.headers.get('vary') ?? '', /Origin/);
  } finally {
    await listed.stop();
  }
});

test.run();
