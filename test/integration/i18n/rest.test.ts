/**
 * integration: the i18n plugin over REST on specs/multilingual (en default, fr, de): create in the
 * default locale, localizations and their links, lists per locale and with `all`, entry-level
 * `meta.availableLocales`, shared (non-localized) attributes kept in sync, a change of locale
 * refused, unknown locales refused, unique per locale, single types per locale, /api/i18n/locales.
 */
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { MULTILINGUAL_SPEC } from '../../helpers/spec-dir.js';

const MULTILINGUAL_ARTIFACTS = join(MULTILINGUAL_SPEC, 'artifacts');

let s: TestServer;
let admin: string;

test.before(async () => {
  s = await startTestServer({ name: 'i18n-rest', artifactsDir: MULTILINGUAL_ARTIFACTS });
  admin = await s.token('full-access');
});
test.after(async () => s.stop());

const post = (path: string, data: unknown) => s.request('POST', path, { body: { data }, token: admin });
const put = (path: string, data: unknown) => s.request('PUT', path, { body: { data }, token: admin });
const localize = (path: string, body: unknown) => s.request('POST', path, { body, token: admin });
const get = (path: string) => s.get(path, admin);

let chair: any;
let chaise: any;
let stuhl: any;

test('create without a locale makes an entry in the default locale; data.locale picks another', async () => {
  const brand = await post('/api/brands', { name: 'Oakworks' });
  assert.is(brand.status, 200, brand.text);
  const r = await post('/api/products', {
    name: 'Chair', sku: 'CH-1', price: 49.5, stock: 3, brand: brand.body.data.id,
    details: { material: 'oak' }, dimensions: { width: 40, height: 90, unit: 'cm' },
  });
  assert.is(r.status, 200, r.text);
  chair = r.body.data;
  assert.is(chair.attributes.locale, 'en');
  assert.equal(chair.meta, { availableLocales: [] });
  assert.not.ok('localizations' in chair.attributes, 'localizations only when populated');
  const de = await post('/api/products', { name: 'Tisch', sku: 'T-1', locale: 'de' });
  assert.is(de.status, 200, de.text);
  assert.is(de.body.data.attributes.locale, 'de');
});

test('an unknown locale on create is a 400 ValidationError; a bad type too', async () => {
  for (const locale of ['xx', 'all', 12]) {
    const r = await post('/api/products', { name: 'Nope', locale });
    assert.is(r.status, 400, `${JSON.stringify(locale)}: ${r.text}`);
    assert.is(r.body.data, null);
    assert.is(r.body.error.name, 'ValidationError');
    assert.equal(r.body.error.details.errors[0].path, ['locale']);
  }
});

test('POST /:id/localizations creates a linked draft, copying shared attributes but not relations', async () => {
  const r = await localize(`/api/products/${chair.id}/localizations`, { name: 'Chaise', description: 'En chêne', locale: 'fr' });
  assert.is(r.status, 200, r.text);
  chaise = r.body;
  assert.not.ok('data' in chaise, 'flat answer');
  assert.is(chaise.name, 'Chaise');
  assert.is(chaise.locale, 'fr');
  assert.is(chaise.publishedAt, null, 'a draft unless publishedAt is sent');
  assert.is(chaise.sku, 'CH-1', 'shared attributes are copied');
  assert.is(chaise.price, 49.5);
  assert.is(chaise.stock, 3);
  assert.equal(chaise.localizations.map((l: any) => [l.id, l.locale, l.name]), [[chair.id, 'en', 'Chair']], 'localizations flat, as Strapi answers');
  const full = await get(`/api/products/${chaise.id}?populate=*`);
  assert.is(full.status, 200, full.text);
  const a = full.body.data.attributes;
  assert.is(a.brand.data, null, 'relations are not copied');
  assert.is(a.details, null, 'localized components are not copied');
  assert.equal({ ...a.dimensions, id: 0 }, { id: 0, width: 40, height: 90, unit: 'cm' }, 'shared components are copied');
  assert.ok(a.dimensions.id !== undefined);

  const third = await localize(`/api/products/${chaise.id}/localizations`, { name: 'Stuhl', locale: 'de', publishedAt: '2024-01-02T03:04:05.000Z' });
  assert.is(third.status, 200, third.text);
  stuhl = third.body;
  assert.is(stuhl.publishedAt, '2024-01-02T03:04:05.000Z');
  assert.equal(stuhl.localizations.map((l: any) => l.locale).sort(), ['en', 'fr'], 'linked to the whole group');
});

