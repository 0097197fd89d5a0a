/**
 * unit (engine/graphql): GraphQL over HTTP as graphql-http reads it: the media type from Accept,
 * a GET's and a POST's parameters, and the 400 / 415 of malformed requests.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { acceptedType, requestParams } from '../../../../engine/graphql/graphql-transport.js';

test('Accept: the first media type that fits, application/json by default, none for others', () => {
  assert.is(acceptedType(undefined), 'application/json');
  assert.is(acceptedType('application/graphql-response+json, application/json'), 'application/graphql-response+json');
  assert.is(acceptedType('text/html, */*'), 'application/json');
  assert.is(acceptedType('application/json; charset=latin1'), undefined);
  assert.is(acceptedType('text/html'), undefined);
});

test('GET and POST parameters', () => {
  assert.equal(requestParams('GET', 'query=%7B__typename%7D&variables=%7B%22a%22%3A1%7D', undefined, undefined), { query: '{__typename}', variables: { a: 1 } });
  assert.equal(requestParams('POST', '', 'application/json', { query: '{ a }', operationName: 'Q' }), { query: '{ a }', operationName: 'Q' });
  assert.equal(requestParams('POST', '', 'application/json; charset=utf-8', '{"query":"{ a }"}'), { query: '{ a }' });
});

test('malformed requests: 415 for another type, 400 with the reason', () => {
  assert.is((requestParams('POST', '', 'text/plain', 'x') as { status: number }).status, 415);
  const reason = (r: unknown) => JSON.parse((r as { payload: string }).payload).errors[0].message;
  assert.is(reason(requestParams('POST', '', 'application/json', '{"query": ')), 'Unparsable JSON body');
  assert.is(reason(requestParams('POST', '', 'application/json', { variables: {} })), 'Missing query');
  assert.is(reason(requestParams('POST', '', 'application/json', { query: 1 })), 'Invalid query');
  assert.is(reason(requestParams('POST', '', 'application/json', { query: '{ a }', variables: [] })), 'Invalid variables');
  assert.is(reason(requestParams('GET', 'query=x&variables=%7B', undefined, undefined)), 'Unparsable URL');
  assert.is(reason(requestParams('POST', '', 'application/json', undefined)), 'Missing body');
});

test.run();
