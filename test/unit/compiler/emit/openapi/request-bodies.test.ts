/**
 * test (compiler/emit/openapi): request-body schemas: `{data}` wrappers, create vs partial update, scalar
 * typing and constraints, the relation input forms, media ids, components and dynamic zones; and Ajv
 * (through the engine's body validator, engine/http/body-validator.ts) accepting and refusing sample bodies.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { OpenApiDocument } from '../../../../../engine/artifacts/load-artifacts.js';
import { BodyValidator } from '../../../../../engine/http/body-validator.js';
import { deref, exampleDoc, schemaOf, type Json } from './example-model.js';

test('create and update bodies wrap the fields in a required data key', async () => {
  const doc = await exampleDoc();
  assert.equal(schemaOf(doc, 'ArticleRequest'), { type: 'object', required: ['data'], properties: { data: { $ref: '#/components/schemas/ArticleInput' } } });
  assert.equal(schemaOf(doc, 'ArticleUpdateRequest').properties.data, { $ref: '#/components/schemas/ArticleUpdateInput' });
  assert.not.ok(doc.components.schemas.HomepageRequest, 'single types have no create body');
});

test('create lists required attributes without a default (draft-and-publish types: in the description, drafts may leave them out); update lists none', async () => {
  const doc = await exampleDoc();
  assert.is(schemaOf(doc, 'ArticleInput').required, undefined);
  assert.match(schemaOf(doc, 'ArticleInput').description, 'A published entry needs title; a draft (publishedAt: null) may leave them out.');
  assert.equal(schemaOf(doc, 'CategoryInput').required, ['name', 'slug']);
  assert.not.ok('required' in schemaOf(doc, 'ArticleUpdateInput'));
  assert.not.ok('default' in schemaOf(doc, 'ArticleUpdateInput').properties.format, 'no default on a partial update');
  assert.is(schemaOf(doc, 'ArticleInput').properties.format.default, 'news');
});

test('scalars are typed with their constraints; optional ones are nullable', async () => {
  const doc = await exampleDoc();
  const p = schemaOf(doc, 'ArticleInput').properties;
  // a draft may leave it out or keep it short: both are checked when the entry is published
  assert.equal(p.title, { description: 'Required to publish. At least 3 characters to publish.', type: 'string', maxLength: 200, nullable: true });
  assert.is(p.excerpt.nullable, true);
  assert.is(p.excerpt.maxLength, 500);
  assert.equal(p.format.enum, ['news', 'feature', 'opinion', 'review', null], 'a draft may clear it');
  assert.is(p.slug.pattern, '^[A-Za-z0-9-_.~]*$');
  assert.is(p.contactEmail.format, 'email');
  assert.equal([p.readingTime.type, p.readingTime.format, p.readingTime.minimum, p.readingTime.maximum], ['integer', 'int32', 1, 600]);
  assert.equal([p.rating.type, p.rating.minimum, p.rating.maximum], ['number', 0, 5]);
  assert.is(p.popularity.type, 'number');
  assert.is(p.featured.type, 'boolean');
  assert.is(p.publishDate.format, 'date');
  assert.match(p.publishTime.pattern, /^\^\(\[01\]/);
  assert.is(p.lastReviewedAt.format, 'date-time');
  assert.equal(p.importedAt.oneOf.map((s: Json) => s.type), ['string', 'integer']);
  assert.equal(p.wordCount.oneOf.map((s: Json) => s.type), ['string', 'integer']);
  assert.equal(p.metadata, {});
  assert.is(p.publishedAt.nullable, true);
  assert.is(schemaOf(doc, 'AuthorProfileInput').properties.website.pattern, '^https?://');
  const position = schemaOf(doc, 'CategoryInput').properties.position;
  assert.equal([position.minimum, position.maximum, position.default], [-2147483648, 2147483647, 0]);
});

test('relations take an id, ids, {connect, disconnect}, {set} or {id}', async () => {
  const doc = await exampleDoc();
  const author = schemaOf(doc, 'ArticleInput').properties.author;
  assert.equal(author.allOf, [{ $ref: '#/components/schemas/RelationInputNullable' }]);
  const forms = schemaOf(doc, 'RelationInput').oneOf.map((s: Json) => deref(doc, s));
  assert.is(forms.length, 5);
  assert.equal(forms[0], schemaOf(doc, 'RelationId'));
  assert.is(forms[0].type, 'integer');
  assert.is(forms[1].type, 'array');
  assert.equal(Object.keys(forms[2].properties), ['connect', 'disconnect']);
  assert.is(forms[2].additionalProperties, false);
  assert.equal(forms[3].required, ['set']);
  assert.is(forms[3].additionalProperties, false);
  assert.equal([forms[4].required, Object.keys(forms[4].properties), forms[4].additionalProperties], [['id'], ['id', 'type'], false]);
  const connectItem = schemaOf(doc, 'RelationConnectItem').oneOf;
  assert.equal(connectItem[1].properties.position, { $ref: '#/components/schemas/RelationPosition' });
  const positions = schemaOf(doc, 'RelationPosition').oneOf.map((s: Json) => s.required[0]);
  assert.equal(positions, ['before', 'after', 'start', 'end']);
  assert.ok(schemaOf(doc, 'RelationPosition').oneOf.every((s: Json) => s.additionalProperties === false));
});

test('media take file ids; components their input plus id; dynamic zones __component items', async () => {
  const doc = await exampleDoc();
  const p = schemaOf(doc, 'ArticleInput').properties;
  assert.equal([p.cover.type, p.cover.minimum, p.cover.nullable], ['integer', 1, true]);
  assert.equal([p.gallery.type, p.gallery.items.type], ['array', 'integer']);
  assert.equal(p.sources.items, { $ref: '#/components/schemas/ComponentContentSourceInput' });
  assert.is(p.sources.maxItems, 20);
  assert.equal(p.seo.oneOf[0], { $ref: '#/components/schemas/ComponentSharedSeoInput' });
  const seo = schemaOf(doc, 'ComponentSharedSeoInput');
  assert.equal(Object.keys(seo.properties), ['id', 'metaTitle', 'metaDescription', 'metaImage', 'noIndex', 'openGraph']);
  assert.is(seo.required, undefined);
  assert.is(seo.anyOf, undefined, 'written by a draft-and-publish type: a draft may leave its required attributes out');
  assert.match(seo.properties.metaTitle.description, 'Required to publish.');
  assert.equal(p.blocks.items.discriminator.propertyName, '__component');
  assert.is(p.blocks.items.oneOf.length, 4);
  const quote = schemaOf(doc, 'ComponentContentQuoteZoneInput');
  assert.equal(quote.required, ['__component']);
  assert.is(quote.anyOf, undefined);
  assert.equal(quote.properties.__component, { type: 'string', enum: ['content.quote'] });
});

test('the body validator compiles the request schemas and they agree with the contract', async () => {
  const contract = await BodyValidator.create((await exampleDoc()) as unknown as OpenApiDocument);
  const check = async (operationId: string, body: unknown) => (await contract.problems(operationId, body)).length === 0;
  const ok = { title: 'Hello', author: 3, tags: { connect: [1, { id: 2, position: { before: 1 } }], disconnect: [{ id: 4 }] } };
  assert.ok(await check('article.create', { data: ok }));
  assert.ok(await check('article.create', { data: { title: 'Hi!', tags: { set: [1, { id: 2 }] }, blocks: [{ __component: 'content.quote', text: 'q' }] } }));
  assert.ok(await check('article.update', { data: { author: null, seo: null, internalNotes: 'n', unknownKey: 1 } }));
  assert.ok(await check('article.update', { data: { author: { id: 3 }, category: { id: 2, type: 'api::category.category' } } }), '{id} and {id, type}');
  assert.ok(await check('article.update', { data: { seo: { id: 4, noIndex: true }, blocks: [{ __component: 'content.quote', id: 2 }] } }), 'partial update of a component by id');
  assert.ok(await check('article.update', { data: { seo: { noIndex: true } } }), 'a draft may leave a component\'s required attributes out (checked when published)');
  assert.ok(await check('article.create', { data: { publishedAt: null } }), 'a draft without its required attributes');
  assert.not.ok(await check('article.update', { data: { author: { id: 3, extra: 1 } } }));
  assert.not.ok(await check('article.create', { title: 'no data wrapper' }));
  assert.not.ok(await check('category.create', { data: { description: 'missing name and slug' } }));
  assert.not.ok(await check('article.update', { data: { tags: { set: [1], connect: [2] } } }), 'set with connect');
  assert.not.ok(await check('article.update', { data: { tags: { connect: [{ id: 1, position: { start: true, end: true } }] } } }), 'two positions');
  assert.not.ok(await check('article.update', { data: { blocks: [{ text: 'no __component' }] } }));
  assert.not.ok(await check('article.update', { data: { readingTime: 601 } }));
  assert.not.ok(await check('article.update', { data: { format: 'gossip' } }));
});

test.run();
