/**
 * unit (engine/graphql): selection set -> the planner's populate request and the tags, on the example
 * schema: nested relations with their arguments, components, dynamic zones by fragment, named
 * fragments, @skip, and an alias with other arguments left to the loaders.
 */
import { parse, type FieldNode, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildGraphqlSchema } from '../../../../compiler/emit/graphql/emit-graphql.js';
import { SelectionReader } from '../../../../engine/graphql/selection-populate.js';
import { createTypeIndex } from '../../../../engine/graphql/type-index.js';
import { ARTICLE, model } from '../example-model.js';

const schema = buildGraphqlSchema(model);
const index = createTypeIndex(model, schema);

function read(doc: string, variableValues: Record<string, unknown> = {}) {
  const ast = parse(doc);
  const fragments = Object.fromEntries(ast.definitions.filter((d): d is FragmentDefinitionNode => d.kind === 'FragmentDefinition').map((d) => [d.name.value, d]));
  const op = ast.definitions.find((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition')!;
  const root = op.selectionSet.selections[0] as FieldNode;
  const reader = new SelectionReader({ schema, fragments, variableValues }, index);
  const result = reader.read(index.byUid.get(ARTICLE)!, reader.attributeSets('ArticleEntityResponseCollection', [root.selectionSet!]));
  // GraphQL argument values have null prototypes; compare them as plain data
  return { populate: JSON.parse(JSON.stringify(result.populate)), tags: result.tags };
}

test('relations with their arguments, nested', () => {
  const r = read(`{ articles { data { attributes { title
    author { data { attributes { name articles(pagination: { pageSize: 3 }) { data { id } } } } }
    tags(sort: "name", filters: { name: { eq: "x" } }) { data { id } }
  } } } }`);
  assert.equal(r.populate, {
    author: { populate: { articles: { pagination: { pageSize: 3 }, publicationState: 'live' } }, fields: ['name'] },
    tags: { pagination: {}, sort: [{ path: ['name'], direction: 'asc' }], filters: { kind: 'field', name: 'name', filter: { kind: 'cmp', op: '$eq', value: 'x' } } },
  });
  assert.equal(Object.keys(r.tags).sort(), ['author', 'tags']);
  assert.is(r.tags.author.key, '{}');
  assert.is(r.tags.author.children!.articles.state, 'live');
});

test('components, zones by fragment type, named fragments and @skip', () => {
  const r = read(`query($no: Boolean!) { articles { data { attributes { ...A } } } }
    fragment A on Article {
      seo { metaTitle metaImage { data { id } } }
      blocks { ... on ComponentContentMediaBlock { file { data { id } } } ... on ComponentContentQuote { text } }
      cover @skip(if: $no) { data { id } }
    }`, { no: true });
  assert.equal(r.populate, {
    seo: { populate: { metaImage: {} } },
    // every component type of the zone is named (GraphQL returns them all; fragments choose fields)
    blocks: { on: { 'content.rich-text': {}, 'content.quote': {}, 'content.media-block': { populate: { file: {} } }, 'content.link-list': {} } },
  });
  assert.equal(Object.keys(r.tags.blocks.on!).sort(), ['content.link-list', 'content.media-block', 'content.quote', 'content.rich-text']);
});

test('an alias with other arguments is not merged: the first argument set is loaded', () => {
  const r = read('{ articles { data { attributes { tags { data { id } } first: tags(pagination: { limit: 1 }) { data { id } } } } } }');
  assert.equal(r.populate, { tags: { pagination: {} } });
  assert.is(r.tags.tags.key, '{"pagination":{},"sort":[]}');
});

test.run();
