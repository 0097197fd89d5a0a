/**
 * test (compiler/emit/openapi): GET query parameters: per-type filters naming the real fields and
 * recursing through relations, operator objects, sort/fields/populate naming real fields, pagination,
 * and publicationState / locale only where they apply.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Ajv } from 'ajv';
import { emitOpenApi } from '../../../../../compiler/emit/openapi/emit-openapi.js';
import { editableModel, exampleDoc, operationById, schemaOf, type Json } from './example-model.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const paramNames = (doc: Json, id: string) =>
  (operationById(doc, id).op.parameters ?? []).map((p: Json) => p.name ?? p.$ref);

test('filters name the real public fields, the automatic ones and $and/$or/$not', async () => {
  const doc = await exampleDoc();
  const f = schemaOf(doc, 'ArticleFilters');
  assert.is(f.additionalProperties, false);
  const keys = Object.keys(f.properties);
  assert.equal(keys.slice(0, 3), ['id', 'title', 'slug']);
  assert.equal(keys.slice(-6), ['createdAt', 'updatedAt', 'publishedAt', '$and', '$or', '$not']);
  assert.not.ok(keys.includes('blocks'), 'dynamic zones cannot be filtered');
  assert.equal(f.properties.title, ref('StringFilter'));
  assert.equal(f.properties.readingTime, ref('IntegerFilter'));
  assert.equal(f.properties.wordCount, ref('BigIntegerFilter'));
  assert.equal(f.properties.featured, ref('BooleanFilter'));
  assert.equal(f.properties.publishDate, ref('DateFilter'));
  assert.equal(f.properties.$and, { type: 'array', items: ref('ArticleFilters'), description: 'All of these.' });
  assert.equal(f.properties.$not, ref('ArticleFilters'));
  assert.not.ok('publishedAt' in schemaOf(doc, 'TagFilters').properties);
});

test('filters recurse through relations, media and components by $ref', async () => {
  const doc = await exampleDoc();
  const f = schemaOf(doc, 'ArticleFilters').properties;
  assert.equal(f.author, ref('AuthorFilters'));
  assert.equal(f.tags, ref('TagFilters'));
  assert.equal(f.relatedArticles, ref('ArticleFilters'));
  assert.equal(f.reviewer, ref('UsersPermissionsUserFilters'));
  assert.equal(f.cover, ref('UploadFileFilters'));
  assert.equal(f.seo, ref('ComponentSharedSeoFilters'));
  assert.equal(schemaOf(doc, 'AuthorFilters').properties.articles, ref('ArticleFilters'));
  assert.equal(schemaOf(doc, 'CategoryFilters').properties.parent, ref('CategoryFilters'));
  assert.not.ok('password' in schemaOf(doc, 'UsersPermissionsUserFilters').properties);
});

test('operator objects carry every operator of their kind', async () => {
  const doc = await exampleDoc();
  const ops = Object.keys(schemaOf(doc, 'StringFilter').properties);
  const all = '$eq $eqi $ne $nei $lt $lte $gt $gte $in $notIn $contains $notContains $containsi $notContainsi $null $notNull $between $startsWith $startsWithi $endsWith $endsWithi $not'.split(' ');
  assert.equal(ops, all);
  const int = schemaOf(doc, 'IntegerFilter').properties;
  assert.equal(int.$eq, { type: 'integer' });
  assert.equal(int.$in, { type: 'array', items: { type: 'integer' } });
  assert.equal(int.$between, { type: 'array', items: { type: 'integer' }, minItems: 2, maxItems: 2 });
  assert.equal(int.$null, { type: 'boolean' });
  assert.equal(int.$not, ref('IntegerFilter'));
  assert.not.ok('$lt' in schemaOf(doc, 'BooleanFilter').properties);
});

test('sort and fields name the real sortable / selectable fields', async () => {
  const doc = await exampleDoc();
  const sort = schemaOf(doc, 'TagSort');
  assert.equal(sort.anyOf[0].enum, ['id', 'id:asc', 'id:desc', 'name', 'name:asc', 'name:desc', 'createdAt', 'createdAt:asc', 'createdAt:desc', 'updatedAt', 'updatedAt:asc', 'updatedAt:desc']);
  assert.equal(sort.anyOf[1], { type: 'array', items: sort.anyOf[0] });
  assert.ok(schemaOf(doc, 'ArticleSort').anyOf[0].enum.includes('publishedAt:desc'));
  assert.not.ok(schemaOf(doc, 'ArticleSort').anyOf[0].enum.includes('author'), 'relations are not sortable here');
  const fields = schemaOf(doc, 'TagFields');
  assert.equal(fields.anyOf[0].enum, ['*', 'name', 'createdAt', 'updatedAt']);
  assert.equal(fields.anyOf[1].items.enum, ['name', 'createdAt', 'updatedAt']);
});

test('populate: *, names (dotted for nesting) or an object per populatable field', async () => {
  const doc = await exampleDoc();
  const populate = schemaOf(doc, 'ArticlePopulate');
  const [asString, asArray, asObject] = populate.anyOf;
  const str = new RegExp(asString.pattern, 'u');
  for (const ok of ['*', 'author', 'author,tags', 'seo.metaImage', 'blocks']) assert.ok(str.test(ok), ok);
  for (const bad of ['title', 'internalNotes', 'author,', '']) assert.not.ok(str.test(bad), bad);
  assert.ok(new RegExp(asArray.items.pattern, 'u').test('seo.openGraph.image'));
  assert.equal(Object.keys(asObject.properties), ['cover', 'gallery', 'author', 'category', 'tags', 'relatedArticles', 'coverOf', 'reviewer', 'seo', 'sources', 'blocks']);
  const author = asObject.properties.author.anyOf[1].properties;
  assert.equal(author, { fields: ref('AuthorFields'), filters: ref('AuthorFilters'), sort: ref('AuthorSort'), populate: ref('AuthorPopulate') });
  const blocks = asObject.properties.blocks.anyOf[1].properties;
  assert.equal(Object.keys(blocks.on.properties), ['content.rich-text', 'content.quote', 'content.media-block', 'content.link-list']);
});

test('the contract accepts what the server accepts: any populate flag string, zone lists, populate=deep when the project enables it', async () => {
  const doc = await exampleDoc();
  const ajv = new Ajv({ strict: false, validateFormats: false, logger: false });
  ajv.addSchema(doc, 'doc');
  const valid = (name: string, value: unknown) => ajv.validate({ $ref: `doc#/components/schemas/${name}` }, value);
  // populate[seo]=metaSocial, populate[author]=yes: Strapi casts any string; false/f/0 mean no
  assert.ok(valid('ArticlePopulate', { seo: 'metaSocial', author: 'yes', tags: 'f' }));
  // populate[blocks][populate]=file,links (FoodAdvisor's pages send such lists)
  assert.ok(valid('ArticlePopulate', { blocks: { populate: 'file,links' } }));
  assert.ok(valid('ArticlePopulate', { blocks: { populate: ['file', 'links.x'] } }));
  assert.not.ok(valid('ArticlePopulate', { blocks: { populate: ['nope'] } }), 'a list names attributes of the zone\'s components');
  assert.not.ok(valid('ArticlePopulate', 'deep'), 'without strapi-plugin-populate-deep, deep is no populate');
  const model = await editableModel();
  (model.config as { populateDeep?: { defaultDepth: number } }).populateDeep = { defaultDepth: 5 };
  const deepDoc = emitOpenApi(model) as Json;
  const deepAjv = new Ajv({ strict: false, validateFormats: false, logger: false });
  deepAjv.addSchema(deepDoc, 'doc');
  for (const v of ['deep', 'deep,3', 'author']) assert.ok(deepAjv.validate({ $ref: 'doc#/components/schemas/ArticlePopulate' }, v), v);
  assert.not.ok(deepAjv.validate({ $ref: 'doc#/components/schemas/ArticlePopulate' }, 'deep,x'));
});

test('parameters per read: list, one entry, single type', async () => {
  const doc = await exampleDoc();
  assert.equal(paramNames(doc, 'article.find'), ['sort', 'pagination', 'fields', 'populate', 'filters', 'publicationState']);
  assert.equal(paramNames(doc, 'tag.find'), ['sort', 'pagination', 'fields', 'populate', 'filters']);
  assert.equal(paramNames(doc, 'article.findOne'), ['#/components/parameters/Id', 'fields', 'populate', 'publicationState']);
  assert.equal(paramNames(doc, 'homepage.find'), ['fields', 'populate', 'publicationState']);
  assert.equal(paramNames(doc, 'site-setting.find'), ['fields', 'populate']);
  const find = operationById(doc, 'article.find').op.parameters as Json[];
  for (const p of find.filter((x) => x.name !== 'publicationState')) {
    assert.equal([p.in, p.style, p.explode], ['query', 'deepObject', true], p.name);
  }
  const pagination = find.find((p) => p.name === 'pagination') as Json;
  assert.equal(Object.keys(pagination.schema.properties), ['page', 'pageSize', 'withCount', 'start', 'limit']);
  assert.is(pagination.schema.properties.withCount.type, 'boolean');
  const state = find.find((p) => p.name === 'publicationState') as Json;
  assert.equal(state.schema.enum, ['live', 'preview']);
});

test('localized types get a locale parameter, locale in create and localizations', async () => {
  const model = await editableModel();
  model.contentTypes['api::article.article'].localized = true;
  model.contentTypes['api::homepage.homepage'].localized = true;
  const doc = emitOpenApi(model) as Json;
  assert.ok(paramNames(doc, 'article.find').includes('locale'));
  assert.not.ok(paramNames(doc, 'article.findOne').includes('locale'));
  assert.ok(paramNames(doc, 'homepage.update').includes('locale'));
  assert.not.ok(paramNames(doc, 'tag.find').includes('locale'));
  assert.is(schemaOf(doc, 'ArticleInput').properties.locale.type, 'string');
  assert.not.ok('locale' in schemaOf(doc, 'ArticleUpdateInput').properties);
  assert.equal(schemaOf(doc, 'ArticleAttributes').properties.localizations.allOf, [ref('ArticleRelationList')]);
  assert.equal(schemaOf(doc, 'ArticleFilters').properties.locale, ref('StringFilter'));
  assert.ok(schemaOf(doc, 'ArticleSort').anyOf[0].enum.includes('locale:desc'));
});

test.run();