test('createLocalization errors are Strapi\'s', async () => {
  const cases: [string, unknown, number, string][] = [
    [`/api/products/${chair.id}/localizations`, { name: 'x' }, 400, 'locale is missing'],
    [`/api/products/${chair.id}/localizations`, { name: 'x', locale: 'xx' }, 400, 'locale is invalid'],
    [`/api/products/${chair.id}/localizations`, { name: 'x', locale: 'fr' }, 400, 'locale is already used'],
    [`/api/products/${chair.id}/localizations`, { name: 'x', locale: 'en' }, 400, 'locale is already used'],
    ['/api/products/999999/localizations', { name: 'x', locale: 'fr' }, 404, 'Entity not found'],
  ];
  for (const [path, body, status, message] of cases) {
    const r = await localize(path, body);
    assert.is(r.status, status, `${message}: ${r.text}`);
    assert.is(r.body.data, null);
    assert.is(r.body.error.message, message);
  }
  const denied = await s.request('POST', `/api/products/${chair.id}/localizations`, { body: { name: 'x', locale: 'fr' } });
  assert.is(denied.status, 403, 'needs the createLocalization permission');
});

test('availableLocales lists the other localizations with their publication; populate=localizations', async () => {
  const r = await get(`/api/products/${chair.id}?populate[localizations][fields][0]=name`);
  assert.is(r.status, 200, r.text);
  const meta = r.body.data.meta.availableLocales.map((l: any) => [l.id, l.locale, l.publishedAt === null ? 'draft' : 'published']);
  assert.equal(meta.sort(), [[chaise.id, 'fr', 'draft'], [stuhl.id, 'de', 'published']].sort());
  const names = r.body.data.attributes.localizations.data.map((e: any) => e.attributes.name).sort();
  assert.equal(names, ['Stuhl'], 'populated localizations follow publicationState (live hides the fr draft)');
  const preview = await get(`/api/products/${chair.id}?populate=localizations&publicationState=preview`);
  assert.equal(preview.body.data.attributes.localizations.data.map((e: any) => e.attributes.locale).sort(), ['de', 'fr']);
});

test('lists: the default locale without locale, one locale with it, every locale with all', async () => {
  const en = await get('/api/products?sort=id');
  assert.is(en.status, 200, en.text);
  assert.ok(en.body.data.every((e: any) => e.attributes.locale === 'en'));
  assert.ok(en.body.data.some((e: any) => e.id === chair.id));
  const de = await get('/api/products?locale=de&sort=id');
  assert.equal(de.body.data.map((e: any) => e.attributes.name), ['Tisch', 'Stuhl']);
  assert.is(de.body.meta.pagination.total, 2);
  const fr = await get('/api/products?locale=fr');
  assert.equal(fr.body.data, [], 'fr holds only a draft');
  const frPreview = await get('/api/products?locale=fr&publicationState=preview');
  assert.equal(frPreview.body.data.map((e: any) => e.attributes.name), ['Chaise']);
  const all = await get('/api/products?locale=all&publicationState=preview&sort=id');
  assert.equal(all.body.data.map((e: any) => e.attributes.locale), ['en', 'de', 'fr', 'de']);
  const entry = all.body.data.find((e: any) => e.id === chaise.id);
  assert.equal(entry.meta.availableLocales.map((l: any) => l.locale).sort(), ['de', 'en'], 'entries of lists carry availableLocales');
});

