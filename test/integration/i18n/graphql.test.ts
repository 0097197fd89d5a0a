/**
 * integration: the i18n plugin over GraphQL on specs/multilingual: `locale` arguments on queries and
 * create, `create<Name>Localization`, the `localizations` field, shared attributes kept in sync by
 * `update<Name>`, single types per locale, `i18NLocales`, and unknown locales refused by the
 * I18NLocaleCode scalar.
 */
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gql, gqlData } from '../../helpers/graphql.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { MULTILINGUAL_SPEC } from '../../helpers/spec-dir.js';

const MULTILINGUAL_ARTIFACTS = join(MULTILINGUAL_SPEC, 'artifacts');

let s: TestServer;
let admin: string;

test.before(async () => {
  s = await startTestServer({ name: 'i18n-graphql', artifactsDir: MULTILINGUAL_ARTIFACTS });
  admin = await s.token('full-access');
});
test.after(async () => s.stop());

const run = (query: string, variables?: Record<string, unknown>) => gqlData(s, query, { token: admin, variables });

let enId: string;
let frId: string;

test('create<Name> takes locale (default locale otherwise)', async () => {
  const en = await run(`mutation { createProduct(data: { name: "Desk", sku: "D-1", price: 120, publishedAt: "2024-01-01T00:00:00.000Z", dimensions: { width: 120, height: 75 } }) { data { id attributes { name locale } } } }`);
  enId = en.createProduct.data.id;
  assert.equal(en.createProduct.data.attributes, { name: 'Desk', locale: 'en' });
  const de = await run(`mutation { createProduct(data: { name: "Schrank", sku: "S-1", publishedAt: "2024-01-01T00:00:00.000Z" }, locale: "de") { data { attributes { locale } } } }`);
  assert.is(de.createProduct.data.attributes.locale, 'de');
});

test('create<Name>Localization links a new localization and copies shared attributes', async () => {
  const r = await run(`mutation($id: ID) { createProductLocalization(id: $id, data: { name: "Bureau" }, locale: "fr") {
    data { id attributes { name locale sku price publishedAt dimensions { width height } localizations(publicationState: PREVIEW) { data { id attributes { locale } } } } }
  } }`, { id: enId });
  const e = r.createProductLocalization.data;
  frId = e.id;
  assert.is(e.attributes.name, 'Bureau');
  assert.is(e.attributes.locale, 'fr');
  assert.is(e.attributes.sku, 'D-1');
  assert.is(e.attributes.price, 120);
  assert.equal(e.attributes.dimensions, { width: 120, height: 75 });
  assert.equal(e.attributes.localizations.data, [{ id: enId, attributes: { locale: 'en' } }]);
  const again = await gql(s, `mutation { createProductLocalization(id: ${enId}, data: { name: "x" }, locale: "fr") { data { id } } }`, { token: admin });
  assert.is(again.body.errors[0].message, 'locale is already used');
  assert.is(again.body.errors[0].extensions.error.name, 'ValidationError');
});

test('queries: locale argument, all, the localizations field', async () => {
  const en = await run(`{ products { data { id attributes { name locale } } meta { pagination { total } } } }`);
  assert.ok(en.products.data.every((p: any) => p.attributes.locale === 'en'));
  const fr = await run(`{ products(locale: "fr", publicationState: PREVIEW) { data { id attributes { name } } } }`);
  assert.equal(fr.products.data, [{ id: frId, attributes: { name: 'Bureau' } }]);
  const all = await run(`{ products(locale: "all", publicationState: PREVIEW, sort: "id") { data { attributes { locale } } } }`);
  assert.equal(all.products.data.map((p: any) => p.attributes.locale), ['en', 'de', 'fr']);
  const byId = await run(`{ product(id: ${frId}, locale: "de") { data { attributes { locale } } } }`);
  assert.is(byId.product.data.attributes.locale, 'fr', 'by id the locale does not apply');
  const one = await run(`{ product(id: ${frId}) { data { attributes { locale localizations { data { id attributes { name } } } } } } }`);
  assert.equal(one.product.data.attributes, { locale: 'fr', localizations: { data: [{ id: enId, attributes: { name: 'Desk' } }] } });
  const filtered = await run(`{ products(locale: "all", publicationState: PREVIEW, filters: { locale: { eq: "fr" } }) { data { id } } }`);
  assert.equal(filtered.products.data, [{ id: frId }]);
  const through = await run(`{ products(filters: { localizations: { name: { eq: "Bureau" } } }) { data { id } } }`);
  assert.equal(through.products.data, [{ id: enId }], 'filters through localizations');
});

