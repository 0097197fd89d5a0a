/**
 * unit, test/bench: the pure parts of `make bench-vs-strapi`: the bench spec in Strapi's relation
 * spelling, answers stripped of timestamps, and differences grouped by path.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { differences, withoutTimestamps } from '../../bench/compare-bodies.js';
import { strapiRelation } from '../../bench/strapi-server.js';

test('one-way relations take the kinds Strapi v4 accepts; the others and non-relations stay', () => {
  assert.equal(strapiRelation({ type: 'relation', relation: 'manyWay', target: 'api::article.article' }), { type: 'relation', relation: 'oneToMany', target: 'api::article.article' });
  assert.equal(strapiRelation({ type: 'relation', relation: 'oneWay', target: 'plugin::users-permissions.user' }), { type: 'relation', relation: 'oneToOne', target: 'plugin::users-permissions.user' });
  const kept = { type: 'relation', relation: 'manyToOne', target: 'api::author.author', inversedBy: 'articles' };
  assert.equal(strapiRelation(kept), kept);
  assert.equal(strapiRelation({ type: 'string', relation: 'oneWay' }), { type: 'string', relation: 'oneWay' });
});

test('timestamps are dropped at every depth, everything else kept', () => {
  const body = { data: [{ id: 1, attributes: { title: 't', createdAt: 'a', updatedAt: 'b', publishedAt: 'c', author: { data: { id: 2, attributes: { name: 'n', createdAt: 'x' } } } } }], meta: { pagination: { total: 1 } } };
  assert.equal(withoutTimestamps(body), { data: [{ id: 1, attributes: { title: 't', author: { data: { id: 2, attributes: { name: 'n' } } } } }], meta: { pagination: { total: 1 } } });
});

test('differences are grouped by path with indexes folded, most frequent first', () => {
  const quire = { data: [{ id: 1, meta: {}, a: 'x' }, { id: 2, meta: {}, a: 'y' }] };
  const strapi = { data: [{ id: 1, a: 'x' }, { id: 2, a: 'z' }] };
  assert.equal(differences(quire, strapi, ['quire', 'Strapi']), ['.data[].meta: only in quire (2x)', '.data[].a: "y" != "z"']);
  assert.equal(differences({ a: [1] }, { a: [1] }), []);
  assert.equal(differences({ a: [1] }, { a: [1, 2] }), ['.a: 1 items != 2']);
});

test.run();