test('filters, sort and pagination work within a locale', async () => {
  const r = await get('/api/products?locale=de&filters[name][$startsWith]=St&fields[0]=name');
  assert.equal(r.body.data.map((e: any) => e.attributes.name), ['Stuhl']);
  const page = await get('/api/products?locale=de&sort=name:desc&pagination[pageSize]=1&pagination[page]=2');
  assert.equal(page.body.data.map((e: any) => e.attributes.name), ['Stuhl']);
  assert.is(page.body.meta.pagination.total, 2);
  const withFr = await get('/api/products?filters[localizations][locale][$eq]=fr&fields[0]=name');
  assert.is(withFr.status, 200, withFr.text);
  assert.equal(withFr.body.data.map((e: any) => e.attributes.name), ['Chair'], 'filters through localizations');
  const byLocale = await get('/api/products?locale=all&filters[locale][$eq]=de&publicationState=preview');
  assert.equal(byLocale.body.data.map((e: any) => e.attributes.name).sort(), ['Stuhl', 'Tisch']);
});

test('an unknown or malformed locale on a read is a 400 ValidationError', async () => {
  for (const q of ['locale=xx', 'locale[0]=fr', 'locale=EN']) {
    const r = await get(`/api/products?${q}`);
    assert.is(r.status, 400, `${q}: ${r.text}`);
    assert.is(r.body.error.name, 'ValidationError');
  }
  const one = await get(`/api/products/${chair.id}?locale=xx`);
  assert.is(one.status, 400);
});

test('findOne by id ignores locale', async () => {
  const r = await get(`/api/products/${chaise.id}?locale=de`);
  assert.is(r.status, 200, r.text);
  assert.is(r.body.data.attributes.locale, 'fr');
});

test('types without i18n ignore locale (query and body)', async () => {
  const r = await get('/api/brands?locale=fr');
  assert.is(r.status, 200, r.text);
  assert.ok(r.body.data.length >= 1);
  const created = await post('/api/brands', { name: 'Plain', locale: 'fr' });
  assert.is(created.status, 200, created.text);
  assert.not.ok('locale' in created.body.data.attributes);
  assert.is((await get('/api/brands?locale=xx')).status, 200);
  const nope = await localize(`/api/brands/${created.body.data.id}/localizations`, { name: 'x', locale: 'fr' });
  assert.is(nope.status, 404, 'no localizations route on a type without i18n');
});

test('an update keeps shared attributes in sync across localizations; localized ones stay apart', async () => {
  const r = await put(`/api/products/${chaise.id}`, { price: 59, stock: 7, description: 'Chêne massif', dimensions: { width: 42, height: 91, unit: 'in' } });
  assert.is(r.status, 200, r.text);
  for (const id of [chair.id, chaise.id, stuhl.id]) {
    const e = (await get(`/api/products/${id}?populate=dimensions`)).body.data.attributes;
    assert.is(e.price, 59, `price of ${id}`);
    assert.is(e.stock, 7);
    assert.is(e.sku, 'CH-1');
    assert.equal([e.dimensions.width, e.dimensions.height, e.dimensions.unit], [42, 91, 'in']);
    assert.is(e.description, id === chaise.id ? 'Chêne massif' : id === chair.id ? null : null);
  }
  const names = await Promise.all([chair.id, chaise.id, stuhl.id].map(async (id) => (await get(`/api/products/${id}`)).body.data.attributes.name));
  assert.equal(names, ['Chair', 'Chaise', 'Stuhl']);
});

test('the locale of an entry cannot be changed (400); repeating it is fine', async () => {
  const r = await put(`/api/products/${chair.id}`, { locale: 'de', name: 'Changed' });
  assert.is(r.status, 400, r.text);
  assert.is(r.body.error.name, 'ValidationError');
  assert.equal(r.body.error.details.errors[0].path, ['locale']);
  assert.is((await get(`/api/products/${chair.id}`)).body.data.attributes.name, 'Chair', 'nothing written');
  const same = await put(`/api/products/${chair.id}`, { locale: 'en', name: 'Chair' });
  assert.is(same.status, 200, same.text);
  assert.is(same.body.data.attributes.locale, 'en');
  const bad = await put(`/api/products/${chair.id}`, { locale: 'xx' });
  assert.is(bad.status, 400);
});