test('an unknown locale is refused by the I18NLocaleCode scalar', async () => {
  const r = await gql(s, `{ products(locale: "xx") { data { id } } }`, { token: admin });
  assert.is(r.status, 400, r.text);
  assert.ok(r.body.errors[0].message.includes('I18NLocaleCode'), r.text);
});

test('update<Name> keeps shared attributes in sync', async () => {
  await run(`mutation { updateProduct(id: ${frId}, data: { price: 99, stock: 4, dimensions: { width: 100, height: 70 } }) { data { id } } }`);
  for (const id of [enId, frId]) {
    const r = await run(`{ product(id: ${id}) { data { attributes { name price stock dimensions { width height } } } } }`);
    assert.equal([r.product.data.attributes.price, r.product.data.attributes.stock], [99, 4], `entry ${id}`);
    assert.equal(r.product.data.attributes.dimensions, { width: 100, height: 70 });
  }
  const names = await run(`{ products(locale: "all", publicationState: PREVIEW, filters: { sku: { eq: "D-1" } }, sort: "id") { data { attributes { name } } } }`);
  assert.equal(names.products.data.map((p: any) => p.attributes.name), ['Desk', 'Bureau']);
});

test('single types per locale: update<Name>(locale), <name>(locale), delete<Name>(locale)', async () => {
  const en = await run(`mutation { updateHomepage(data: { title: "Welcome", contactEmail: "a@example.com" }) { data { id attributes { locale } } } }`);
  assert.is(en.updateHomepage.data.attributes.locale, 'en');
  const fr = await run(`mutation { updateHomepage(data: { title: "Bienvenue" }, locale: "fr") { data { id attributes { title locale contactEmail localizations { data { attributes { locale } } } } } } }`);
  assert.equal(fr.updateHomepage.data.attributes, { title: 'Bienvenue', locale: 'fr', contactEmail: 'a@example.com', localizations: { data: [{ attributes: { locale: 'en' } }] } });
  const readFr = await run(`{ homepage(locale: "fr") { data { attributes { title } } } }`);
  assert.is(readFr.homepage.data.attributes.title, 'Bienvenue');
  const readEn = await run(`{ homepage { data { attributes { title } } } }`);
  assert.is(readEn.homepage.data.attributes.title, 'Welcome');
  const de = await run(`mutation { createHomepageLocalization(data: { title: "Willkommen" }, locale: "de") { data { attributes { locale contactEmail } } } }`);
  assert.equal(de.createHomepageLocalization.data.attributes, { locale: 'de', contactEmail: 'a@example.com' });
  const del = await run(`mutation { deleteHomepage(locale: "fr") { data { attributes { title } } } }`);
  assert.is(del.deleteHomepage.data.attributes.title, 'Bienvenue');
  const gone = await run(`{ homepage(locale: "fr") { data { id } } }`);
  assert.is(gone.homepage.data, null);
});

test('i18NLocales lists the configured locales (listLocales permission)', async () => {
  const r = await gqlData(s, `{ i18NLocales(sort: "id") { data { id attributes { code name } } } }`);
  assert.equal(r.i18NLocales.data.map((l: any) => [l.attributes.code, l.attributes.name]), [['en', 'English (en)'], ['fr', 'French (fr)'], ['de', 'German (de)']]);
  const one = await gqlData(s, `{ i18NLocale(id: ${r.i18NLocales.data[1].id}) { data { attributes { code } } } }`);
  assert.is(one.i18NLocale.data.attributes.code, 'fr');
});

test.run();
