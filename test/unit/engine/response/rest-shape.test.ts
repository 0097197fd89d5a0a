/**
 * unit (engine/response): the Strapi v4 REST shape of read plans, printed in Node over loaded rows:
 * members follow the plan's fields (or the defaults) then its populate, private and unknown names are
 * never members, relations and media are `{ data }` (an empty multiple media `{ data: null }`),
 * components inline, zone items with `__component` last, lists with their pagination.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { planFind, planFindOne } from '../../../../engine/plan/index.js';
import { printerOf } from '../../../../engine/response/print-answer.js';
import { restEntryShape, restListShape } from '../../../../engine/response/rest-shape.js';
import { parseQuery } from '../../../../engine/request/index.js';
import { ARTICLE, model } from '../example-model.js';

const canFind = (uid: string) => !uid.startsWith('plugin::users-permissions.');
const find = (raw: Record<string, unknown>) => planFind(model, ARTICLE, parseQuery(raw), { canFind });
const one = (raw: Record<string, unknown>) => planFindOne(model, ARTICLE, 7, parseQuery(raw), { canFind });

test('a list: data, then meta.pagination by page with its count', () => {
  const plan = find({ fields: ['title'], pagination: { pageSize: '2' } });
  const text = printerOf(restListShape(model, plan))({ rows: [{ id: 1, title: 'a' }, { id: 2, title: 'b' }], total: 3, page: plan.page });
  assert.is(text, '{"data":[{"id":1,"attributes":{"title":"a"},"meta":{}},{"id":2,"attributes":{"title":"b"},"meta":{}}],"meta":{"pagination":{"page":1,"pageSize":2,"pageCount":2,"total":3}}}');
});

test('by offset and without a count', () => {
  const plan = find({ fields: ['title'], pagination: { start: '4', limit: '3', withCount: 'false' } });
  assert.is(printerOf(restListShape(model, plan))({ rows: [], page: plan.page }), '{"data":[],"meta":{"pagination":{"start":4,"limit":3}}}');
});

test('one entry: relations and media as { data }, components inline, zone items with __component last', () => {
  const plan = one({ fields: ['title'], populate: { author: { fields: ['name'] }, gallery: '*', seo: '*', blocks: '*' } });
  const print = printerOf(restEntryShape(model, plan));
  const row = {
    id: 7, title: 't', author: { id: 3, name: 'Ada' }, gallery: [], seo: null,
    blocks: [{ id: 9, __component: 'content.quote', text: 'q', attribution: null }],
  };
  const parsed = JSON.parse(print({ rows: row }));
  assert.equal(parsed.data.attributes.author, { data: { id: 3, attributes: { name: 'Ada' } } });
  assert.equal(parsed.data.attributes.gallery, { data: null }, 'an empty multiple media field');
  assert.is(parsed.data.attributes.seo, null);
  assert.equal(Object.keys(parsed.data.attributes.blocks[0]).at(-1), '__component');
  assert.is(print({ rows: null }), '{"data":null,"meta":{}}');
});

test('private attributes and keys the shape does not name never leave', () => {
  const plan = one({});
  const text = printerOf(restEntryShape(model, plan))({ rows: { id: 7, title: 't', internalNotes: 'secret', password: 'x', extra: 1 } as never });
  assert.not.match(text, /secret|internalNotes|extra/);
});

test.run();
