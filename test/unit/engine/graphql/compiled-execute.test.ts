/**
 * unit (engine/graphql): repeated queries run compiled (graphql-jit) and answer exactly what
 * graphql-js answers: fragments, @skip/@include, variables, aliases, unions, custom scalars,
 * resolver errors with their paths, nulls; mutations and one-off documents stay on graphql-js.
 */
import { execute, GraphQLScalarType, parse, type ExecutionResult } from 'graphql';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createCompiledExecute } from '../../../../engine/graphql/compiled-execute.js';

const schema = makeExecutableSchema({
  typeDefs: `
    scalar Long
    type Author { id: ID! name: String articles(limit: Int = 2): [Article!]! }
    type Article { id: ID! title: String words: Long author: Author broken: String mustHave: String! }
    type Quote { text: String }
    union Block = Article | Quote
    type Query { articles(limit: Int!, title: String): [Article!]! blocks: [Block!]! article(id: ID!): Article }
    type Mutation { touch: Int }
  `,
  resolvers: {
    Long: new GraphQLScalarType({ name: 'Long', serialize: (v) => String(v) }),
    Query: {
      articles: (_: unknown, a: { limit: number; title?: string }, ctx: { calls: number }) => {
        ctx.calls++;
        return [1, 2, 3].slice(0, a.limit).map((id) => ({ id, title: a.title ?? `Article ${id}`, words: 1000 + id, authorId: id % 2 }));
      },
      blocks: () => [{ kind: 'quote', text: 'q' }, { kind: 'article', id: 9, title: 'nine' }],
      article: (_: unknown, a: { id: string }) => (a.id === '0' ? null : { id: a.id, title: `Article ${a.id}` }),
    },
    Mutation: { touch: (_: unknown, __: unknown, ctx: { calls: number }) => ++ctx.calls },
    Block: { __resolveType: (b: { kind: string }) => (b.kind === 'quote' ? 'Quote' : 'Article') },
    Article: {
      author: (a: { authorId: number }) => ({ id: a.authorId, name: `Author ${a.authorId}` }),
      broken: () => {
        throw new Error('no such thing');
      },
      mustHave: () => null,
    },
    Author: { articles: (a: { id: number }, args: { limit: number }) => Array.from({ length: args.limit }, (_, i) => ({ id: `${a.id}-${i}` })) },
  },
});

const plain = (r: ExecutionResult) => JSON.parse(JSON.stringify(r));

async function both(source: string, variableValues?: Record<string, unknown>, operationName?: string) {
  const run = createCompiledExecute();
  await run.ready();
  const document = parse(source);
  const args = (ctx: object) => ({ schema, document, variableValues, operationName, contextValue: ctx });
  const reference = plain(await execute(args({ calls: 0 })));
  const first = plain(await run(args({ calls: 0 })));
  const compiledBefore = run.compiledCount();
  const second = plain(await run(args({ calls: 0 })));
  const third = plain(await run(args({ calls: 0 })));
  return { reference, first, second, third, compiledBefore, compiled: run.compiledCount() };
}

test('a query seen twice is compiled once and answers what graphql-js answers', async () => {
  const q = `query List($n: Int!, $withAuthor: Boolean!) {
    articles(limit: $n) { ...Fields author @include(if: $withAuthor) { name articles { id } more: articles(limit: 1) { id } } skipped: title @skip(if: true) }
    blocks { __typename ... on Quote { text } ... on Article { id title } }
    none: article(id: "0") { id }
  }
  fragment Fields on Article { id title words }`;
  const r = await both(q, { n: 2, withAuthor: true });
  assert.is(r.compiledBefore, 0, 'the first sighting runs on graphql-js');
  assert.is(r.compiled, 1, 'compiled on the second, reused on the third');
  assert.equal(r.second, r.reference);
  assert.equal(r.third, r.reference);
  assert.equal(r.first, r.reference);
  assert.is(r.reference.data.articles[1].author.articles.length, 2);
  assert.is(r.reference.data.articles[0].words, '1001');
  assert.is(r.reference.data.none, null);
});

test('resolver errors, non-null violations and bad variables: the same errors and data', async () => {
  const errors = await both('{ articles(limit: 2) { id broken } article(id: "3") { mustHave } }');
  assert.is(errors.compiled, 1);
  assert.equal(errors.second, errors.reference);
  assert.is(errors.reference.errors.length, 3);
  assert.equal(errors.reference.errors[0].path, ['articles', 0, 'broken']);
  const missing = await both('query Q($n: Int!) { articles(limit: $n) { id } }', {});
  assert.equal(missing.second, missing.reference);
  assert.ok(!('data' in missing.second));
  const wrong = await both('query Q($n: Int!) { articles(limit: $n) { id } }', { n: 'two' });
  assert.equal(wrong.second, wrong.reference);
});

test('graphql-jit is loaded on the first repeated query; until then graphql-js answers', async () => {
  const run = createCompiledExecute();
  const args = { schema, document: parse('{ articles(limit: 1) { id title } }'), contextValue: { calls: 0 } };
  const reference = plain(await execute(args));
  assert.equal(plain(await run(args)), reference);
  assert.equal(plain(await run(args)), reference, 'the repeat starts loading graphql-jit');
  assert.is(run.compiledCount(), 0);
  await run.ready();
  assert.equal(plain(await run(args)), reference);
  assert.is(run.compiledCount(), 1);
});

test('each operation of a document on its own; mutations are never compiled', async () => {
  const r = await both('query A { articles(limit: 1) { id } } query B { blocks { __typename } }', undefined, 'B');
  assert.equal(r.second, r.reference);
  assert.equal(Object.keys(r.second.data), ['blocks']);
  const m = await both('mutation { touch }');
  assert.is(m.compiled, 0);
  assert.equal(m.second, m.reference);
});

test.run();
