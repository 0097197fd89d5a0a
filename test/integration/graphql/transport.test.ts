/**
 * integration (GraphQL): GraphQL-over-HTTP framing: POST JSON and GET, 400 for documents that do not
 * parse or validate and for bad variables, 405 for mutations over GET, 415/413 on bad bodies, the
 * graphql-http conformance audits (every MUST passes; the only SHOULD warnings are the deliberate
 * 400-instead-of-200 for application/json), CORS preflight, and the endpoint's 404s.
 */
import { serverAudits } from 'graphql-http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gql } from '../../helpers/graphql.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

let s: TestServer;

test.before(async () => {
  s = await startTestServer({ name: 'gql-transport' });
});
test.after(async () => s.stop());

test('POST JSON answers {data}; GET answers queries', async () => {
  let r = await gql(s, '{ tags { data { id } } }');
  assert.is(r.status, 200);
  assert.match(r.headers.get('content-type')!, /^application\/json/);
  assert.equal(r.body, { data: { tags: { data: [] } } });
  r = await s.get(`/graphql?query=${encodeURIComponent('{ __typename }')}`);
  assert.is(r.status, 200);
  assert.equal(r.body, { data: { __typename: 'Query' } });
  r = await s.request('POST', '/graphql', { body: { query: '{ __typename }' }, headers: { Accept: 'application/graphql-response+json' } });
  assert.match(r.headers.get('content-type')!, /^application\/graphql-response\+json/);
});

test('a document that does not parse: 400, GRAPHQL_PARSE_FAILED, no data', async () => {
  const r = await gql(s, '{ tags { data { id } ');
  assert.is(r.status, 400);
  assert.not.ok('data' in r.body);
  assert.is(r.body.errors[0].extensions.code, 'GRAPHQL_PARSE_FAILED');
  assert.match(r.body.errors[0].message, /^Syntax Error/);
});

test('a document that does not validate: 400, GRAPHQL_VALIDATION_FAILED', async () => {
  const r = await gql(s, '{ tags { data { id nope } } }');
  assert.is(r.status, 400);
  assert.is(r.body.errors[0].extensions.code, 'GRAPHQL_VALIDATION_FAILED');
  assert.match(r.body.errors[0].message, /Cannot query field "nope" on type "TagEntity"/);
});

test('variables that do not coerce: 400', async () => {
  const r = await gql(s, 'query($p: PaginationArg) { tags(pagination: $p) { data { id } } }', { variables: { p: { page: 'two' } } });
  assert.is(r.status, 400);
  assert.is(r.body.errors[0].extensions.code, 'BAD_USER_INPUT');
});

test('mutations over GET are refused with 405', async () => {
  const r = await s.get(`/graphql?query=${encodeURIComponent('mutation { createTag(data: { name: "x" }) { data { id } } }')}`);
  assert.is(r.status, 405);
  assert.is(r.headers.get('allow'), 'POST');
});

test('bad bodies and methods', async () => {
  let r = await s.request('POST', '/graphql', { rawBody: '{"query": ', headers: { 'Content-Type': 'application/json' } });
  assert.is(r.status, 400);
  r = await s.request('POST', '/graphql', { rawBody: '{"query": "{ __typename }"}', headers: { 'Content-Type': 'text/plain' } });
  assert.is(r.status, 415);
  r = await s.request('POST', '/graphql', { body: { variables: {} } });
  assert.is(r.status, 400, 'missing query');
  r = await s.request('PUT', '/graphql', { body: { query: '{ __typename }' } });
  assert.is(r.status, 405);
  r = await s.request('POST', '/graphql', { rawBody: JSON.stringify({ query: `{ __typename } #${'x'.repeat(2 * 1024 * 1024)}` }), headers: { 'Content-Type': 'application/json' } });
  assert.is(r.status, 413);
  assert.is(r.body.error.name, 'PayloadTooLargeError');
});

test('CORS preflight on the endpoint', async () => {
  const r = await s.request('OPTIONS', '/graphql', { headers: { Origin: 'http://app.example', 'Access-Control-Request-Method': 'POST' } });
  assert.is(r.status, 204);
  assert.is(r.headers.get('access-control-allow-origin'), '*');
});

test('paths under the endpoint other than the playground assets are 404', async () => {
  for (const p of ['/graphql/x', '/graphql/playground/../../package.json', '/graphql/playground/nope.js', '/graphqlx']) {
    const r = await s.get(p);
    assert.is(r.status, 404, p);
  }
});

test('graphql-http audits: every MUST passes', async () => {
  const results = await Promise.all(serverAudits({ url: `${s.url}/graphql` }).map((a) => a.fn()));
  const failed = results.filter((r) => r.name.startsWith('MUST') && r.status !== 'ok').map((r) => `${r.id} ${r.name}: ${r.status === "ok" ? "" : r.reason}`);
  assert.equal(failed, []);
  const warned = results.filter((r) => r.status !== 'ok').map((r) => r.id).sort();
  assert.equal(warned, ['572B', '7B9B', 'FDE2'], 'only the deliberate 400s for application/json clients');
});

test.run();
