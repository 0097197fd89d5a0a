/**
 * test (compiler/emit/openapi): response schemas: the {data, meta} envelope, entries, populated relation
 * and media shapes by $ref, components inline, dynamic zones discriminated by __component, list
 * pagination forms, and how scalars travel (biginteger and timestamp as strings).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { exampleDoc, schemaOf, type Json } from './example-model.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

test('envelopes: {data: entry, meta} and {data: entry[], meta: {pagination}}', async () => {
  const doc = await exampleDoc();
  assert.equal(schemaOf(doc, 'ArticleResponse').properties.data, ref('ArticleEntry'));
  assert.equal(schemaOf(doc, 'ArticleResponse').required, ['data', 'meta']);
  const list = schemaOf(doc, 'ArticleListResponse');
  assert.equal(list.properties.data, { type: 'array', items: ref('ArticleEntry') });
  assert.equal(list.properties.meta, ref('ListMeta'));
  assert.equal(schemaOf(doc, 'ListMeta').properties.pagination.oneOf, [ref('PaginationByPage'), ref('PaginationByOffset')]);
  assert.equal(Object.keys(schemaOf(doc, 'PaginationByPage').properties), ['page', 'pageSize', 'pageCount', 'total']);
  assert.equal(Object.keys(schemaOf(doc, 'PaginationByOffset').properties), ['start', 'limit', 'total']);
  assert.not.ok(doc.components.schemas.HomepageListResponse);
});

test('entry: {id, attributes, meta}', async () => {
  const doc = await exampleDoc();
  const entry = schemaOf(doc, 'ArticleEntry');
  assert.equal(entry.required, ['id', 'attributes']);
  assert.equal(entry.properties.id, { type: 'integer', minimum: 1 });
  assert.equal(entry.properties.attributes, ref('ArticleAttributes'));
  assert.equal(entry.properties.meta, ref('EntryMeta'));
  assert.is(schemaOf(doc, 'ArticleAttributes').description, 'A published piece of writing');
});

test('attributes: public fields in declared order, then timestamps; publishedAt only with draft and publish', async () => {
  const doc = await exampleDoc();
  const keys = Object.keys(schemaOf(doc, 'ArticleAttributes').properties);
  assert.equal(keys.slice(0, 4), ['title', 'slug', 'excerpt', 'body']);
  assert.equal(keys.slice(-3), ['createdAt', 'updatedAt', 'publishedAt']);
  assert.is(schemaOf(doc, 'ArticleAttributes').properties.publishedAt.nullable, true);
  const tag = Object.keys(schemaOf(doc, 'TagAttributes').properties);
  assert.equal(tag, ['name', 'articles', 'createdAt', 'updatedAt']);
});

test('relations and media populate to {data: Entry | null} or {data: Entry[]}', async () => {
  const doc = await exampleDoc();
  const p = schemaOf(doc, 'ArticleAttributes').properties;
  assert.equal(p.author.allOf, [ref('AuthorRelation')]);
  assert.equal(p.tags.allOf, [ref('TagRelationList')]);
  assert.equal(p.relatedArticles.allOf, [ref('ArticleRelationList')]);
  assert.equal(p.reviewer.allOf, [ref('UsersPermissionsUserRelation')]);
  assert.equal(p.cover.allOf, [ref('UploadFileRelation')]);
  assert.equal(p.gallery.allOf, [ref('UploadFileRelationList')]);
  assert.equal(schemaOf(doc, 'AuthorRelation').properties.data.oneOf[0], ref('AuthorEntry'));
  assert.equal(schemaOf(doc, 'AuthorRelation').properties.data.oneOf[1].enum, [null]);
  assert.equal(schemaOf(doc, 'TagRelationList').properties.data, { type: 'array', items: ref('TagEntry') });
  const file = Object.keys(schemaOf(doc, 'UploadFileAttributes').properties);
  for (const f of ['name', 'alternativeText', 'caption', 'width', 'height', 'formats', 'hash', 'ext', 'mime', 'size', 'url', 'previewUrl', 'provider', 'createdAt', 'updatedAt']) {
    assert.ok(file.includes(f), f);
  }
});

test('components inline with id; dynamic zones discriminated by __component', async () => {
  const doc = await exampleDoc();
  const p = schemaOf(doc, 'ArticleAttributes').properties;
  assert.equal(p.seo.oneOf[0], ref('ComponentSharedSeo'));
  assert.equal(p.sources.items, ref('ComponentContentSource'));
  const seo = schemaOf(doc, 'ComponentSharedSeo');
  assert.equal(Object.keys(seo.properties), ['id', 'metaTitle', 'metaDescription', 'metaImage', 'noIndex', 'openGraph']);
  assert.equal(seo.properties.openGraph.oneOf[0], ref('ComponentSharedOpenGraph'));
  assert.equal(seo.properties.metaImage.allOf, [ref('UploadFileRelation')]);
  const zone = p.blocks.items;
  assert.equal(zone.discriminator.mapping['content.quote'], '#/components/schemas/ComponentContentQuoteZoneItem');
  assert.equal(zone.oneOf.length, 4);
  const quote = schemaOf(doc, 'ComponentContentQuoteZoneItem');
  assert.equal(quote.required, ['__component', 'id']);
  assert.equal(quote.properties.__component.enum, ['content.quote']);
});

test('scalar output types: biginteger and timestamp as strings, decimal and float as numbers', async () => {
  const doc = await exampleDoc();
  const p = schemaOf(doc, 'ArticleAttributes').properties as Json;
  assert.is(p.wordCount.type, 'string');
  assert.is(p.importedAt.type, 'string');
  assert.is(p.rating.type, 'number');
  assert.is(p.popularity.type, 'number');
  assert.is(p.publishTime.type, 'string');
  assert.equal(p.format.enum, ['news', 'feature', 'opinion', 'review', null]);
  const edition = schemaOf(doc, 'EditionAttributes').properties;
  assert.is(edition.number.nullable, true, 'required fields of draft-and-publish types may be null on drafts');
  assert.not.ok('nullable' in schemaOf(doc, 'TagAttributes').properties.name);
});

test('flat records: file record has every public field at the top level', async () => {
  const doc = await exampleDoc();
  const file = schemaOf(doc, 'UploadFileRecord');
  assert.equal(file.required, ['id']);
  assert.equal(Object.keys(file.properties), [
    'id', 'name', 'alternativeText', 'caption', 'width', 'height', 'formats', 'hash', 'ext', 'mime', 'size', 'url',
    'previewUrl', 'provider', 'provider_metadata', 'createdAt', 'updatedAt',
  ]);
  assert.equal(schemaOf(doc, 'UsersPermissionsUserRecord').properties.role.oneOf[0], ref('UsersPermissionsRoleRecord'));
});

test.run();
