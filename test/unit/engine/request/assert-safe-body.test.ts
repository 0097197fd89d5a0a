/**
 * unit, engine/request: assertSafeBody refuses JSON bodies carrying prototype keys at any depth
 * (with the path in details) and bodies nested past the depth limit; ordinary bodies pass.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { assertSafeBody } from '../../../../engine/request/assert-safe-body.js';
import { expectError } from '../expect-error.js';

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? { a: value } : [value];
  return value;
}

const SAFE: [string, unknown][] = [
  ['a string', 'x'],
  ['null', null],
  ['an ordinary body', { data: { title: 'x', tags: [1, 2], seo: { metaTitle: 'm' }, blocks: [{ __component: 'content.quote', text: 'q' }] } }],
  ['a value that merely says __proto__', { data: { title: '__proto__', constructorName: 'x' } }],
  ['32 levels', nested(32)],
];

for (const [label, body] of SAFE) {
  test(`accepts ${label}`, () => {
    assert.not.throws(() => assertSafeBody(body));
  });
}

const UNSAFE: [string, unknown, (string | number)[]][] = [
  ['__proto__ at the top', JSON.parse('{"__proto__":{"polluted":1}}'), ['__proto__']],
  ['__proto__ inside data', JSON.parse('{"data":{"title":"x","__proto__":{"polluted":1}}}'), ['data', '__proto__']],
  ['constructor in a component', { data: { seo: { constructor: { prototype: { polluted: 1 } } } } }, ['data', 'seo', 'constructor']],
  ['prototype in an array item', { data: { blocks: [{ __component: 'content.quote' }, { prototype: 1 }] } }, ['data', 'blocks', '1', 'prototype']],
  ['__proto__ inside a json attribute', JSON.parse('{"data":{"metadata":{"a":{"__proto__":{"x":1}}}}}'), ['data', 'metadata', 'a', '__proto__']],
];

for (const [label, body, path] of UNSAFE) {
  test(`refuses ${label}`, () => {
    const key = path[path.length - 1];
    expectError(() => assertSafeBody(body), {
      status: 400,
      name: 'ValidationError',
      message: `Invalid key "${key}"`,
      details: { errors: [{ path, message: `Invalid key "${key}"`, name: 'ValidationError' }] },
    });
  });
}

test('refuses 33 levels and a very deep body without overflowing the stack', () => {
  for (const depth of [33, 100000]) {
    expectError(() => assertSafeBody(nested(depth)), { status: 400, name: 'ValidationError', message: 'Request body is nested deeper than 32 levels' });
  }
});

test('the depth limit is configurable', () => {
  assert.not.throws(() => assertSafeBody(nested(3), 3));
  expectError(() => assertSafeBody(nested(4), 3), { status: 400, name: 'ValidationError', message: 'Request body is nested deeper than 3 levels' });
});

test('NUL characters in strings and keys, at any depth: 400 naming the path; other control characters pass', () => {
  const message = 'Strings may not contain NUL characters (\\u0000)';
  for (const [body, path] of [
    [{ data: { title: 'a\u0000b' } }, ['data', 'title']],
    [{ data: { tags: ['x', '\u0000'] } }, ['data', 'tags', '1']],
    [{ data: { metadata: { 'k\u0000': 1 } } }, ['data', 'metadata']],
  ] as const) {
    expectError(() => assertSafeBody(body), { status: 400, name: 'ValidationError', message, details: { errors: [{ path, message, name: 'ValidationError' }] } });
  }
  assert.not.throws(() => assertSafeBody({ data: { title: 'tab\t bell\u0007 esc\u001b del\u007f' } }));
});

test.run();
