/**
 * compiler: the Strapi v4 project fixtures (test/fixtures/projects) build as they are, with warnings only
 * for what quire does not run (and the shop's inversedBy pair), into valid, byte-stable artifacts.
 */
import { validate } from '@readme/openapi-parser';
import { buildSchema } from 'graphql';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileSpec } from '../../compiler/compile.js';
import { FIXTURES } from '../helpers/spec-dir.js';

const EXPECTED_WARNINGS: Record<string, string[]> = {
  marketing: [
    'config/plugins.js: 1 plugin enabled in config not run by quire: seo',
    'package.json: 5 installed Strapi plugins not run by quire: @_sh/strapi-plugin-ckeditor, @strapi/plugin-color-picker, strapi-plugin-country-select and 2 more (custom fields they register are served as the type they store)',
  ],
  blog: ['package.json: 2 installed Strapi plugins not run by quire: @ckeditor/strapi-plugin-ckeditor, strapi-plugin-tagsinput (custom fields they register are served as the type they store)'],
  shop: [
    'package.json: 1 installed Strapi plugin not run by quire: @strapi/plugin-color-picker (custom fields they register are served as the type they store)',
    'src/api/category/content-types/category/schema.json: attribute "products": inversedBy "categories": api::product.product.categories says inversedBy too; as Strapi does, this side reads api::product.product\'s link table: write "mappedBy": "categories" here',
  ],
};

for (const [project, expected] of Object.entries(EXPECTED_WARNINGS)) {
  test(`${project}: builds with the expected warnings into valid, byte-stable artifacts`, async () => {
    const dir = join(FIXTURES, 'projects', project);
    const a = await compileSpec(dir);
    const b = await compileSpec(dir);
    assert.equal(a.warnings.map((w) => w.toLine()), expected);
    for (const f of Object.keys(a.files)) assert.is(a.files[f], b.files[f], `${project}/${f} differs between two builds`);
    const result = await validate(JSON.parse(a.files['openapi.json']));
    assert.ok(result.valid, JSON.stringify((result as { errors?: unknown }).errors));
    buildSchema(a.files['schema.graphql']);
  });
}

test('marketing: custom fields of five plugins are served as the types their plugins store', async () => {
  const { model } = await compileSpec(join(FIXTURES, 'projects', 'marketing'));
  const c = model.components;
  const attr = (uid: string, name: string) => c[uid].attributes[name] as { type: string; customField?: string };
  assert.equal([attr('sections.hero', 'accentColor').type, attr('sections.feature', 'icon').type, attr('sections.rich-text', 'content').type, attr('sections.testimonial', 'topics').type, attr('sections.large-video', 'video').type],
    ['string', 'string', 'richtext', 'json', 'json']);
  assert.is((model.contentTypes['api::lead-form-submission.lead-form-submission'].attributes.country as { type: string }).type, 'string');
  assert.is(attr('sections.large-video', 'video').customField, 'plugin::video-field.video');
});

test.run();
