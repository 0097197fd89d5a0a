/**
 * unit, engine/project: the core controller's helpers as project code calls them. transformResponse
 * wraps relations and media in `{ data }`, keeps components inline and keys the model does not know;
 * sanitizeOutput drops private attributes and relations the caller may not read; sanitizeInput drops
 * relations to types the caller may not read.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sanitizeInput, sanitizeOutput, transformResponse } from '../../../../engine/project/transform-response.js';
import { model } from '../example-model.js';

const uid = 'api::article.article';
const attrs = model.contentTypes[uid].attributes;
const relation = Object.entries(attrs).find(([, a]) => a.kind === 'relation' && !a.toMany) as [string, { target: string }];
const [rel, { target }] = relation;

test('transformResponse: a list with meta; a relation wrapped; unknown keys kept', () => {
  const out = transformResponse(model, uid, [{ id: 1, title: 'T', [rel]: { id: 2, name: 'N' }, readingTime: 3 }], { pagination: { page: 1 } });
  assert.equal(out, { data: [{ id: 1, attributes: { title: 'T', [rel]: { data: { id: 2, attributes: { name: 'N' } } }, readingTime: 3 } }], meta: { pagination: { page: 1 } } });
  assert.equal(transformResponse(model, uid, { id: 1, [rel]: null }), { data: { id: 1, attributes: { [rel]: { data: null } } }, meta: {} });
  assert.equal(transformResponse(model, uid, null), { data: null, meta: {} });
});

test('sanitizeOutput and sanitizeInput: relations the caller may not read are dropped, other keys kept', () => {
  const entry = { id: 1, title: 'T', [rel]: { id: 2 }, extra: true };
  assert.equal(sanitizeOutput(model, uid, [entry], (t) => t !== target), [{ id: 1, title: 'T', extra: true }]);
  assert.equal(sanitizeOutput(model, uid, entry, () => true), entry);
  assert.equal(sanitizeInput(model, uid, { title: 'T', [rel]: 2 }, (t) => t !== target), { title: 'T' });
});

test.run();
