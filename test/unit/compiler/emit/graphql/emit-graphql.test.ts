/**
 * test (unit, compiler/emit/graphql): the SDL emitted for specs/example: determinism, parse/print
 * round-trip, and the Strapi v4 names of types, inputs, filters, queries and mutations.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  buildSchema, GraphQLEnumType, GraphQLInputObjectType, GraphQLObjectType, GraphQLUnionType, parse, print,
  printSchema, validateSchema, type GraphQLField, type GraphQLSchema,
} from 'graphql';
import { emitGraphql, GRAPHQL_HEADER } from '../../../../../compiler/emit/graphql/emit-graphql.js';
import { SCALAR_FILTER_OPERATORS } from '../../../../../compiler/emit/graphql/emit-shared-types.js';
import { exampleModel, fieldsOf } from './example-model.js';

let sdl = '';
let schema: GraphQLSchema;

test.before(async () => {
  sdl = emitGraphql(await exampleModel());
  schema = buildSchema(sdl);
});

const object = (name: string) => schema.getType(name) as GraphQLObjectType;
const input = (name: string) => schema.getType(name) as GraphQLInputObjectType;
const queryField = (name: string): GraphQLField<unknown, unknown> => schema.getQueryType()!.getFields()[name];
const mutationField = (name: string): GraphQLField<unknown, unknown> => schema.getMutationType()!.getFields()[name];
const argsOf = (f: GraphQLField<unknown, unknown>) =>
  Object.fromEntries(f.args.map((a) => [a.name, `${a.type}${a.defaultValue !== undefined ? ` = ${JSON.stringify(a.defaultValue)}` : ''}`]));

test('starts with the generated-file header and is a valid schema', () => {
  assert.ok(sdl.startsWith(`${GRAPHQL_HEADER}\n`));
  assert.equal(validateSchema(schema), []);
});

test('is deterministic', async () => {
  assert.is(emitGraphql(await exampleModel()), sdl);
  assert.is(emitGraphql(structuredClone(await exampleModel())), sdl);
});

/** First differing line of two long texts (keeps failure output short). */
function firstDifference(a: string, b: string): string | undefined {
  const x = a.split('\n');
  const y = b.split('\n');
  const i = x.findIndex((line, n) => line !== y[n]);
  return i < 0 && x.length === y.length ? undefined : `line ${i}: ${JSON.stringify(x[i])} vs ${JSON.stringify(y[i])}`;
}

test('round-trips: buildSchema + printSchema gives the same text; parse + print is a fixpoint', () => {
  const body = sdl.slice(GRAPHQL_HEADER.length + 1);
  assert.is(firstDifference(printSchema(buildSchema(body)) + '\n', body), undefined);
  const printed = print(parse(body));
  assert.is(firstDifference(print(parse(printed)), printed), undefined);
  assert.is(firstDifference(print(parse(sdl)), printed), undefined, 'the header comment is only a comment');
});

test('Article has its wrappers, input and filters', () => {
  for (const name of ['Article', 'ArticleEntity', 'ArticleEntityResponse', 'ArticleEntityResponseCollection', 'ArticleRelationResponseCollection']) {
    assert.instance(schema.getType(name), GraphQLObjectType, name);
  }
  assert.instance(schema.getType('ArticleInput'), GraphQLInputObjectType);
  assert.instance(schema.getType('ArticleFiltersInput'), GraphQLInputObjectType);
  assert.is(String(object('ArticleEntity').getFields().id.type), 'ID');
  assert.is(String(object('ArticleEntity').getFields().attributes.type), 'Article');
  assert.is(String(object('ArticleEntityResponseCollection').getFields().data.type), '[ArticleEntity!]!');
  assert.is(String(object('ArticleEntityResponseCollection').getFields().meta.type), 'ResponseCollectionMeta!');
  assert.is(String(object('ArticleRelationResponseCollection').getFields().data.type), '[ArticleEntity!]!');
});

