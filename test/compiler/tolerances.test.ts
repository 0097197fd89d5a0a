/**
 * compiler: what Strapi v4 starts with builds with one `warning:` line (file, attribute, what to do) and exit
 * code 0: custom fields (registry, config/custom-fields.json, unknown ones as json), relation sides that do
 * not pair up, options that cannot work. Each case checks the warning and what the model made of it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { main } from '../../compiler/cli.js';
import { CUSTOM_FIELD_TYPES } from '../../compiler/model/custom-fields.js';
import { copySpec, editJson, readJsonFile, runCli, tempDir, writeJsonFile, type CliRun } from '../helpers/spec-dir.js';

const POST = 'api/post/content-types/post/schema.json';
const PERSON = 'api/person/content-types/person/schema.json';

async function build(setup: (dir: string) => void): Promise<{ run: CliRun; model: any; warnings: string[] }> {
  const dir = copySpec('minimal');
  setup(dir);
  const out = join(tempDir(), 'art');
  const run = await runCli(main, ['build', '--src', dir, '--out', out]);
  assert.is(run.code, 0, run.err.join('\n'));
  assert.not.ok(run.err.some((l) => l.startsWith('error:')), run.err.join('\n'));
  return { run, model: readJsonFile(join(out, 'model.json')), warnings: run.err.filter((l) => l.startsWith('warning: ')) };
}

test('the minimal spec builds without a warning', async () => {
  const { warnings } = await build(() => undefined);
  assert.equal(warnings, []);
});

test('every registry custom field builds as the type its plugin stores, without a warning', async () => {
  const entries = Object.entries(CUSTOM_FIELD_TYPES);
  const { model, warnings } = await build((dir) =>
    editJson(dir, POST, (s) => entries.forEach(([uid], i) => (s.attributes[`cf${i}`] = { type: 'customField', customField: uid }))),
  );
  assert.equal(warnings, []);
  entries.forEach(([uid, entry], i) => {
    const attr = model.contentTypes['api::post.post'].attributes[`cf${i}`];
    assert.is(attr.type, entry.type, uid);
    assert.is(attr.customField, uid);
  });
  assert.is(CUSTOM_FIELD_TYPES['plugin::ckeditor.CKEditor'].type, 'richtext');
});

test('an unknown custom field builds as json with one warning naming the file, the attribute and how to map it', async () => {
  const { model, warnings } = await build((dir) => editJson(dir, POST, (s) => (s.attributes.mood = { type: 'customField', customField: 'plugin::acme.mood' })));
  assert.equal(warnings, [
    'warning: api/post/content-types/post/schema.json: attribute "mood": custom field "plugin::acme.mood" is not known to quire: served as json; if its plugin stores another type, map it in config/custom-fields.json ({"plugin::acme.mood": "string"})',
  ]);
  assert.is(model.contentTypes['api::post.post'].attributes.mood.type, 'json');
  assert.is(model.contentTypes['api::post.post'].attributes.mood.customField, 'plugin::acme.mood');
});

test('config/custom-fields.json maps a custom field (and wins over the registry)', async () => {
  const { model, warnings } = await build((dir) => {
    editJson(dir, POST, (s) => {
      s.attributes.mood = { type: 'customField', customField: 'plugin::acme.mood' };
      s.attributes.color = { type: 'customField', customField: 'plugin::color-picker.color' };
    });
    writeJsonFile(join(dir, 'config', 'custom-fields.json'), { 'plugin::acme.mood': 'integer', 'plugin::color-picker.color': 'text' });
  });
  assert.equal(warnings, []);
  assert.is(model.contentTypes['api::post.post'].attributes.mood.type, 'integer');
  assert.is(model.contentTypes['api::post.post'].attributes.color.type, 'text');
});

test('a bad config/custom-fields.json is an error', async () => {
  const dir = copySpec('minimal');
  writeJsonFile(join(dir, 'config', 'custom-fields.json'), { 'plugin::acme.mood': 'relation', nonsense: 'string' });
  const r = await runCli(main, ['build', '--src', dir, '--out', join(tempDir(), 'art')]);
  assert.is(r.code, 1);
  assert.ok(r.err.some((l) => /^error: config\/custom-fields\.json: \/plugin::acme\.mood: stored type must be one of string, text/.test(l)), r.err.join('\n'));
  assert.ok(r.err.some((l) => /^error: config\/custom-fields\.json: \/nonsense: "nonsense" is not a custom field uid/.test(l)), r.err.join('\n'));
});

test('mappedBy naming no relation back builds a one-sided relation with its own link table', async () => {
  const { model, warnings } = await build((dir) => editJson(dir, PERSON, (s) => (s.attributes.drafts = { type: 'relation', relation: 'oneToMany', target: 'api::post.post', mappedBy: 'ghost' })));
  assert.equal(warnings, [
    'warning: api/person/content-types/person/schema.json: attribute "drafts": mappedBy "ghost": api::post.post has no relation "ghost" back to api::person.person; served as a one-sided relation (Strapi starts but keeps no link for it): add that attribute to api::post.post or remove mappedBy',
  ]);
  const drafts = model.contentTypes['api::person.person'].attributes.drafts;
  assert.is(drafts.owner, true);
  assert.is(drafts.inverse, undefined);
  assert.equal(drafts.joinTable, { name: 'people_drafts_links', ownerColumn: 'person_id', targetColumn: 'post_id', orderColumn: 'post_order' });
});

test('mappedBy naming an attribute that is not a relation back is tolerated the same way', async () => {
  const { model, warnings } = await build((dir) => editJson(dir, PERSON, (s) => (s.attributes.editorOf = { type: 'relation', relation: 'oneToOne', target: 'api::post.post', mappedBy: 'title' })));
  assert.is(warnings.length, 1);
  assert.match(warnings[0], /attribute "editorOf": mappedBy "title": api::post\.post has no relation "title" back/);
  assert.is(model.contentTypes['api::person.person'].attributes.editorOf.owner, true);
});

test('inversedBy on both sides: the side whose uid sorts first reads the other side\'s link table, as in Strapi', async () => {
  const { model, warnings } = await build((dir) => {
    editJson(dir, PERSON, (s) => (s.attributes.liked = { type: 'relation', relation: 'manyToMany', target: 'api::post.post', inversedBy: 'likers' }));
    editJson(dir, POST, (s) => (s.attributes.likers = { type: 'relation', relation: 'manyToMany', target: 'api::person.person', inversedBy: 'liked' }));
  });
  assert.equal(warnings, [
    'warning: api/person/content-types/person/schema.json: attribute "liked": inversedBy "likers": api::post.post.likers says inversedBy too; as Strapi does, this side reads api::post.post\'s link table: write "mappedBy": "likers" here',
  ]);
  const liked = model.contentTypes['api::person.person'].attributes.liked;
  const likers = model.contentTypes['api::post.post'].attributes.likers;
  assert.is(liked.owner, false);
  assert.is(likers.owner, true);
  assert.equal(liked.joinTable, likers.joinTable);
  assert.is(likers.joinTable.name, 'posts_likers_links');
});

test('options that cannot work: bounds reversed (kept), bad regex, bad uid targetField, wrong-type defaults (dropped)', async () => {
  const { model, warnings } = await build((dir) => editJson(dir, POST, (s) => {
    s.attributes.views.min = 10;
    s.attributes.views.max = 1;
    s.attributes.code = { type: 'string', regex: '([a-z', minLength: 5, maxLength: 2 };
    s.attributes.slug = { type: 'uid', targetField: 'nothing' };
    s.attributes.flag = { type: 'boolean', default: 'true' };
    s.attributes.kind = { type: 'enumeration', enum: ['a', 'b'], default: 'c' };
  }));
  const file = 'warning: api/post/content-types/post/schema.json';
  assert.equal(warnings.sort(), [
    `${file}: attribute "code": minLength (5) is greater than maxLength (2): no value can be written (as in Strapi, which starts with it); fix the bounds`,
    `${file}: attribute "code": regex "([a-z" is not a valid regular expression: ignored (Strapi starts with it); fix or remove it`,
    `${file}: attribute "flag": default must be a boolean: ignored (Strapi keeps it and refuses every create that leaves "flag" out); fix the default`,
    `${file}: attribute "kind": default "c" is not one of the enum values: ignored (Strapi keeps it and refuses every create that leaves "kind" out); fix the default`,
    `${file}: attribute "slug": targetField "nothing" is not a string or text attribute of this type: ignored (Strapi starts with it); name one or remove targetField`,
    `${file}: attribute "views": min (10) is greater than max (1): no value can be written (as in Strapi, which starts with it); fix the bounds`,
  ].sort());
  const attrs = model.contentTypes['api::post.post'].attributes;
  assert.is(attrs.views.min, 10);
  assert.is(attrs.views.max, 1);
  assert.is(attrs.code.regex, undefined);
  assert.is(attrs.slug.targetField, undefined);
  assert.is(attrs.flag.default, undefined);
  assert.is(attrs.kind.default, undefined);
});

test('enumeration values with spaces and punctuation build (GraphQL names are their slugs)', async () => {
  const dir = copySpec('minimal');
  editJson(dir, POST, (s) => (s.attributes.status = { type: 'enumeration', enum: ['in review', 'Done!', 'draft'] }));
  const out = join(tempDir(), 'art');
  const r = await runCli(main, ['build', '--src', dir, '--out', out]);
  assert.is(r.code, 0, r.err.join('\n'));
  assert.match(readFileSync(join(out, 'schema.graphql'), 'utf8'), /enum ENUM_POST_STATUS \{\n {2}in_review\n {2}Done\n {2}draft\n\}/);
  assert.equal(readJsonFile(join(out, 'model.json')).contentTypes['api::post.post'].attributes.status.enum, ['in review', 'Done!', 'draft']);
});

test('warnings are printed even when the build fails on an error', async () => {
  const dir = copySpec('minimal');
  editJson(dir, POST, (s) => {
    s.attributes.mood = { type: 'customField', customField: 'plugin::acme.mood' };
    s.attributes.title.type = 'strin';
  });
  const r = await runCli(main, ['build', '--src', dir, '--out', join(tempDir(), 'art')]);
  assert.is(r.code, 1);
  assert.ok(r.err.some((l) => l.startsWith('warning: ') && l.includes('plugin::acme.mood')));
  assert.ok(r.err.some((l) => l.startsWith('error: ') && l.includes('unknown type "strin"')));
});

test.run();
