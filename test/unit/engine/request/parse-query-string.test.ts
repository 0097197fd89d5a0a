/**
 * unit, engine/request: parseQueryString turns a raw query string into nested plain data with qs
 * and refuses hostile input (prototype keys, bad % escapes, too deep, too many, too long) with a 400.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseQueryString } from '../../../../engine/request/parse-query-string.js';
import { expectError } from '../expect-error.js';

const PARSED: [string, Record<string, unknown>][] = [
  ['', {}],
  ['?', {}],
  ['?sort=title', { sort: 'title' }],
  ['sort[0]=title:desc&sort[1]=id', { sort: ['title:desc', 'id'] }],
  ['filters[author][name][$eq]=Ann', { filters: { author: { name: { $eq: 'Ann' } } } }],
  ['filters%5Btitle%5D%5B%24eq%5D=a%20b', { filters: { title: { $eq: 'a b' } } }],
  ['filters[title][$eq]=a+b', { filters: { title: { $eq: 'a b' } } }],
  ['filters[title][$eq]=%E2%9C%93', { filters: { title: { $eq: '✓' } } }],
  ['filters[title]=a&filters[title]=b', { filters: { title: ['a', 'b'] } }],
  ['populate=*', { populate: '*' }],
  ['populate=author,tags', { populate: 'author,tags' }],
  ['fields=title,slug', { fields: 'title,slug' }],
  ['populate[blocks][on][content.quote][fields][0]=text', { populate: { blocks: { on: { 'content.quote': { fields: ['text'] } } } } }],
  ['pagination[page]=2&pagination[pageSize]=10', { pagination: { page: '2', pageSize: '10' } }],
  ['flag', { flag: '' }],
  ['x=__proto__&y=constructor', { x: '__proto__', y: 'constructor' }],
  ['sort[5]=title', { sort: ['title'] }],
  ['sort[99]=title', { sort: ['title'] }],
  ['a' + '[b]'.repeat(12) + '=1', { a: nest(12, '1') }],
];

function nest(depth: number, leaf: unknown): unknown {
  return depth === 0 ? leaf : { b: nest(depth - 1, leaf) };
}

for (const [raw, expected] of PARSED) {
  test(`parses ${raw.slice(0, 70) || '(empty)'}`, () => {
    assert.equal(parseQueryString(raw), expected);
  });
}

test('returns ordinary objects (no null prototype leaks to later stages)', () => {
  const parsed = parseQueryString('filters[title][$eq]=x') as { filters: object };
  assert.is(Object.getPrototypeOf(parsed), Object.prototype);
  assert.is(Object.getPrototypeOf(parsed.filters), Object.prototype);
});

const params = (n: number) => Array.from({ length: n }, (_, i) => `p${i}=1`).join('&');

const REFUSED: [string, string | RegExp][] = [
  ['__proto__[polluted]=1', 'Invalid parameter __proto__'],
  ['filters[__proto__][x]=1', 'Invalid parameter __proto__'],
  ['filters[title][__proto__]=1', 'Invalid parameter __proto__'],
  ['filters[constructor][prototype][x]=1', 'Invalid parameter constructor'],
  ['populate[prototype]=true', 'Invalid parameter prototype'],
  ['constructor=1', 'Invalid parameter constructor'],
  ['filters%5B__proto__%5D=1', 'Invalid parameter __proto__'],
  ['filters[%5F_proto__]=1', 'Invalid parameter __proto__'],
  ['a[__proto__=1', 'Invalid parameter __proto__'],
  ['a=%E0%A4%A', 'Invalid query string: malformed percent-encoding'],
  ['a%ZZ=1', 'Invalid query string: malformed percent-encoding'],
  ['sort=%', 'Invalid query string: malformed percent-encoding'],
  ['a' + '[b]'.repeat(13) + '=1', 'Invalid query string: nested deeper than 12 levels'],
  ['a' + '[b]'.repeat(5000) + '=1', 'Invalid query string: nested deeper than 12 levels'],
  ['sort[100]=title', 'Invalid query string: arrays are limited to 100 elements'],
  ['filters[$or][99999999]=1', 'Invalid query string: arrays are limited to 100 elements'],
  [Array.from({ length: 101 }, () => 'sort=title').join('&'), 'Invalid query string: arrays are limited to 100 elements'],
  [params(1001), 'Invalid query string: more than 1000 parameters'],
  [params(2000), 'Invalid query string: more than 1000 parameters'],
];

for (const [raw, message] of REFUSED) {
  test(`refuses ${raw.slice(0, 70)}`, () => {
    expectError(() => parseQueryString(raw), { status: 400, name: 'ValidationError', message }, raw.slice(0, 40));
  });
}

test('1000 parameters are still fine', () => {
  assert.is(Object.keys(parseQueryString(params(1000))).length, 1000);
});

test('NUL characters (%00) in keys or values: 400', () => {
  for (const raw of ['filters[title][$eq]=a%00b', 'sort=title%00', 'filters[title%00][$eq]=x', '%00=1']) {
    expectError(() => parseQueryString(raw), { status: 400, name: 'ValidationError', message: 'Invalid query string: NUL characters (%00) are not allowed' }, raw);
  }
  assert.equal(parseQueryString('filters[title][$eq]=%01%1F'), { filters: { title: { $eq: '\u0001\u001f' } } });
});

test('nothing reaches Object.prototype', () => {
  for (const raw of ['__proto__[polluted]=1', 'a[__proto__][polluted]=1', 'constructor[prototype][polluted]=1']) {
    try {
      parseQueryString(raw);
    } catch {
      // refused, as asserted above
    }
  }
  assert.is(({} as Record<string, unknown>).polluted, undefined);
});

test.run();