test('Article fields map attribute types the way Strapi does', () => {
  const f = object('Article').getFields();
  const types = Object.fromEntries(Object.entries(f).map(([k, v]) => [k, String(v.type)]));
  assert.equal(
    { title: types.title, format: types.format, wordCount: types.wordCount, rating: types.rating, publishTime: types.publishTime,
      publishDate: types.publishDate, importedAt: types.importedAt, metadata: types.metadata, publishedAt: types.publishedAt,
      author: types.author, tags: types.tags, cover: types.cover, gallery: types.gallery, seo: types.seo, sources: types.sources, blocks: types.blocks },
    { title: 'String!', format: 'ENUM_ARTICLE_FORMAT!', wordCount: 'Long', rating: 'Float', publishTime: 'Time',
      publishDate: 'Date', importedAt: 'DateTime', metadata: 'JSON', publishedAt: 'DateTime',
      author: 'AuthorEntityResponse', tags: 'TagRelationResponseCollection', cover: 'UploadFileEntityResponse',
      gallery: 'UploadFileRelationResponseCollection', seo: 'ComponentSharedSeo', sources: '[ComponentContentSource]',
      blocks: '[ArticleBlocksDynamicZone]' },
  );
  assert.equal(argsOf(f.tags), { filters: 'TagFiltersInput', pagination: 'PaginationArg = {}', sort: '[String] = []' });
  assert.equal(argsOf(object('Author').getFields().articles), {
    filters: 'ArticleFiltersInput', pagination: 'PaginationArg = {}', sort: '[String] = []', publicationState: 'PublicationState = "LIVE"',
  });
});

test('enums, dynamic zones and components are named as Strapi names them', () => {
  const format = schema.getType('ENUM_ARTICLE_FORMAT') as GraphQLEnumType;
  assert.equal(format.getValues().map((v) => v.name), ['news', 'feature', 'opinion', 'review']);
  assert.instance(schema.getType('ENUM_COMPONENTSHAREDSOCIALLINK_PLATFORM'), GraphQLEnumType);
  const zone = schema.getType('ArticleBlocksDynamicZone') as GraphQLUnionType;
  assert.equal(zone.getTypes().map(String), [
    'ComponentContentLinkList', 'ComponentContentMediaBlock', 'ComponentContentQuote', 'ComponentContentRichText', 'Error',
  ]);
  assert.ok(schema.getType('ArticleBlocksDynamicZoneInput'));
  assert.is(String(input('ArticleInput').getFields().blocks.type), '[ArticleBlocksDynamicZoneInput!]');
  assert.equal(fieldsOf(sdl, 'type', 'ComponentSharedSeo'), ['id', 'metaDescription', 'metaImage', 'metaTitle', 'noIndex', 'openGraph']);
  assert.is(String(input('ComponentSharedSeoInput').getFields().id.type), 'ID');
  assert.is(String(input('ArticleFiltersInput').getFields().seo.type), 'ComponentSharedSeoFiltersInput');
});

test('collection queries and mutations', () => {
  assert.equal(argsOf(queryField('article')), { id: 'ID' });
  assert.is(String(queryField('article').type), 'ArticleEntityResponse');
  assert.equal(argsOf(queryField('articles')), {
    filters: 'ArticleFiltersInput', pagination: 'PaginationArg = {}', publicationState: 'PublicationState = "LIVE"', sort: '[String] = []',
  });
  assert.is(String(queryField('articles').type), 'ArticleEntityResponseCollection');
  assert.equal(argsOf(queryField('authors')), { filters: 'AuthorFiltersInput', pagination: 'PaginationArg = {}', sort: '[String] = []' });
  assert.equal(argsOf(mutationField('createArticle')), { data: 'ArticleInput!' });
  assert.equal(argsOf(mutationField('updateArticle')), { data: 'ArticleInput!', id: 'ID!' });
  assert.equal(argsOf(mutationField('deleteArticle')), { id: 'ID!' });
  assert.is(String(mutationField('createArticle').type), 'ArticleEntityResponse');
  assert.ok(queryField('categories') && queryField('authorProfiles') && queryField('i18NLocales') && queryField('uploadFiles'));
});

test('single types: homepage and siteSetting', () => {
  assert.equal(argsOf(queryField('homepage')), { publicationState: 'PublicationState = "LIVE"' });
  assert.equal(argsOf(queryField('siteSetting')), {});
  assert.equal(argsOf(mutationField('updateHomepage')), { data: 'HomepageInput!' });
  assert.equal(argsOf(mutationField('deleteHomepage')), {});
  assert.is(queryField('homepages'), undefined);
  assert.is(mutationField('createHomepage'), undefined);
  assert.is(schema.getType('HomepageEntityResponseCollection'), undefined, 'unreachable types are pruned, as in Strapi');
});

