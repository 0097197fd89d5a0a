/**
 * test (unit, compiler/emit/graphql): acceptance: for every content-type of the example, a client document
 * built from the model alone (list with filters/pagination/sort/meta, every exposed field, relations with
 * their own arguments, and the mutations) validates against the emitted SDL with no errors.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSchema, parse, validate, type GraphQLSchema } from 'graphql';
import { emitGraphql } from '../../../../../compiler/emit/graphql/emit-graphql.js';
import type { Attribute, ContentType, NormalizedModel } from '../../../../../compiler/model/types.js';
import { exampleModel } from './example-model.js';

let model: NormalizedModel;
let schema: GraphQLSchema;

test.before(async () => {
  model = await exampleModel();
  schema = buildSchema(emitGraphql(model));
});

const exposed = (ct: ContentType, a: Attribute) =>
  !a.private && !(a.kind === 'scalar' && a.type === 'password') && ct.graphql.options.fields[a.name]?.output !== false;

function target(a: Attribute): ContentType {
  return model.contentTypes[a.kind === 'media' ? 'plugin::upload.file' : a.kind === 'relation' ? a.target : ''];
}

/** Selection of one attribute, with arguments on every list-returning field. */
function select(a: Attribute): string {
  switch (a.kind) {
    case 'scalar':
      return a.name;
    case 'relation':
    case 'media': {
      const t = target(a);
      const many = a.kind === 'media' ? a.multiple : a.toMany;
      if (!many) return `${a.name} { data { id attributes { createdAt } } }`;
      const pub = t.draftAndPublish ? ', publicationState: PREVIEW' : '';
      return `${a.name}(filters: { id: { notIn: ["0"] }, createdAt: { lte: "2030-01-01T00:00:00.000Z" } }, pagination: { limit: 5, start: 0 }, sort: ["id:desc"]${pub}) { data { id attributes { updatedAt } } }`;
    }
    case 'component':
      return a.repeatable ? `${a.name}(pagination: { page: 1, pageSize: 2 }, sort: ["id"]) { id }` : `${a.name} { id }`;
    case 'dynamiczone': {
      const first = model.components[a.components[0]].graphql.typeName;
      return `${a.name} { __typename ... on ${first} { id } ... on Error { code message } }`;
    }
  }
}

function attributesSelection(ct: ContentType): string {
  const fields = ct.order.map((n) => ct.attributes[n]).filter((a) => exposed(ct, a)).map(select);
  return ['createdAt', 'updatedAt', ...(ct.draftAndPublish ? ['publishedAt'] : []), ...fields].join('\n        ');
}

function filterFor(ct: ContentType): string {
  const scalar = ct.order.map((n) => ct.attributes[n])
    .find((a) => a.kind === 'scalar' && exposed(ct, a) && ct.graphql.options.fields[a.name]?.filters !== false);
  const extra = scalar ? `, ${scalar.name}: { notNull: true }` : '';
  return `{ id: { in: ["1", "2"] }, or: [{ createdAt: { gte: "2024-01-01T00:00:00.000Z" } }, { not: { id: { null: true } } }]${extra} }`;
}

function listDocument(ct: ContentType): string {
  const pub = ct.draftAndPublish ? ', publicationState: PREVIEW' : '';
  return `query List {
  ${ct.graphql.plural}(filters: ${filterFor(ct)}, pagination: { page: 1, pageSize: 10 }, sort: ["id:asc", "createdAt:desc"]${pub}) {
    data { id attributes {
        ${attributesSelection(ct)}
    } }
    meta { pagination { total page pageSize pageCount } }
  }
  ${ct.graphql.singular}(id: "1") { data { id } }
}`;
}

function errorsOf(doc: string): string[] {
  return validate(schema, parse(doc)).map((e) => e.message);
}

const apiTypes = () => Object.values(model.contentTypes).filter((ct) => ct.namespace === 'api');

test('every collection type: list query with filters, pagination, sort, meta and relation arguments', () => {
  const collections = Object.values(model.contentTypes).filter((ct) => ct.kind === 'collectionType');
  const queried = collections.filter((ct) => schema.getQueryType()!.getFields()[ct.graphql.plural!]);
  assert.ok(apiTypes().filter((ct) => ct.kind === 'collectionType').every((ct) => queried.includes(ct)), 'every api collection type is queryable');
  for (const ct of queried) assert.equal(errorsOf(listDocument(ct)), [], ct.uid);
});

test('single types: read with every field', () => {
  for (const ct of apiTypes().filter((t) => t.kind === 'singleType')) {
    const pub = ct.draftAndPublish ? '(publicationState: PREVIEW)' : '';
    assert.equal(errorsOf(`{ ${ct.graphql.singular}${pub} { data { id attributes { ${attributesSelection(ct)} } } } }`), [], ct.uid);
  }
});

test('mutations of the example', () => {
  const doc = `mutation {
  createArticle(data: { title: "Hello", format: news, tags: ["1"], author: "2", blocks: [{ __component: "content.quote", text: "q" }],
    seo: { metaTitle: "t", openGraph: { title: "og" } }, sources: [{ title: "s" }], gallery: ["3"], publishedAt: null }) { data { id } }
  updateArticle(id: "1", data: { featured: true, wordCount: "12345678901234" }) { data { id attributes { title } } }
  deleteArticle(id: "1") { data { id } }
  updateHomepage(data: { title: "Home", hero: { heading: "h" } }) { data { id } }
  deleteSiteSetting { data { id } }
  login(input: { identifier: "a@b.c", password: "secret" }) { jwt user { id username email role { id name type } } }
  register(input: { username: "a", email: "a@b.c", password: "secret" }) { jwt }
  updateFileInfo(id: "1", info: { alternativeText: "alt" }) { data { id attributes { url formats related { __typename } } } }
}`;
  assert.equal(errorsOf(doc), []);
});

test('what the schema must reject', () => {
  assert.ok(errorsOf('{ articles { data { attributes { internalNotes } } } }').length > 0, 'private field');
  assert.ok(errorsOf('{ articles(filters: { popularity: { gt: 1 } }) { data { id } } }').length > 0, 'filters disabled');
  assert.ok(errorsOf('mutation { createAuthorProfile(data: {}) { data { id } } }').length > 0, 'mutations disabled');
  assert.ok(errorsOf('{ authors(publicationState: PREVIEW) { data { id } } }').length > 0, 'no draft and publish');
  assert.ok(errorsOf('{ articles(filters: { title: { equals: "x" } }) { data { id } } }').length > 0, 'unknown operator');
  assert.ok(errorsOf('{ tags { data { attributes { articles { data { attributes { cover } } } } } } }').length > 0, 'media needs a selection');
});

test.run();
