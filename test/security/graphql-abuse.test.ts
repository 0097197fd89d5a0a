/**
 * security: GraphQL documents that ask for too much are refused before execution (400, nothing run):
 * depth, aliases, root fields, fragment bombs, very long documents, batched operations (arrays of
 * operations are not served); list sizes are capped by amountLimit; introspection is off when
 * NODE_ENV=production unless GRAPHQL_INTROSPECTION=true.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestServer } from '../helpers/server.js';
import { gql } from '../helpers/graphql.js';
import { raw, securityArtifacts, seedSecrets, startSecureServer } from './harness.js';

let s: TestServer;
let artifactsDir: string;
let admin: string;

test.before(async () => {
  artifactsDir = await securityArtifacts();
  s = await startSecureServer({ name: 'sec-graphql', artifactsDir, env: { AUTH_RATE_LIMIT_MAX: '0' } });
  admin = (await seedSecrets(s)).admin;
});
test.after(async () => s.stop());

async function refusedBeforeExecution(query: string, label: string): Promise<void> {
  const before = s.queries.length;
  const r = await gql(s, query);
  assert.is(r.status, 400, `${label}: ${r.text.slice(0, 300)}`);
  assert.not.ok(r.body && 'data' in r.body, label);
  assert.is(s.queries.length, before, `${label}: no SQL ran`);
}

const deep = (n: number) => {
  let sel = 'id';
  for (let i = 0; i < n; i++) sel = `data { attributes { author { data { attributes { articles { ${sel} } } } } } }`;
  return `{ articles { ${sel} } }`;
};

test('depth, aliases, root fields and fragment bombs', async () => {
  await refusedBeforeExecution(deep(4), 'depth 4 round trips');
  await refusedBeforeExecution(`{ ${Array.from({ length: 60 }, (_, i) => `a${i}: articles { data { id } }`).join(' ')} }`, '60 aliases');
  await refusedBeforeExecution(`{ articles { data { ${Array.from({ length: 60 }, (_, i) => `i${i}: id`).join(' ')} } } }`, '60 field aliases');
  await refusedBeforeExecution(`{ ${Array.from({ length: 25 }, (_, i) => `r${i}: tags { data { id } }`).join(' ')} }`, '25 root fields');
  let frags = 'fragment F0 on Article { title }';
  for (let i = 1; i < 12; i++) frags += ` fragment F${i} on Article { ...F${i - 1} ...F${i - 1} }`;
  await refusedBeforeExecution(`{ articles { data { attributes { ...F11 } } } } ${frags}`, 'fragment bomb');
  await refusedBeforeExecution('{ articles { data { id } } } fragment A on Article { ...B } fragment B on Article { ...A }', 'fragment cycle');
});

test('very long documents and token floods', async () => {
  await refusedBeforeExecution(`{ articles { data { id } } } # ${'x'.repeat(60_000)}`, '60,000 characters');
  await refusedBeforeExecution(`{ articles(filters: { title: { in: [${Array.from({ length: 12_000 }, () => '"a"').join(',')}] } }) { data { id } } }`.slice(0, 49_000), '12,000 tokens');
  await refusedBeforeExecution(`{ articles { data { id ${'@include(if: true) '.repeat(200)} } } }`, 'repeated directives');
});

test('batched operations: an array of operations is refused; several operations need an operationName', async () => {
  const one = { query: '{ articles { data { id } } }' };
  const batch = await raw(s, { method: 'POST', path: '/graphql', body: JSON.stringify(Array.from({ length: 50 }, () => one)), headers: { 'Content-Type': 'application/json' } });
  assert.is(batch.status, 400, batch.text);
  const two = await gql(s, 'query A { articles { data { id } } } query B { tags { data { id } } }');
  assert.is(two.status, 400, two.text);
  const named = await gql(s, 'query A { articles { data { id } } } query B { tags { data { id } } }', { operationName: 'B' });
  assert.is(named.status, 200, named.text);
  const sub = await gql(s, 'subscription { articles { data { id } } }');
  assert.is(sub.status, 400, sub.text);
});

test('amount: page sizes above amountLimit are capped, nested lists draw on one budget', async () => {
  const r = await gql(s, '{ articles(pagination: { pageSize: 100000 }) { meta { pagination { pageSize } } } }');
  assert.is(r.status, 200, r.text);
  assert.ok(r.body.data.articles.meta.pagination.pageSize <= 100);
  const neg = await gql(s, '{ articles(pagination: { pageSize: -5, page: -1 }) { data { id } } }');
  assert.ok(neg.status === 200 || neg.status === 400, neg.text);
  const big = await gql(s, '{ articles(pagination: { start: 99999999999, limit: 99999999999 }) { data { id } } }');
  assert.ok(big.status === 200 || big.status === 400, big.text);
  const mutationBatch = await gql(s, `mutation { ${Array.from({ length: 30 }, (_, i) => `m${i}: createTag(data: { name: "bulk-${i}" }) { data { id } }`).join(' ')} }`, { token: admin });
  assert.is(mutationBatch.status, 400, 'thirty writes in one document exceed the root-field limit');
});

test('introspection: on in development, off in production, on again when configured', async () => {
  const q = '{ __schema { types { name } } }';
  const dev = await gql(s, q);
  assert.is(dev.status, 200, dev.text);
  const production = { JWT_SECRET: 'production-secret-0123456789', API_TOKEN_SALT: 'production-salt-0123456789', NODE_ENV: 'production', AUTH_RATE_LIMIT_MAX: '0' };
  const prod = await startSecureServer({ name: 'sec-graphql-prod', artifactsDir, env: production });
  try {
    for (const query of [q, '{ __type(name: "Article") { fields { name } } }', '{ articles { data { id } } __schema { queryType { name } } }', 'query { ...F } fragment F on Query { __schema { types { name } } }']) {
      const r = await gql(prod, query);
      assert.is(r.status, 400, `${query}: ${r.text.slice(0, 200)}`);
    }
    const typename = await gql(prod, '{ __typename articles { __typename data { id } } }');
    assert.is(typename.status, 200, '__typename stays available');
    const get = await prod.get(`/graphql?query=${encodeURIComponent(q)}`);
    assert.is(get.status, 400, 'over GET too');
  } finally {
    await prod.stop();
  }
  const configured = await startSecureServer({ name: 'sec-graphql-prod-on', artifactsDir, env: { ...production, GRAPHQL_INTROSPECTION: 'true' } });
  try {
    assert.is((await gql(configured, q)).status, 200);
  } finally {
    await configured.stop();
  }
  const devOff = await startSecureServer({ name: 'sec-graphql-dev-off', artifactsDir, env: { GRAPHQL_INTROSPECTION: 'false', AUTH_RATE_LIMIT_MAX: '0' } });
  try {
    assert.is((await gql(devOff, q)).status, 400);
  } finally {
    await devOff.stop();
  }
});

test.run();