test('scalar filter inputs carry the full v4 operator set', () => {
  for (const s of ['String', 'ID', 'Int', 'Long', 'Float', 'Boolean', 'Date', 'DateTime', 'Time', 'JSON']) {
    const fields = input(`${s}FilterInput`).getFields();
    assert.equal(Object.keys(fields).sort(), ['and', 'not', 'or', ...SCALAR_FILTER_OPERATORS].sort(), s);
    assert.is(String(fields.in.type), `[${s}]`);
    assert.is(String(fields.null.type), 'Boolean');
  }
  assert.equal(Object.keys(input('PaginationArg').getFields()), ['limit', 'page', 'pageSize', 'start']);
  assert.equal((schema.getType('PublicationState') as GraphQLEnumType).getValues().map((v) => v.name), ['LIVE', 'PREVIEW']);
});

test('private and password attributes appear in no output type and no filter; inputs take them, as the Strapi v4 plugin\'s do', () => {
  const withoutInputs = sdl.split(/\n(?=input |type |union |enum |scalar )/).filter((block) => !/^input \w+Input \{/.test(block) || /FiltersInput \{/.test(block)).join('\n');
  for (const name of ['internalNotes', 'previewPassword', 'payoutAccount', 'analyticsKey', 'resetPasswordToken', 'confirmationToken']) {
    assert.not.match(withoutInputs, new RegExp(`\\b${name}\\b`), name);
  }
  assert.ok(fieldsOf(sdl, 'input', 'UsersPermissionsUserInput').includes('password'));
  assert.ok(fieldsOf(sdl, 'input', 'ArticleInput').includes('internalNotes'));
  assert.not.ok(fieldsOf(sdl, 'input', 'UsersPermissionsUserFiltersInput').includes('password'));
});

test('the example shadowCRUD options: author-profile read-only, Article popularity not filterable', () => {
  for (const m of ['createAuthorProfile', 'updateAuthorProfile', 'deleteAuthorProfile']) assert.is(mutationField(m), undefined, m);
  assert.ok(queryField('authorProfile') && queryField('authorProfiles'));
  assert.not.ok('popularity' in input('ArticleFiltersInput').getFields());
  assert.ok('popularity' in object('Article').getFields());
  assert.ok('popularity' in input('ArticleInput').getFields());
});

test('users-permissions and upload plugin surface', () => {
  assert.equal(argsOf(mutationField('login')), { input: 'UsersPermissionsLoginInput!' });
  assert.is(String(mutationField('login').type), 'UsersPermissionsLoginPayload!');
  assert.is(String(mutationField('register').type), 'UsersPermissionsLoginPayload!');
  assert.is(String(queryField('me').type), 'UsersPermissionsMe');
  assert.equal(fieldsOf(sdl, 'type', 'UsersPermissionsLoginPayload'), ['jwt', 'user']);
  assert.equal(fieldsOf(sdl, 'type', 'UsersPermissionsMeRole'), ['description', 'id', 'name', 'type']);
  assert.equal(fieldsOf(sdl, 'input', 'UsersPermissionsRegisterInput'), ['email', 'password', 'username']);
  assert.is(String(input('UsersPermissionsLoginInput').getFields().provider.defaultValue), 'local');
  assert.is(String(mutationField('createUsersPermissionsUser').type), 'UsersPermissionsUserEntityResponse!');
  assert.is(String(mutationField('createUsersPermissionsRole').type), 'UsersPermissionsCreateRolePayload');
  assert.is(queryField('usersPermissionsPermissions'), undefined);
  assert.ok(schema.getType('UsersPermissionsPermissionRelationResponseCollection'));
  for (const t of ['UploadFile', 'UploadFileEntity', 'UploadFileEntityResponse', 'UploadFileRelationResponseCollection', 'UploadFileEntityResponseCollection']) {
    assert.ok(schema.getType(t), t);
  }
  assert.is(String(object('UploadFile').getFields().related.type), '[GenericMorph]');
  assert.equal(argsOf(mutationField('updateFileInfo')), { id: 'ID!', info: 'FileInfoInput' });
  assert.ok(mutationField('upload') && mutationField('multipleUpload') && mutationField('removeFile'));
  assert.is(mutationField('createI18NLocale'), undefined);
  assert.ok(queryField('i18NLocale') && queryField('i18NLocales'));
});

test.run();
