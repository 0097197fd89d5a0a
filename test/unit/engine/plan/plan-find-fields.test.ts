/**
 * unit, engine/plan: `fields` of planFind -> the scalar names besides id (id is always returned and
 * never listed; '*' or nothing: every non-private scalar, `fields` left out of the plan). Comma strings
 * are not split. Relations, components, private and unknown names -> 400 "Invalid parameter <name>".
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ARTICLE, model, publicReader } from '../example-model.js';
import { expectError, invalidParameter } from '../expect-error.js';
import { findPlan } from '../plan-reads.js';

function fields(qs: string, uid = ARTICLE): readonly string[] | undefined {
  return findPlan(model, uid, qs, publicReader).fields;
}

const CASES: [string, string[] | undefined][] = [
  ['', undefined],
  ['fields=', undefined],
  ['fields=*', undefined],
  ['fields[0]=*', undefined],
  ['fields[0]=title&fields[1]=*', undefined],
  ['fields[0]=title', ['title']],
  ['fields=title', ['title']],
  ['fields[0]=title&fields[1]=slug', ['title', 'slug']],
  ['fields=title&fields=slug', ['title', 'slug']],
  ['fields[0]=title&fields[1]=id', ['title']],
  ['fields=id', []],
  ['fields[0]=title&fields[1]=title', ['title']],
  ['fields[0]=createdAt&fields[1]=updatedAt&fields[2]=publishedAt', ['createdAt', 'updatedAt', 'publishedAt']],
  ['fields[0]=metadata&fields[1]=wordCount&fields[2]=importedAt', ['metadata', 'wordCount', 'importedAt']],
];

for (const [qs, expected] of CASES) {
  test(`fields: ${qs || '(none)'}`, () => {
    const plan = findPlan(model, ARTICLE, qs, publicReader);
    assert.equal(plan.fields, expected);
    assert.is('fields' in plan, expected !== undefined, 'fields is left out of the plan when every scalar is wanted');
  });
}

const REFUSED: [string, string, string?][] = [
  ['fields=title,slug', 'title,slug', 'comma strings are not split, as in Strapi'],
  ['fields[0]=title,slug', 'title,slug'],
  ['fields[0]=internalNotes', 'internalNotes'],
  ['fields[0]=previewPassword', 'previewPassword'],
  ['fields[0]=nope', 'nope'],
  ['fields[0]=author', 'author'],
  ['fields[0]=cover', 'cover'],
  ['fields[0]=seo', 'seo'],
  ['fields[0]=blocks', 'blocks'],
  ['fields[0]=title&fields[1]=', 'fields'],
  ['fields[title]=1', 'fields'],
  ['fields[0][a]=1', 'fields'],
];

for (const [qs, name, note] of REFUSED) {
  test(`fields refused: ${qs}${note ? ` (${note})` : ''}`, () => {
    expectError(() => fields(qs), invalidParameter(name), qs);
  });
}

test('fields: publishedAt only on draft-and-publish types', () => {
  assert.equal(fields('fields[0]=name&fields[1]=createdAt', 'api::tag.tag'), ['name', 'createdAt']);
  expectError(() => fields('fields[0]=publishedAt', 'api::tag.tag'), invalidParameter('publishedAt'));
});

test.run();
