/**
 * integration (GraphQL): limits checked before execution, all 400 with GRAPHQL_VALIDATION_FAILED (or
 * GRAPHQL_PARSE_FAILED for tokens): depthLimit (introspection not counted), root fields, aliases,
 * fields with fragments expanded (a fragment bomb is refused quickly), document length and tokens.
 */
import { getIntrospectionQuery } from 'graphql';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gql } from '../../helpers/graphql.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

let s: TestServer;

test.before(async () => {
  s = await startTestServer({ name: 'gql-limits' });
});
test.after(async () => s.stop());

const refused = async (query: string, message: RegExp, code = 'GRAPHQL_VALIDATION_FAILED') => {
  const r = await gql(s, query);
  assert.is(r.status, 400, r.text.slice(0, 300));
  assert.not.ok('data' in r.body);
  assert.is(r.body.errors[0].extensions.code, code);
  assert.match(r.body.errors[0].message, message);
};

const nested = (leaf: string) => `query Deep { articles { data { attributes { author { data { attributes { articles { data { attributes { ${leaf} } } } } } } } } } }`;

test('depthLimit (10 in the example): depth 10 runs, depth 11 is refused', async () => {
  const ok = await gql(s, nested('seo { metaTitle }'));
  assert.is(ok.status, 200, ok.text);
  await refused(nested('seo { openGraph { title } }'), /^'Deep' exceeds maximum operation depth of 10$/);
});

test('introspection is not counted against the depth', async () => {
  const r = await gql(s, getIntrospectionQuery());
  assert.is(r.status, 200);
  assert.ok(r.body.data.__schema.types.length > 50);
});

test('at most 20 root fields', async () => {
  const fields = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `f${i}: __typename`).join(' ')} }`;
  assert.is((await gql(s, fields(20))).status, 200);
  await refused(fields(21), /more than 20 root fields/);
});

test('at most 50 aliases', async () => {
  const aliases = Array.from({ length: 51 }, (_, i) => `a${i}: id`).join(' ');
  await refused(`{ tags { data { ${aliases} } } }`, /more than 50 aliases/);
});

test('at most 1500 fields, fragments expanded', async () => {
  const ids = 'id '.repeat(160);
  const frag = `fragment F on TagEntity { ${ids} }`;
  const spreads = (n: number) => Array.from({ length: n }, () => '...F').join(' ');
  assert.is((await gql(s, `{ tags { data { ${spreads(9)} } } } ${frag}`)).status, 200);
  await refused(`{ tags { data { ${spreads(10)} } } } ${frag}`, /more than 1500 fields/);
});

test('a fragment bomb is refused without expanding it', async () => {
  const frags = Array.from({ length: 30 }, (_, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`).join('\n');
  const started = Date.now();
  await refused(`{ ...F0 } ${frags} fragment F30 on Query { __typename }`, /more than 1500 fields|too complex/);
  assert.ok(Date.now() - started < 2000, `took ${Date.now() - started} ms`);
});

const NESTED = (size: number) => {
  const big = `(pagination: { pageSize: ${size} })`;
  return `{ tags${big} { data { attributes { articles${big} { data { attributes { tags${big} { data { id } } } } } } } } }`;
};

test('nested lists at full pages are answered, as Strapi answers them (no row estimate unless GRAPHQL_MAX_ROWS is set)', async () => {
  const r = await gql(s, NESTED(100));
  assert.is(r.status, 200, r.text);
  assert.not.ok(r.body.errors, r.text);
  assert.ok(Array.isArray(r.body.data.tags.data));
});

test('GRAPHQL_MAX_ROWS: nested lists that could read more entries are refused before any SQL runs', async () => {
  const capped = await startTestServer({ name: 'gql-limits-rows', env: { GRAPHQL_MAX_ROWS: '50000' } });
  try {
    capped.queries.length = 0;
    const r = await gql(capped, NESTED(100));
    assert.is(r.status, 200);
    assert.equal(r.body.data, { tags: null });
    assert.is(r.body.errors[0].extensions.code, 'BAD_USER_INPUT');
    assert.match(r.body.errors[0].message, /may read up to 1010100 entries; the limit is 50000/);
    assert.equal(capped.queries, []);
    assert.not.ok((await gql(capped, NESTED(10))).body.errors, 'within the limit');
  } finally {
    await capped.stop();
  }
});

test('document length and token count', async () => {
  await refused(`{ __typename } # ${'x'.repeat(50_001)}`, /Document is \d+ characters long; the limit is 50000/);
  await refused(`{ tags { data { ${'id '.repeat(11_000)} } } }`, /Document contains more tha[nt] 10000 tokens/, 'GRAPHQL_PARSE_FAILED');
});

test.run();
