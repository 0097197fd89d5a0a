/**
 * test (unit, compiler/emit/graphql): plugin-driven parts of the schema on edited example models:
 * i18n on localized types (locale arguments, locale/localizations fields, createXLocalization), and a
 * model that carries the upload folder type (what builtin types would add) getting UploadFolder's surface.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  buildSchema, validateSchema, type GraphQLField, type GraphQLInputObjectType, type GraphQLObjectType, type GraphQLSchema,
  type GraphQLUnionType,
} from 'graphql';
import { emitGraphql } from '../../../../../compiler/emit/graphql/emit-graphql.js';
import type { NormalizedModel } from '../../../../../compiler/model/types.js';
import { editableModel, type Mutable } from './example-model.js';

function schemaOf(model: Mutable<NormalizedModel>): GraphQLSchema {
  const schema = buildSchema(emitGraphql(model as NormalizedModel));
  assert.equal(validateSchema(schema), []);
  return schema;
}
const fields = (s: GraphQLSchema, t: string) => (s.getType(t) as GraphQLObjectType | GraphQLInputObjectType).getFields();
const argsOf = (f: GraphQLField<unknown, unknown>) => Object.fromEntries(f.args.map((a) => [a.name, String(a.type)]));

test('without localized types the I18NLocaleCode scalar is pruned, as in Strapi', async () => {
  const schema = schemaOf(await editableModel());
  assert.is(schema.getType('I18NLocaleCode'), undefined);
});

test('a localized collection type gets locale fields, arguments and createXLocalization', async () => {
  const model = await editableModel();
  model.contentTypes['api::article.article'].localized = true;
  const schema = schemaOf(model);
  assert.ok(schema.getType('I18NLocaleCode'));
  const article = (schema.getType('Article') as GraphQLObjectType).getFields();
  assert.is(String(article.locale.type), 'String');
  assert.is(String(article.localizations.type), 'ArticleRelationResponseCollection');
  assert.equal(Object.keys(argsOf(article.localizations)).sort(), ['filters', 'pagination', 'publicationState', 'sort']);
  assert.is(String(fields(schema, 'ArticleFiltersInput').locale.type), 'StringFilterInput');
  assert.is(String(fields(schema, 'ArticleFiltersInput').localizations.type), 'ArticleFiltersInput');
  assert.not.ok('locale' in fields(schema, 'ArticleInput'), 'locale is an argument, not an input field');
  const query = schema.getQueryType()!.getFields();
  const mutation = schema.getMutationType()!.getFields();
  assert.is(argsOf(query.articles).locale, 'I18NLocaleCode');
  assert.is(argsOf(mutation.createArticle).locale, 'I18NLocaleCode');
  assert.equal(argsOf(mutation.createArticleLocalization), { id: 'ID', data: 'ArticleInput', locale: 'I18NLocaleCode' });
});

test('a localized single type takes locale on its query, update and delete', async () => {
  const model = await editableModel();
  model.contentTypes['api::homepage.homepage'].localized = true;
  const schema = schemaOf(model);
  const query = schema.getQueryType()!.getFields();
  const mutation = schema.getMutationType()!.getFields();
  assert.equal(argsOf(query.homepage), { publicationState: 'PublicationState', locale: 'I18NLocaleCode' });
  assert.equal(argsOf(mutation.updateHomepage), { data: 'HomepageInput!', locale: 'I18NLocaleCode' });
  assert.equal(argsOf(mutation.deleteHomepage), { locale: 'I18NLocaleCode' });
});

test('a model with the upload folder type gets UploadFolder, its queries and mutations', async () => {
  const model = await editableModel();
  const file = model.contentTypes['plugin::upload.file'];
  const folder = structuredClone(file);
  Object.assign(folder, {
    uid: 'plugin::upload.folder', singularName: 'folder', pluralName: 'folders', collectionName: 'upload_folders',
    order: ['name', 'pathId', 'path'],
    attributes: {
      name: { ...file.attributes.name, name: 'name' },
      path: { ...file.attributes.url, name: 'path' },
      pathId: { ...file.attributes.width, name: 'pathId', required: true },
    },
  });
  folder.graphql.typeName = 'UploadFolder';
  folder.graphql.singular = 'uploadFolder';
  folder.graphql.plural = 'uploadFolders';
  model.contentTypes['plugin::upload.folder'] = folder;
  const schema = schemaOf(model);
  assert.equal(Object.keys(fields(schema, 'UploadFolder')).sort(), ['createdAt', 'name', 'path', 'pathId', 'updatedAt']);
  const query = schema.getQueryType()!.getFields();
  const mutation = schema.getMutationType()!.getFields();
  assert.ok(query.uploadFolder && query.uploadFolders && mutation.createUploadFolder && mutation.deleteUploadFolder);
  assert.ok((schema.getType('GenericMorph') as GraphQLUnionType).getTypes().map(String).includes('UploadFolder'));
});

test.run();
