/**
 * integration: answers written by the database (repository answer/) of localized types on
 * specs/multilingual: lists in one locale and in every locale, `meta.availableLocales`, populated
 * localizations and a single type read with `locale=all` (a list without pagination) are byte for
 * byte the rows executor's answers (a second server with DATABASE_COMPILED_READS=false), in one statement.
 */
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { requestStatements } from '../../helpers/seed-content.js';
import { DIALECT, startTestServer, type TestServer } from '../../helpers/server.js';
import { MULTILINGUAL_SPEC } from '../../helpers/spec-dir.js';

const ARTIFACTS = join(MULTILINGUAL_SPEC, 'artifacts');
const COMPILED = DIALECT === 'postgres';
let s: TestServer;
let usual: TestServer;
let admin: string;

test.before(async () => {
  s = await startTestServer({ name: 'i18n-compiled-read', artifactsDir: ARTIFACTS, });
  admin = await s.token('full-access');
  const send = async (method: string, path: string, body: unknown) => {
    const r = await s.request(method, path, { body, token: admin });
    assert.is(r.status, 200, `${method} ${path}: ${r.text}`);
    return r.body;
  };
  const brand = (await send('POST', '/api/brands', { data: { name: 'Oakworks' } })).data.id;
  for (const n of [1, 2, 3]) {
    const en = (await send('POST', '/api/products', { data: { name: `Chair ${n}`, sku: `CH-${n}`, price: 49.5 + n, stock: n, brand, details: { material: 'oak' }, dimensions: { width: 40, height: 90, unit: 'cm' } } })).data;
    const fr = await send('POST', `/api/products/${en.id}/localizations`, { name: `Chaise ${n}`, locale: 'fr' });
    if (n !== 2) await send('POST', `/api/products/${fr.id}/localizations`, { name: `Stuhl ${n}`, locale: 'de', publishedAt: '2024-01-02T03:04:05.000Z' });
  }
  await send('PUT', '/api/homepage', { data: { title: 'Welcome', contactEmail: 'hello@example.com' } });
  await send('PUT', '/api/homepage?locale=fr', { data: { title: 'Bienvenue' } });
  await send('POST', '/api/homepage/localizations', { title: 'Willkommen', locale: 'de' });
  usual = await startTestServer({ name: 'i18n-compiled-read', databaseUrl: s.databaseUrl, artifactsDir: ARTIFACTS, env: { DATABASE_COMPILED_READS: 'false' } });
});
test.after(async () => {
  await usual?.stop();
  await s?.stop();
});

const SHAPES = [
  '/api/products',
  '/api/products?locale=fr&publicationState=preview',
  '/api/products?locale=all&publicationState=preview&sort=id',
  '/api/products?locale=all&filters[locale][$eq]=de',
  '/api/products?populate=*&publicationState=preview',
  '/api/products?populate[localizations][fields][0]=name&populate[localizations][sort]=name:desc&locale=de',
  '/api/products?locale=all&populate[brand]=true&populate[localizations]=true&publicationState=preview&pagination[pageSize]=2&pagination[page]=2',
  '/api/products/1?populate=*',
  '/api/products/2',
  '/api/homepage',
  '/api/homepage?locale=fr&populate=*',
  '/api/homepage?locale=all',
  '/api/homepage?locale=all&populate=*&sort=title:asc',
  '/api/homepage?locale=all&fields[0]=title&pagination[pageSize]=1',
  '/api/homepage?locale=es',
];

test('localized lists, entries and single types: the one-statement body is the usual one, in one statement', async () => {
  await s.get('/api/products', admin);
  const before = s.running.app.repo.answeredInSql.count;
  for (const path of SHAPES) {
    s.queries.length = 0;
    const [a, b] = [await s.get(path, admin), await usual.get(path, admin)];
    assert.is(a.status, b.status, `${path}: ${a.text} / ${b.text}`);
    assert.is(a.text, b.text, path);
    if (COMPILED && a.status === 200) assert.is(requestStatements(s.queries).length, 1, `${path}: ${requestStatements(s.queries).join('\n')}`);
  }
  const all = await s.get('/api/homepage?locale=all', admin);
  assert.ok(Array.isArray(all.body.data) && all.body.data.length === 3, all.text);
  assert.equal(all.body.meta, {});
  if (COMPILED) assert.ok(s.running.app.repo.answeredInSql.count >= before + SHAPES.length - 1, String(s.running.app.repo.answeredInSql.count));
});

test.run();