test('unique attributes are unique per locale', async () => {
  const first = await post('/api/products', { name: 'Lamp', sku: 'LA-1' });
  assert.is(first.status, 200, first.text);
  const sameLocale = await post('/api/products', { name: 'Lamp 2', sku: 'LA-1' });
  assert.is(sameLocale.status, 400, sameLocale.text);
  assert.is(sameLocale.body.error.name, 'ValidationError');
  const otherLocale = await post('/api/products', { name: 'Lampe', sku: 'LA-1', locale: 'fr' });
  assert.is(otherLocale.status, 200, otherLocale.text);
  const loc = await localize(`/api/products/${first.body.data.id}/localizations`, { name: 'Leuchte', locale: 'de' });
  assert.is(loc.status, 200, 'the copied unique value is fine in another locale');
  assert.is(loc.body.sku, 'LA-1');
});

test('deleting a localization unlinks it from the others', async () => {
  const base = await post('/api/products', { name: 'Stool', sku: 'ST-1' });
  const fr = await localize(`/api/products/${base.body.data.id}/localizations`, { name: 'Tabouret', locale: 'fr' });
  assert.is(fr.status, 200, fr.text);
  const del = await s.request('DELETE', `/api/products/${fr.body.id}`, { token: admin });
  assert.is(del.status, 200, del.text);
  assert.equal((await get(`/api/products/${base.body.data.id}`)).body.data.meta.availableLocales, []);
});

test('single types: one entry per locale, locale=all as an array, 404 for a missing locale', async () => {
  assert.is((await get('/api/homepage')).status, 404);
  const en = await put('/api/homepage', { title: 'Welcome', contactEmail: 'hello@example.com' });
  assert.is(en.status, 200, en.text);
  assert.is(en.body.data.attributes.locale, 'en');
  assert.is((await get('/api/homepage?locale=fr')).status, 404);
  const fr = await s.request('PUT', '/api/homepage?locale=fr', { body: { data: { title: 'Bienvenue' } }, token: admin });
  assert.is(fr.status, 200, fr.text);
  assert.is(fr.body.data.attributes.locale, 'fr');
  assert.is(fr.body.data.attributes.contactEmail, 'hello@example.com', 'shared attribute copied to the new locale');
  assert.equal(fr.body.data.meta.availableLocales.map((l: any) => [l.id, l.locale]), [[en.body.data.id, 'en']]);
  const again = await s.request('PUT', '/api/homepage?locale=fr', { body: { data: { title: 'Bienvenue !', contactEmail: 'salut@example.com' } }, token: admin });
  assert.is(again.status, 200, again.text);
  assert.is(again.body.data.id, fr.body.data.id, 'updates the fr entry');
  const readEn = await get('/api/homepage');
  assert.is(readEn.body.data.attributes.title, 'Welcome');
  assert.is(readEn.body.data.attributes.contactEmail, 'salut@example.com', 'shared attribute kept in sync');
  const de = await localize('/api/homepage/localizations', { title: 'Willkommen', locale: 'de' });
  assert.is(de.status, 200, de.text);
  assert.is(de.body.locale, 'de');
  const all = await get('/api/homepage?locale=all');
  assert.is(all.status, 200, all.text);
  assert.ok(Array.isArray(all.body.data));
  assert.equal(all.body.data.map((e: any) => e.attributes.locale).sort(), ['de', 'en', 'fr']);
  const del = await s.request('DELETE', '/api/homepage?locale=de', { token: admin });
  assert.is(del.status, 200, del.text);
  assert.is(del.body.data.attributes.locale, 'de');
  assert.is((await get('/api/homepage?locale=de')).status, 404);
  assert.is((await get('/api/homepage')).status, 200, 'the other locales remain');
  assert.is((await get('/api/homepage?locale=xx')).status, 400);
});

test('GET /api/i18n/locales is a plain array with isDefault', async () => {
  const r = await s.get('/api/i18n/locales');
  assert.is(r.status, 200, r.text);
  assert.equal(r.body.map((l: any) => [l.code, l.name, l.isDefault]), [['en', 'English (en)', true], ['fr', 'French (fr)', false], ['de', 'German (de)', false]]);
  assert.type(r.body[0].id, 'number');
});

test.run();
