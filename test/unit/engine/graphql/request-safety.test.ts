/**
 * unit: GraphQL requests get the REST body checks (UTF-8, prototype keys, NUL characters) before
 * graphql-http reads them; NUL in string literals and, by configuration, introspection are
 * validation errors.
 */
import { buildSchema, parse, validate } from 'graphql';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkGetParams, readGraphqlBody, safetyRules } from '../../../../engine/graphql/request-safety.js';
import { expectError } from '../expect-error.js';

const schema = buildSchema('type Query { hello(name: String): String }');
const errors = (source: string, introspection: boolean) => validate(schema, parse(source), safetyRules(introspection)).map((e) => e.message);

test('JSON bodies are parsed and checked; other types and unparsable JSON are left to graphql-http', () => {
  assert.equal(readGraphqlBody(Buffer.from('{"query":"{ hello }"}'), 'application/json; charset=utf-8'), { query: '{ hello }' });
  assert.is(readGraphqlBody(Buffer.from('{ hello }'), 'text/plain'), '{ hello }');
  assert.is(readGraphqlBody(Buffer.from('{"query":'), 'application/json'), '{"query":');
  expectError(() => readGraphqlBody(Buffer.from([0x7b, 0xc3, 0x28, 0x7d]), 'application/json'), { status: 400, name: 'ValidationError', message: 'Request body is not valid UTF-8' });
  expectError(() => readGraphqlBody(Buffer.from('{"query":"{ hello }","variables":{"__proto__":{"x":1}}}'), 'application/json'), { status: 400, name: 'ValidationError', message: 'Invalid key "__proto__"' });
  expectError(() => readGraphqlBody(Buffer.from('{"query":"{ hello }","variables":{"name":"a\\u0000"}}'), 'application/json'), { status: 400, name: 'ValidationError', message: /NUL/ });
  expectError(() => checkGetParams(new URLSearchParams({ query: '{ hello }', variables: '{"constructor":{"prototype":{}}}' })), { status: 400, name: 'ValidationError', message: 'Invalid key "constructor"' });
  assert.not.throws(() => checkGetParams(new URLSearchParams({ query: '{ hello }', variables: 'not json' })));
});

test('NUL in string literals is a validation error; introspection only when allowed', () => {
  assert.equal(errors('{ hello(name: "a\\u0000b") }', true), ['String values may not contain NUL characters (\\u0000)']);
  assert.equal(errors('{ hello(name: "tab\\t") }', true), []);
  assert.equal(errors('{ __schema { types { name } } }', true), []);
  assert.ok(errors('{ __schema { types { name } } }', false).length > 0);
  assert.ok(errors('{ __type(name: "Query") { name } }', false).length > 0);
  assert.equal(errors('{ __typename hello }', false), []);
});

test.run();
