/**
 * integration: on a database real Strapi 4.26.2 made (test/fixtures/strapi-db), the settings an
 * editor changes in Strapi's admin are read from Strapi's tables, live (within seconds, no restart):
 * the locales of i18n_locale and the default one of strapi_core_store_settings (locale validation of
 * reads, writes, localizations and GraphQL; /api/i18n/locales), and the users-permissions advanced
 * settings, email templates' keys and the email provider (register, login, default role).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DIALECT, startTestServer, type TestServer } from '../../helpers/server.js';
import { onDatabase } from '../../strapi/schema-fingerprint.js';
import { buildArtifacts, strapiAnswers, strapiDatabase, STRAPI_COEXIST_SPEC as SPEC, STRAPI_FIXTURE_ENV as ENV } from '../../helpers/strapi-fixture.js';

const it = test;
const STORE = 'strapi_core_store_settings';

let databaseUrl: string;
let s: TestServer;
let token: string;

test.before(async () => {
  const artifacts = await buildArtifacts(SPEC);
  databaseUrl = await strapiDatabase('strapi_settings', DIALECT);
  token = strapiAnswers(DIALECT).fullAccessKey;
  s = await startTestServer({ name: 'strapi-settings', artifactsDir: artifacts, databaseUrl, env: { ...ENV, AUTH_RATE_LIMIT_MAX: '1000' } });
});

test.after(async () => {
  await s?.stop();
});

/** a row of Strapi's store, as its admin writes it (JSON text) */
async function setStore(key: string, value: unknown): Promise<void> {
  await onDatabase(databaseUrl, (k) => k(STORE).where('key', key).update({ value: JSON.stringify(value) }));
}

async function storeValue(key: string): Promise<Record<string, unknown>> {
  const rows = await onDatabase(databaseUrl, (k) => k(STORE).where('key', key).select('value'));
  return JSON.parse(String((rows[0] as { value: string }).value));
}

/** a locale as Strapi's admin adds one (Settings -> Internationalization) */
async function addLocale(code: string, name: string): Promise<void> {
  const now = DIALECT === 'sqlite' ? Date.now() : new Date();
  await onDatabase(databaseUrl, (k) => k('i18n_locale').insert({ code, name, created_at: now, updated_at: now }));
}

