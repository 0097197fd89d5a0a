/**
 * compiler: every emitter handles empty sets (test/fixtures/specs/empty-sets): a content-type without
 * attributes, a single type with only media, components without any attribute, with only media, with only
 * a relation and components. Both artifacts stay valid (OpenAPI parser, graphql-js) and byte-stable.
 */
import { validate } from '@readme/openapi-parser';
import { buildSchema, parse, print } from 'graphql';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileSpec } from '../../compiler/compile.js';
import { FIXTURES } from '../helpers/spec-dir.js';

const SPEC = join(FIXTURES, 'specs', 'empty-sets');

test('builds without problems or warnings, twice byte for byte', async () => {
  const a = await compileSpec(SPEC);
  const b = await compileSpec(SPEC);
  assert.equal(a.warnings, []);
  for (const f of Object.keys(a.files)) assert.is(a.files[f], b.files[f], f);
});

test('openapi.json is valid and has no empty enum', async () => {
  const { files } = await compileSpec(SPEC);
  const doc = JSON.parse(files['openapi.json']);
  const result = await validate(structuredClone(doc));
  assert.ok(result.valid, JSON.stringify((result as { errors?: unknown }).errors));
  assert.not.match(files['openapi.json'], /"enum": \[\]/);
  // a component with only media (or nothing) takes fields=* or an empty list
  const fields = doc.components.schemas.ComponentBlocksPictureFields ?? Object.entries(doc.components.schemas).find(([k]) => /Picture.*Fields$/.test(k))?.[1];
  assert.ok(fields, 'fields schema of blocks.picture');
  assert.equal(fields.anyOf, [{ type: 'string', enum: ['*'] }, { type: 'array', maxItems: 0, items: { type: 'string' } }]);
});

test('schema.graphql builds, survives a parse/print round trip, and has no empty type or input', async () => {
  const { files } = await compileSpec(SPEC);
  const sdl = files['schema.graphql'];
  buildSchema(sdl);
  const once = print(parse(sdl));
  assert.is(print(parse(once)), once);
  assert.not.match(sdl, /(type|input) \w+ \{\s*\}/);
});

test('GraphQL follows the Strapi v4 plugin: no input for a type with nothing to write, mutations without data', async () => {
  const { files } = await compileSpec(SPEC);
  const sdl = files['schema.graphql'];
  assert.not.match(sdl, /MarkerInput/);
  assert.match(sdl, /\n {2}createMarker: MarkerEntityResponse\n/);
  assert.match(sdl, /\n {2}updateMarker\(id: ID!\): MarkerEntityResponse\n/);
  assert.match(sdl, /type Marker \{\n {2}createdAt: DateTime\n {2}updatedAt: DateTime\n\}/);
  assert.match(sdl, /type ComponentBlocksDivider \{\n {2}id: ID!\n\}/);
  assert.match(sdl, /input ComponentBlocksDividerFiltersInput \{\n {2}and: \[ComponentBlocksDividerFiltersInput\]\n {2}not: ComponentBlocksDividerFiltersInput\n {2}or: \[ComponentBlocksDividerFiltersInput\]\n\}/);
  assert.match(sdl, /union PageBlocksDynamicZone = ComponentBlocksByline \| ComponentBlocksDivider \| ComponentBlocksPicture \| Error/);
  assert.match(sdl, /\n {2}updateGallery\(data: GalleryInput!\): GalleryEntityResponse\n/);
});

test.run();
