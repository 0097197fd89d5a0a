/**
 * unit: query strings parsed once (engine/http/query-cache.ts). The same query string gets the same
 * frozen answer; a malformed one fails every time and is not remembered; the unknown parameters a
 * lenient parse ignores are reported on every request that sends them; the cache stays bounded.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { QueryCache } from '../../../../engine/http/query-cache.js';
import { ValidationError } from '../../../../engine/errors/index.js';
import { parseQuery } from '../../../../engine/request/parse-query.js';
import { parseQueryString } from '../../../../engine/request/parse-query-string.js';

test('the same query string: the same frozen raw data and typed query, as the request stage parses them', () => {
  const cache = new QueryCache(false);
  const search = 'populate[author][fields][0]=name&sort=title:desc&pagination[pageSize]=5';
  const first = cache.content(search);
  const again = cache.content(search);
  assert.is(again, first);
  assert.is(again.query, first.query);
  assert.ok(Object.isFrozen(first.query) && Object.isFrozen(first.raw));
  assert.ok(Object.isFrozen((first.query.populate as Record<string, object>).author), 'frozen all the way down');
  assert.equal(first.raw, parseQueryString(search));
  assert.equal(first.query, parseQuery(parseQueryString(search)));
});

test('a malformed query string fails each time (never remembered)', () => {
  const cache = new QueryCache(false);
  for (let i = 0; i < 2; i++) {
    try {
      cache.content('filters[title][$eq]=%E0%A4%A');
      assert.unreachable('malformed percent-encoding');
    } catch (err) {
      assert.instance(err, ValidationError);
    }
  }
});

test('unknown parameters: ignored and reported each time when lenient, a 400 each time when strict', () => {
  const lenient = new QueryCache(false);
  const heard: (readonly string[])[] = [];
  lenient.content('utm_source=news&populate=*', (names) => heard.push(names));
  lenient.content('utm_source=news&populate=*', (names) => heard.push(names));
  assert.equal(heard, [['utm_source'], ['utm_source']]);
  lenient.content('populate=*', (names) => heard.push(names));
  assert.is(heard.length, 2, 'nothing ignored: nothing reported');
  const strict = new QueryCache(true);
  for (let i = 0; i < 2; i++) assert.throws(() => strict.content('utm_source=news'), (err: unknown) => err instanceof ValidationError);
});

test('bounded: the least recently used query string is dropped, and parsed again when sent again', () => {
  const cache = new QueryCache(false);
  const first = cache.content('pagination[page]=1');
  const second = cache.content('pagination[page]=2');
  for (let page = 3; page <= 500; page++) cache.content(`pagination[page]=${page}`);
  assert.is(cache.content('pagination[page]=1'), first, 'still there at 500, and now used last');
  cache.content('pagination[page]=501');
  assert.is(cache.content('pagination[page]=1'), first, 'kept: used recently');
  const again = cache.content('pagination[page]=2');
  assert.is.not(again, second, 'dropped: the least recently used');
  assert.equal(again, second, 'parsed again to the same answer');
  const long = `filters[title][$eq]=${'x'.repeat(3000)}`;
  assert.is.not(cache.content(long), cache.content(long), 'a very long query string is not kept');
});

test.run();