/** `probe` again every 250 ms until it holds (quire re-reads Strapi's settings every 5 s), at most 8 s */
async function eventually(probe: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 32; i++) {
    if (await probe()) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

it(`[${DIALECT}] a locale added in Strapi's i18n_locale is accepted within seconds: writes, localizations, reads, GraphQL, /api/i18n/locales`, async () => {
  const refused = await s.request('POST', '/api/terms', { token, body: { data: { name: 'Moteur', locale: 'fr' } } });
  assert.is(refused.status, 400, refused.text);
  assert.is(refused.body.error.details.errors[0].message, 'locale must be one of the following values: en');

  await addLocale('fr', 'French (fr)');
  assert.ok(await eventually(async () => (await s.request('GET', '/api/terms?locale=fr', { token })).status === 200), 'fr read within seconds');
  const made = await s.request('POST', '/api/terms', { token, body: { data: { name: 'Schéma', code: 'schema-fr', locale: 'fr' } } });
  assert.is(made.status, 200, made.text);
  assert.is(made.body.data.attributes.locale, 'fr');

  const localization = await s.request('POST', '/api/terms/1/localizations', { token, body: { name: 'Moteur', locale: 'fr' } });
  assert.is(localization.status, 200, localization.text);
  assert.is(localization.body.locale, 'fr');
  const en = await s.request('GET', '/api/terms/1?populate=localizations', { token });
  assert.equal(en.body.data.attributes.localizations.data.map((e: { attributes: { locale: string } }) => e.attributes.locale), ['fr']);

  const gql = await s.request('POST', '/graphql', { token, body: { query: '{ terms(locale: "fr", sort: "id") { data { attributes { name locale } } } }' } });
  assert.is(gql.status, 200, gql.text);
  assert.equal(gql.body.data.terms.data.map((e: { attributes: { name: string } }) => e.attributes.name), ['Schéma', 'Moteur']);
  const unknown = await s.request('POST', '/graphql', { token, body: { query: '{ terms(locale: "de") { data { id } } }' } });
  assert.is(unknown.status, 400, unknown.text);

  const locales = await s.request('GET', '/api/i18n/locales', { token });
  assert.equal(locales.body.map((l: { code: string; isDefault: boolean }) => [l.code, l.isDefault]), [['en', true], ['fr', false]]);
});

it(`[${DIALECT}] the default locale is Strapi's (plugin_i18n_default_locale), followed within seconds`, async () => {
  await setStore('plugin_i18n_default_locale', 'fr');
  assert.ok(await eventually(async () => {
    const r = await s.request('GET', '/api/i18n/locales', { token });
    return r.body.find((l: { code: string }) => l.code === 'fr')?.isDefault === true;
  }), 'fr is the default');
  const list = await s.request('GET', '/api/terms?fields[0]=locale', { token });
  assert.ok(list.body.data.length > 0 && list.body.data.every((e: { attributes: { locale: string } }) => e.attributes.locale === 'fr'), list.text);
  const made = await s.request('POST', '/api/terms', { token, body: { data: { name: 'Jeton' } } });
  assert.is(made.status, 200, made.text);
  assert.is(made.body.data.attributes.locale, 'fr', 'a create without a locale gets the default one');
  await setStore('plugin_i18n_default_locale', 'en');
});

const register = (username: string) =>
  s.request('POST', '/api/auth/local/register', { body: { username, email: `${username}@example.com`, password: 'Passw0rd-1' } });

it(`[${DIALECT}] users-permissions advanced settings come from Strapi's store: allow_register, default_role, email_confirmation`, async () => {
  const advanced = await storeValue('plugin_users-permissions_advanced');
  assert.is((await register('before-off')).status, 200);

  await setStore('plugin_users-permissions_advanced', { ...advanced, allow_register: false });
  let probes = 0;
  assert.ok(await eventually(async () => (await register(`probe-off-${probes++}`)).body?.error?.message === 'Register action is currently disabled'), 'registration turned off within seconds');
  const off = await register('while-off-2');
  assert.equal(off.body.error, { status: 400, name: 'ApplicationError', message: 'Register action is currently disabled', details: {} });

  // the default role: a user registered now gets the public role, which may not read /users/me (Strapi answers 403 too)
  await setStore('plugin_users-permissions_advanced', { ...advanced, default_role: 'public' });
  assert.ok(await eventually(async () => (await register(`probe-public-${probes++}`)).status === 200));
  const roleOf = async (username: string) => {
    const rows = await onDatabase(databaseUrl, (k) =>
      k('up_users').join('up_users_role_links as l', 'l.user_id', 'up_users.id').join('up_roles as r', 'r.id', 'l.role_id').where('up_users.username', username).select('r.type'));
    return (rows[0] as { type: string } | undefined)?.type;
  };
  const reader = await register('public-reader');
  assert.is(reader.status, 200, reader.text);
  assert.is(await roleOf('public-reader'), 'public');
  assert.is((await s.request('GET', '/api/users/me', { token: reader.body.jwt })).status, 403);
  assert.is(await roleOf('before-off'), 'authenticated');

  await setStore('plugin_users-permissions_advanced', { ...advanced, email_confirmation: true, email_confirmation_redirection: 'https://front.example/confirmed' });
  assert.ok(await eventually(async () => (await register(`probe-confirm-${probes++}`)).body?.jwt === undefined), 'confirmation on within seconds');
  const unconfirmed = await register('unconfirmed');
  assert.is(unconfirmed.status, 200, unconfirmed.text);
  assert.is(unconfirmed.body.jwt, undefined, 'no JWT before the email is confirmed');
  const login = await s.request('POST', '/api/auth/local', { body: { identifier: 'unconfirmed@example.com', password: 'Passw0rd-1' } });
  assert.equal(login.body.error, { status: 400, name: 'ApplicationError', message: 'Your account email is not confirmed', details: {} });

  await setStore('plugin_users-permissions_advanced', advanced);
});

it(`[${DIALECT}] the email provider turned off in Strapi's admin (plugin_users-permissions_grant): login is refused as Strapi refuses it`, async () => {
  const grant = await storeValue('plugin_users-permissions_grant');
  assert.is((await s.request('POST', '/api/auth/local', { body: { identifier: 'before-off@example.com', password: 'Passw0rd-1' } })).status, 200);
  await setStore('plugin_users-permissions_grant', { ...grant, email: { ...(grant.email as object), enabled: false } });
  const refused = () => s.request('POST', '/api/auth/local', { body: { identifier: 'before-off@example.com', password: 'Passw0rd-1' } });
  assert.ok(await eventually(async () => (await refused()).status === 400));
  assert.equal((await refused()).body.error, { status: 400, name: 'ApplicationError', message: 'This provider is disabled', details: {} });
  await setStore('plugin_users-permissions_grant', grant);
  assert.ok(await eventually(async () => (await refused()).status === 200));
});

test.run();
