/**
 * test (unit, compiler/emit/graphql): shadowCRUD switches on edited copies of the example model:
 * shadowCRUD off, a disabled type, disabled queries/mutations/actions, and per-field output/input/filters.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  buildSchema, validateSchema, type GraphQLInputObjectType, type GraphQLObjectType, type GraphQLSchema, type GraphQLUnionType,
} from 'graphql';
import { emitGraphql } from '../../../../../compiler/emit/graphql/emit-graphql.js';
import type { NormalizedModel } from '../../../../../compiler/model/types.js';
import { editableModel, type Mutable } from './example-model.js';

function schemaOf(model: Mutable<NormalizedModel>): GraphQLSchema {
  const schema = buildSchema(emitGraphql(model as NormalizedModel));
  assert.equal(validateSchema(schema), []);
  return schema;
}
const fieldNames = (schema: GraphQLSchema, type: string) =>
  Object.keys((schema.getType(type) as GraphQLObjectType | GraphQLInputObjectType | undefined)?.getFields() ?? {});
const rootFields = (schema: GraphQLSchema, root: 'query' | 'mutation') =>
  Object.keys((root === 'query' ? schema.getQueryType() : schema.getMutationType())?.getFields() ?? {});

test('shadowCRUD false: no content-type types or operations, users-permissions auth remains', async () => {
  const model = await editableModel();
  model.config.graphql.shadowCRUD = false;
  const schema = schemaOf(model);
  assert.equal(rootFields(schema, 'query'), ['me']);
  assert.equal(rootFields(schema, 'mutation').sort(), [
    'changePassword', 'emailConfirmation', 'forgotPassword', 'login', 'register', 'resetPassword',
  ]);
  for (const t of ['Article', 'ArticleInput', 'ComponentSharedSeo', 'UploadFile', 'GenericMorph', 'UsersPermissionsUser']) {
    assert.is(schema.getType(t), undefined, t);
  }
});

test('a disabled type loses its types, operations and the relation fields pointing at it', async () => {
  const model = await editableModel();
  model.contentTypes['api::tag.tag'].graphql.options.enabled = false;
  const schema = schemaOf(model);
  for (const t of ['Tag', 'TagEntity', 'TagInput', 'TagFiltersInput', 'TagRelationResponseCollection']) assert.is(schema.getType(t), undefined, t);
  assert.not.ok(rootFields(schema, 'query').some((f) => f === 'tag' || f === 'tags'));
  assert.not.ok(rootFields(schema, 'mutation').some((f) => /Tag$/.test(f)));
  assert.not.ok(fieldNames(schema, 'Article').includes('tags'));
  assert.not.ok(fieldNames(schema, 'ArticleInput').includes('tags'));
  assert.not.ok(fieldNames(schema, 'ArticleFiltersInput').includes('tags'));
  assert.not.ok((schema.getType('GenericMorph') as GraphQLUnionType).getTypes().map(String).includes('Tag'));
});

test('disabling the upload file type removes media fields and the upload mutations', async () => {
  const model = await editableModel();
  model.contentTypes['plugin::upload.file'].graphql.options.enabled = false;
  const schema = schemaOf(model);
  assert.not.ok(fieldNames(schema, 'Article').includes('cover'));
  assert.not.ok(fieldNames(schema, 'ArticleInput').includes('gallery'));
  assert.not.ok(fieldNames(schema, 'ComponentSharedSeo').includes('metaImage'));
  for (const m of ['upload', 'multipleUpload', 'updateFileInfo', 'removeFile']) assert.not.ok(rootFields(schema, 'mutation').includes(m), m);
});

test('queries=false, mutations=false and disabledActions remove exactly those operations', async () => {
  const model = await editableModel();
  model.contentTypes['api::category.category'].graphql.options.queries = false;
  model.contentTypes['api::author.author'].graphql.options.mutations = false;
  model.contentTypes['api::tag.tag'].graphql.options.disabledActions = ['findOne', 'delete'];
  model.contentTypes['api::homepage.homepage'].graphql.options.disabledActions = ['delete'];
  const schema = schemaOf(model);
  const q = rootFields(schema, 'query');
  const m = rootFields(schema, 'mutation');
  assert.not.ok(q.includes('category') || q.includes('categories'));
  assert.ok(m.includes('createCategory') && m.includes('updateCategory') && m.includes('deleteCategory'));
  assert.ok(q.includes('author') && q.includes('authors'));
  assert.not.ok(m.some((f) => /^(create|update|delete)Author$/.test(f)));
  assert.ok(q.includes('tags') && !q.includes('tag'));
  assert.ok(m.includes('createTag') && m.includes('updateTag') && !m.includes('deleteTag'));
  assert.ok(m.includes('updateHomepage') && !m.includes('deleteHomepage'));
  assert.ok(schema.getType('Category'), 'the type stays, selectable through relations');
});

test('per-field switches: output, input and filters independently', async () => {
  const model = await editableModel();
  model.contentTypes['api::article.article'].graphql.options.fields = {
    excerpt: { output: false, input: true, filters: true },
    body: { output: true, input: false, filters: true },
    slug: { output: true, input: true, filters: false },
    tags: { output: false, input: false, filters: false },
  };
  const schema = schemaOf(model);
  const out = fieldNames(schema, 'Article');
  const inp = fieldNames(schema, 'ArticleInput');
  const fil = fieldNames(schema, 'ArticleFiltersInput');
  assert.ok(!out.includes('excerpt') && inp.includes('excerpt') && fil.includes('excerpt'));
  assert.ok(out.includes('body') && !inp.includes('body') && fil.includes('body'));
  assert.ok(out.includes('slug') && inp.includes('slug') && !fil.includes('slug'));
  assert.ok(!out.includes('tags') && !inp.includes('tags') && !fil.includes('tags'));
  assert.ok(fil.includes('popularity'), 'the example switch was replaced by this test');
});

test('an enumeration kept only in the input still has its enum type', async () => {
  const model = await editableModel();
  model.contentTypes['api::article.article'].graphql.options.fields = { format: { output: false, input: true, filters: false } };
  const schema = schemaOf(model);
  assert.ok(schema.getType('ENUM_ARTICLE_FORMAT'));
  assert.not.ok(fieldNames(schema, 'Article').includes('format'));
});

test.run();
