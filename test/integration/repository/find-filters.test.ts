/**
 * repository integration: every filter operator of OPERATORS on real rows, with one behaviour on
 * both databases: case-sensitive $eq/$contains/$startsWith/$endsWith, case-insensitive `i`
 * variants, literal wildcards, NULL handling of negative operators, and/or/not.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { WhereNode } from '../../../engine/plan/types.js';
import { ARTICLE, cmp, create, DIALECT, ids, openFixture, type Fixture } from './fixture.js';

let f: Fixture;
const A: Record<string, number> = {};

test.before(async () => {
  f = await openFixture('find-filters');
  const rows: [string, Record<string, unknown>][] = [
    ['hello', { title: 'Hello World', excerpt: 'Alpha', readingTime: 5, featured: true, rating: 1.5 }],
    ['there', { title: 'hello there', excerpt: 'beta', readingTime: 10, featured: false, rating: 2 }],
    ['percent', { title: '100% sure_thing', excerpt: null, readingTime: null, featured: null }],
    ['zebra', { title: 'Zebra', excerpt: 'ALPHA', readingTime: 7 }],
    ['glob', { title: 'Glob [x]*? end', readingTime: 3 }],
    ['untitled', { title: null, readingTime: 1 }],
    ['accent', { title: 'Émile', readingTime: 2 }],
  ];
  for (const [key, scalars] of rows) A[key] = await create(f.repo, ARTICLE, scalars, '2024-01-01T00:00:00.000Z');
});

test.after(() => f.close());

const where = async (w: WhereNode) => (await ids(f.repo, ARTICLE, { where: w })).map((id) => Object.keys(A).find((k) => A[k] === id));
const all = () => Object.keys(A);
const except = (...keys: string[]) => all().filter((k) => !keys.includes(k));

test(`[${DIALECT}] $eq / $ne are case-sensitive; $ne and $nei never match NULL (as Strapi v4)`, async () => {
  assert.equal(await where(cmp('title', '$eq', 'Hello World')), ['hello']);
  assert.equal(await where(cmp('title', '$eq', 'hello world')), []);
  assert.equal(await where(cmp('title', '$eq', null)), ['untitled']);
  assert.equal(await where(cmp('title', '$ne', 'Hello World')), except('hello', 'untitled'));
  assert.equal(await where(cmp('title', '$ne', null)), except('untitled'));
  assert.equal(await where(cmp('title', '$eqi', 'HELLO WORLD')), ['hello']);
  assert.equal(await where(cmp('title', '$nei', 'hello WORLD')), except('hello', 'untitled'));
  assert.equal(await where(cmp('title', '$eq', ['Zebra', 'Émile'])), ['zebra', 'accent']);
  assert.equal(await where(cmp('title', '$eqi', 'émile')), ['accent']);
  assert.equal(await where(cmp('title', '$containsi', 'ÉMI')), ['accent']);
});

test(`[${DIALECT}] ordering operators and $between are inclusive where they say so`, async () => {
  assert.equal(await where(cmp('readingTime', '$lt', 5)), ['glob', 'untitled', 'accent']);
  assert.equal(await where(cmp('readingTime', '$lte', 5)), ['hello', 'glob', 'untitled', 'accent']);
  assert.equal(await where(cmp('readingTime', '$gt', 5)), ['there', 'zebra']);
  assert.equal(await where(cmp('readingTime', '$gte', 7)), ['there', 'zebra']);
  assert.equal(await where(cmp('readingTime', '$between', [3, 7])), ['hello', 'zebra', 'glob']);
  assert.equal(await where(cmp('rating', '$gt', 1.5)), ['there']);
  // byte order on both databases: upper case before lower case, accents last
  assert.equal(await where(cmp('title', '$lt', 'a')), ['hello', 'percent', 'zebra', 'glob']);
  assert.equal(await where(cmp('title', '$gt', 'z')), ['accent']);
});

test(`[${DIALECT}] $in / $notIn take arrays; $notIn never matches NULL`, async () => {
  assert.equal(await where(cmp('readingTime', '$in', [5, 10])), ['hello', 'there']);
  assert.equal(await where(cmp('readingTime', '$in', [])), []);
  assert.equal(await where(cmp('readingTime', '$in', [5, null])), ['hello', 'percent']);
  assert.equal(await where(cmp('readingTime', '$notIn', [5, 10])), except('hello', 'there', 'percent'));
  assert.equal(await where(cmp('readingTime', '$notIn', [])), all());
  assert.equal(await where(cmp('title', '$in', ['Zebra', 'zebra'])), ['zebra']);
});

test(`[${DIALECT}] $contains / $startsWith / $endsWith are case-sensitive, the i variants are not`, async () => {
  assert.equal(await where(cmp('title', '$contains', 'ello')), ['hello', 'there']);
  assert.equal(await where(cmp('title', '$contains', 'Hello')), ['hello']);
  assert.equal(await where(cmp('title', '$containsi', 'HELLO')), ['hello', 'there']);
  assert.equal(await where(cmp('title', '$startsWith', 'hello')), ['there']);
  assert.equal(await where(cmp('title', '$startsWithi', 'hello')), ['hello', 'there']);
  assert.equal(await where(cmp('title', '$endsWith', 'World')), ['hello']);
  assert.equal(await where(cmp('title', '$endsWith', 'world')), []);
  assert.equal(await where(cmp('title', '$endsWithi', 'WORLD')), ['hello']);
  assert.equal(await where(cmp('excerpt', '$contains', 'ALPHA')), ['zebra']);
  assert.equal(await where(cmp('excerpt', '$containsi', 'alpha')), ['hello', 'zebra']);
  assert.equal(await where(cmp('title', '$notContains', 'ello')), except('hello', 'there', 'untitled'));
  assert.equal(await where(cmp('title', '$notContainsi', 'HELLO')), except('hello', 'there', 'untitled'));
  assert.equal(await where(cmp('excerpt', '$notContains', 'ALPHA')), ['hello', 'there']);
});

test(`[${DIALECT}] wildcards in values are literal (LIKE and GLOB metacharacters)`, async () => {
  assert.equal(await where(cmp('title', '$contains', '%')), ['percent']);
  assert.equal(await where(cmp('title', '$contains', '_')), ['percent']);
  assert.equal(await where(cmp('title', '$containsi', '0% SURE_')), ['percent']);
  assert.equal(await where(cmp('title', '$startsWith', '100%')), ['percent']);
  assert.equal(await where(cmp('title', '$contains', '[x]*?')), ['glob']);
  assert.equal(await where(cmp('title', '$contains', '*')), ['glob']);
  assert.equal(await where(cmp('title', '$endsWith', '? end')), ['glob']);
  assert.equal(await where(cmp('title', '$containsi', '[X]')), ['glob']);
  assert.equal(await where(cmp('title', '$contains', '!')), []);
  assert.equal(await where(cmp('title', '$contains', '')), except('untitled'));
});

test(`[${DIALECT}] $null / $notNull, booleans`, async () => {
  assert.equal(await where(cmp('readingTime', '$null', true)), ['percent']);
  assert.equal(await where(cmp('readingTime', '$null', false)), except('percent'));
  assert.equal(await where(cmp('readingTime', '$notNull', true)), except('percent'));
  assert.equal(await where(cmp('readingTime', '$notNull', false)), ['percent']);
  assert.equal(await where(cmp('featured', '$eq', true)), ['hello']);
  assert.equal(await where(cmp('featured', '$eq', false)), ['there']);
  assert.equal(await where(cmp('featured', '$ne', true)), ['there']);
});

test(`[${DIALECT}] and / or / not; not keeps SQL's rule (a NULL comparison stays out)`, async () => {
  assert.equal(await where({ kind: 'or', nodes: [cmp('title', '$eq', 'Zebra'), cmp('readingTime', '$eq', 10)] }), ['there', 'zebra']);
  assert.equal(await where({ kind: 'and', nodes: [cmp('title', '$containsi', 'hello'), cmp('readingTime', '$gt', 5)] }), ['there']);
  assert.equal(await where({ kind: 'not', node: cmp('featured', '$eq', true) }), ['there']);
  assert.equal(await where({ kind: 'not', node: cmp('featured', '$ne', true) }), ['hello']);
  assert.equal(await where({ kind: 'not', node: { kind: 'or', nodes: [cmp('readingTime', '$lt', 5), cmp('readingTime', '$gt', 7)] } }), ['hello', 'zebra']);
  assert.equal(await where({ kind: 'and', nodes: [] }), all());
  assert.equal(await where({ kind: 'or', nodes: [] }), []);
  assert.equal(await where(cmp('id', '$in', [A.zebra, A.glob])), ['zebra', 'glob']);
});

test(`[${DIALECT}] an unknown field is a ValidationError, not a database error`, async () => {
  try {
    await where(cmp('nope', '$eq', 1));
    assert.unreachable();
  } catch (err: any) {
    assert.is(err.name, 'ValidationError');
  }
});

test.run();
