/**
 * integration (GraphQL): no N+1. The selection set becomes one populate tree, so a list with nested
 * relations costs one statement per relation per level whatever its length: listing 100 articles with
 * two levels of relations (plus a component, a zone and the count) runs exactly as many SQL statements
 * as listing 1. Aliases with other arguments are loaded on demand, batched the same way.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gqlData } from '../../helpers/graphql.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

let s: TestServer;

test.before(async () => {
  // the rows executor's batching (on PostgreSQL a query is otherwise one statement per root field: compiled-read.test.ts)
  s = await startTestServer({ name: 'gql-batching', env: { DATABASE_COMPILED_READS: 'false' } });
  const admin = await s.token('full-access');
  const made = await gqlData(s, `mutation {
    ${Array.from({ length: 5 }, (_, i) => `a${i}: createAuthor(data: { name: "Author ${i}", email: "a${i}@example.com" }) { data { id } }`).join('\n')}
    ${Array.from({ length: 5 }, (_, i) => `t${i}: createTag(data: { name: "tag ${i}" }) { data { id } }`).join('\n')}
    c: createCategory(data: { name: "Cat", slug: "cat" }) { data { id } }
  }`, { token: admin });
  for (let batch = 0; batch < 5; batch++) {
    const fields = Array.from({ length: 20 }, (_, i) => {
      const n = batch * 20 + i;
      const tags = JSON.stringify([made[`t${n % 5}`].data.id, made[`t${(n + 1) % 5}`].data.id]);
      return `x${i}: createArticle(data: { title: "Article ${n}", publishedAt: "2024-01-01T00:00:00.000Z", author: "${made[`a${n % 5}`].data.id}", category: "${made.c.data.id}", tags: ${tags},
        seo: { metaTitle: "Meta ${n}" }, blocks: [{ __typename: "ComponentContentQuote", text: "q${n}" }] }) { data { id } }`;
    });
    await gqlData(s, `mutation { ${fields.join('\n')} }`, { token: admin });
  }
});
test.after(async () => s.stop());

const LIST = (n: number, extra = '') => `{ articles(pagination: { pageSize: ${n} }, sort: "id") { data { id attributes {
  title
  author { data { attributes { name articles(pagination: { pageSize: 3 }) { data { attributes { title } } } } } }
  tags { data { attributes { name articles { data { id } } } } }
  category { data { attributes { name } } }
  seo { metaTitle }
  blocks { __typename ... on ComponentContentQuote { text } }
  ${extra}
} } meta { pagination { total } } } }`;

async function statements(query: string): Promise<{ count: number; data: any }> {
  s.queries.length = 0;
  const data = await gqlData(s, query);
  return { count: s.queries.length, data };
}

test('100 entries with two levels of relations cost the same statements as 1', async () => {
  const one = await statements(LIST(1));
  const hundred = await statements(LIST(100));
  assert.is(one.data.articles.data.length, 1);
  assert.is(hundred.data.articles.data.length, 100);
  const a = hundred.data.articles.data[99].attributes;
  assert.is(a.title, 'Article 99');
  assert.is(a.author.data.attributes.name, 'Author 4');
  assert.is(a.author.data.attributes.articles.data.length, 3);
  assert.is(a.tags.data.length, 2);
  assert.is(a.tags.data[0].attributes.articles.data.length, 10, 'relation lists default to 10 rows');
  assert.equal(a.blocks, [{ __typename: 'ComponentContentQuote', text: 'q99' }]);
  assert.is(hundred.count, one.count, `1 entry: ${one.count} statements, 100 entries: ${hundred.count}`);
  assert.ok(one.count <= 10, `${one.count} statements: ${s.queries.join('\n')}`);
});

test('an alias with other arguments is loaded on demand, still batched', async () => {
  const extra = 'firstTag: tags(sort: "name:desc", pagination: { limit: 1 }) { data { attributes { name } } }';
  const one = await statements(LIST(1, extra));
  const hundred = await statements(LIST(100, extra));
  assert.is(hundred.count, one.count, `1 entry: ${one.count} statements, 100 entries: ${hundred.count}`);
  const a = hundred.data.articles.data[0].attributes;
  assert.equal(a.firstTag.data, [{ attributes: { name: 'tag 1' } }]);
  assert.is(a.tags.data.length, 2);
});

test('a repeated document is read anew for other variables: @include and nested arguments follow them', async () => {
  const query = `query Shaped($withTags: Boolean!, $n: Int) { articles(pagination: { pageSize: 2 }, sort: "id") { data { attributes {
    title
    tags @include(if: $withTags) { data { attributes { name } } }
    author { data { attributes { articles(pagination: { pageSize: $n }, sort: "id") { data { id } } } } }
  } } } }`;
  const run = async (withTags: boolean, n: number) => {
    s.queries.length = 0;
    const data = await gqlData(s, query, { variables: { withTags, n } });
    return { count: s.queries.length, data };
  };
  // each pair twice: the document's first sighting runs on graphql-js, later ones compiled
  for (let round = 0; round < 3; round++) {
    const tagged = await run(true, 2);
    const plain = await run(false, 3);
    const a = tagged.data.articles.data[0].attributes;
    const b = plain.data.articles.data[0].attributes;
    assert.is(a.tags.data.length, 2, `round ${round}: tags selected`);
    assert.is(a.author.data.attributes.articles.data.length, 2, `round ${round}: nested page of 2`);
    assert.not.ok('tags' in b, `round ${round}: tags left out`);
    assert.is(b.author.data.attributes.articles.data.length, 3, `round ${round}: nested page of 3`);
    assert.is(tagged.count, plain.count + 1, `round ${round}: the tags cost one statement (${tagged.count} vs ${plain.count})`);
  }
});

test.run();
