/**
 * build: the i18n checks. config/i18n.json must list distinct locale codes and a default among them;
 * `pluginOptions.i18n.localized` is a boolean; a shared (`localized: false`) attribute needs a
 * localized content-type; components take no i18n option; `createLocalization` is a permission of
 * localized types only. A valid localized spec builds, and its contracts carry the i18n surface.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { main } from '../../compiler/cli.js';
import { copySpec, editJson, runCli, tempDir } from '../helpers/spec-dir.js';

const POST = 'api/post/content-types/post/schema.json';
const META = 'components/blog/meta.json';

function config(dir: string, file: string, value: unknown): void {
  mkdirSync(join(dir, 'config'), { recursive: true });
  writeFileSync(join(dir, 'config', file), JSON.stringify(value));
}

const localize = (s: any) => {
  s.pluginOptions = { i18n: { localized: true } };
  s.attributes.views.pluginOptions = { i18n: { localized: false } };
};

const cases: { name: string; setup: (dir: string) => void; expect: RegExp[] }[] = [
  {
    name: 'defaultLocale not among locales',
    setup: (dir) => config(dir, 'i18n.json', { defaultLocale: 'it', locales: ['en', 'fr'] }),
    expect: [/config\/i18n\.json: \/defaultLocale: defaultLocale must be one of locales/],
  },
  {
    name: 'a locale listed twice',
    setup: (dir) => config(dir, 'i18n.json', { defaultLocale: 'en', locales: ['en', 'fr', 'en'] }),
    expect: [/config\/i18n\.json: \/locales\/2: locale "en" is listed twice/],
  },
  {
    name: 'malformed locale codes',
    setup: (dir) => config(dir, 'i18n.json', { defaultLocale: 'en', locales: ['en', 'French'] }),
    expect: [/config\/i18n\.json: \/locales: locales must be a non-empty array of locale codes/],
  },
  {
    name: 'localized: false on an attribute of a type without i18n',
    setup: (dir) => editJson(dir, POST, (s) => (s.attributes.views.pluginOptions = { i18n: { localized: false } })),
    expect: [/post\/schema\.json: attribute "views".*"localized": false needs a localized content-type/],
  },
  {
    name: 'pluginOptions.i18n.localized that is not a boolean',
    setup: (dir) => editJson(dir, POST, (s) => (s.pluginOptions = { i18n: { localized: 'yes' } })),
    expect: [/post\/schema\.json: \/pluginOptions\/i18n: pluginOptions\.i18n must be \{"localized": true \| false\}/],
  },
  {
    name: 'an i18n option inside a component',
    setup: (dir) => {
      editJson(dir, POST, localize);
      editJson(dir, META, (c) => (c.attributes[Object.keys(c.attributes)[0]].pluginOptions = { i18n: { localized: false } }));
    },
    expect: [/components\/blog\/meta\.json: attribute "\w+".*component attributes take no i18n option/],
  },
  {
    name: 'createLocalization on a type without i18n',
    setup: (dir) => config(dir, 'permissions.json', { public: ['api::post.post.createLocalization'] }),
    expect: [/config\/permissions\.json: \/public\/0: "api::post\.post\.createLocalization": createLocalization needs a localized content-type/],
  },
];

for (const c of cases) {
  test(c.name, async () => {
    const dir = copySpec('minimal');
    c.setup(dir);
    const run = await runCli(main, ['build', '--src', dir, '--out', join(tempDir(), 'artifacts')]);
    assert.is(run.code, 1, 'exit code');
    const errorLines = run.err.filter((l) => l.startsWith('error: '));
    for (const re of c.expect) assert.ok(errorLines.some((l) => re.test(l)), `no line matches ${re}\n${errorLines.join('\n')}`);
    assert.is(errorLines.length, c.expect.length, `unexpected lines:\n${errorLines.join('\n')}`);
    rmSync(dir, { recursive: true, force: true });
  });
}

test('a localized type builds: locale arguments, createLocalization route and mutation, i18n queries', async () => {
  const dir = copySpec('minimal');
  editJson(dir, POST, localize);
  config(dir, 'i18n.json', { defaultLocale: 'fr', locales: ['en', 'fr'] });
  config(dir, 'permissions.json', { public: ['api::post.post.find', 'api::post.post.createLocalization', 'plugin::i18n.locales.listLocales'] });
  const out = join(tempDir(), 'artifacts');
  const run = await runCli(main, ['build', '--src', dir, '--out', out]);
  assert.is(run.code, 0, run.err.join('\n'));
  const model = JSON.parse(readFileSync(join(out, 'model.json'), 'utf8'));
  assert.equal(model.config.i18n, { defaultLocale: 'fr', locales: ['en', 'fr'] });
  assert.is(model.contentTypes['api::post.post'].localized, true);
  assert.is(model.contentTypes['api::post.post'].attributes.views.localized, false);
  assert.is(model.contentTypes['api::post.post'].attributes.title.localized, true);
  const openapi = JSON.parse(readFileSync(join(out, 'openapi.json'), 'utf8'));
  const create = openapi.paths['/api/posts/{id}/localizations'].post;
  assert.equal(create['x-quire'], { uid: 'api::post.post', action: 'createLocalization' });
  assert.equal(create.responses['200'].content['application/json'].schema, { $ref: '#/components/schemas/PostRecord' });
  assert.equal(openapi.paths['/api/i18n/locales'].get['x-quire'], { uid: 'plugin::i18n.locale', action: 'listLocales' });
  assert.ok(openapi.paths['/api/posts'].get.parameters.some((p: any) => p.name === 'locale'));
  assert.ok(openapi.components.schemas.EntryMeta.properties.availableLocales.items.properties.publishedAt);
  const sdl = readFileSync(join(out, 'schema.graphql'), 'utf8');
  for (const line of [
    'scalar I18NLocaleCode',
    'createPostLocalization(id: ID, data: PostInput, locale: I18NLocaleCode): PostEntityResponse',
    'createPost(data: PostInput!, locale: I18NLocaleCode): PostEntityResponse',
    'i18NLocales(filters: I18NLocaleFiltersInput, pagination: PaginationArg = {}, sort: [String] = []): I18NLocaleEntityResponseCollection',
    'type I18NLocaleEntityResponseCollection {',
  ]) assert.ok(sdl.includes(line), `SDL lacks: ${line}`);
  // arguments in Strapi's order, `locale` last (as Strapi 4.26.2's introspection lists them)
  assert.match(sdl, /posts\(filters: PostFiltersInput, pagination: PaginationArg = \{\}, sort: \[String\] = \[\], publicationState: PublicationState = LIVE, locale: I18NLocaleCode\)/);
  assert.match(sdl, /localizations\(filters: PostFiltersInput, pagination: PaginationArg = \{\}, sort: \[String\] = \[\], publicationState: PublicationState = LIVE\): PostRelationResponseCollection/);
  rmSync(dir, { recursive: true, force: true });
});

test.run();
