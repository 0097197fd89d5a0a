/**
 * unit, engine/plan: `sort` of planFind in every Strapi form (strings, comma lists, arrays, objects,
 * dotted and nested paths through to-one relations and single components) -> SortItem[], and the 400s:
 * private/unknown/to-many names ("Invalid parameter <name>") and bad directions (Strapi answers 500).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ReadOptions } from '../../../../engine/plan/plan-options.js';
import type { SortItem } from '../../../../engine/plan/types.js';
import { ARTICLE, graphqlReader, model, publicReader } from '../example-model.js';
import { expectError, invalidParameter } from '../expect-error.js';
import { findPlan } from '../plan-reads.js';

function sort(query: string | Record<string, unknown>, options: ReadOptions = publicReader): readonly SortItem[] {
  return findPlan(model, ARTICLE, query, options).sort;
}

const asc = (...path: string[]): SortItem => ({ path, direction: 'asc' });
const desc = (...path: string[]): SortItem => ({ path, direction: 'desc' });

const CASES: [string, SortItem[]][] = [
  ['', []],
  ['sort=', []],
  ['sort=,,,', []],
  ['sort=title', [asc('title')]],
  ['sort=title:desc', [desc('title')]],
  ['sort=title:DESC', [desc('title')]],
  ['sort=title:Asc', [asc('title')]],
  ['sort=title:asc,createdAt:desc', [asc('title'), desc('createdAt')]],
  ['sort=title, createdAt:desc,', [asc('title'), desc('createdAt')]],
  ['sort[0]=title&sort[1]=id:desc', [asc('title'), desc('id')]],
  ['sort[0]=title:desc,id', [desc('title'), asc('id')]],
  ['sort=title&sort=id:desc', [asc('title'), desc('id')]],
  ['sort[title]=desc', [desc('title')]],
  ['sort[title]=desc&sort[id]=asc', [desc('title'), asc('id')]],
  ['sort[0][title]=asc&sort[1][createdAt]=desc', [asc('title'), desc('createdAt')]],
  ['sort=author.name:asc', [asc('author', 'name')]],
  ['sort[author][name]=desc', [desc('author', 'name')]],
  ['sort[0][author][name]=desc&sort[1]=title', [desc('author', 'name'), asc('title')]],
  ['sort=seo.metaTitle', [asc('seo', 'metaTitle')]],
  ['sort=seo.openGraph.title:desc', [desc('seo', 'openGraph', 'title')]],
  ['sort=seo.metaImage.name', [asc('seo', 'metaImage', 'name')]],
  ['sort=cover.name', [asc('cover', 'name')]],
  ['sort=category.parent.name:desc', [desc('category', 'parent', 'name')]],
  ['sort=coverOf.number', [asc('coverOf', 'number')]],
  ['sort=publishedAt:desc&sort=updatedAt', [desc('publishedAt'), asc('updatedAt')]],
  ['sort=wordCount,publishTime,publishDate,featured', [asc('wordCount'), asc('publishTime'), asc('publishDate'), asc('featured')]],
];

for (const [qs, expected] of CASES) {
  test(`sort: ${qs || '(none)'}`, () => {
    assert.equal(sort(qs), expected);
  });
}

test('sort (graphql): an array of strings, as the sort argument', () => {
  assert.equal(sort({ sort: ['title:desc', 'author.name'] }, graphqlReader), [desc('title'), asc('author', 'name')]);
  assert.equal(sort({ sort: [] }, graphqlReader), []);
});

const REFUSED: [string, string, string?][] = [
  ['sort=previewPassword', 'previewPassword', 'private: same message as unknown'],
  ['sort=internalNotes:desc', 'internalNotes'],
  ['sort=nope', 'nope'],
  ['sort[nope]=asc', 'nope'],
  ['sort=tags.name', 'tags', 'to-many relation'],
  ['sort[tags][name]=asc', 'tags'],
  ['sort=sources.title', 'sources', 'repeatable component'],
  ['sort=gallery.name', 'gallery', 'multiple media'],
  ['sort=blocks', 'blocks'],
  ['sort=author', 'author', 'a relation is not a sortable value'],
  ['sort=seo', 'seo'],
  ['sort=metadata', 'metadata', 'json has no order'],
  ['sort=reviewer.username', 'reviewer', 'the requester may not find users'],
  ['sort=author.payoutAccount', 'payoutAccount'],
  ['sort=author.nope', 'nope'],
  ['sort=title.x', 'title'],
  ['sort=title:desc:x', 'sort'],
  ['sort=author..name', 'sort'],
  ['sort=.title', 'sort'],
  ['sort=' + Array(9).fill('category').join('.') + '.name', 'sort', 'more than 8 joins'],
  ['sort[title][0]=asc', 'sort'],
  ['sort[0][0]=title', 'sort'],
];

for (const [qs, name, note] of REFUSED) {
  test(`sort refused: ${qs.slice(0, 60)}${note ? ` (${note})` : ''}`, () => {
    expectError(() => sort(qs), invalidParameter(name), qs);
  });
}

for (const [qs, dir] of [['sort=title:sideways', 'sideways'], ['sort=title:', ''], ['sort[title]=up', 'up'], ['sort=title:ascending', 'ascending']]) {
  test(`sort refused: ${qs} (bad direction: 400 where Strapi answers 500)`, () => {
    expectError(() => sort(qs), { status: 400, name: 'ValidationError', message: `Invalid sort direction "${dir}" (expected asc or desc)`, details: {} });
  });
}

test('sort: a to-one relation the requester may find is followed', () => {
  assert.equal(sort('sort=reviewer.username', { canFind: () => true }), [asc('reviewer', 'username')]);
});

test.run();
