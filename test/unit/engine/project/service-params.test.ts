/**
 * unit, engine/project: entity service and query engine params -> the ParsedQuery the planner takes,
 * and the data project code writes (Dates, epoch publishedAt, related entries given whole).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { dbQuery, entityServiceQuery, writableData } from '../../../../engine/project/service-params.js';
import { model as exampleModel } from '../example-model.js';

test('entity service params', () => {
  assert.equal(entityServiceQuery({ filters: { slug: 'a' }, fields: ['title'], sort: { title: 'desc' }, populate: ['author'], start: 5, limit: 10, locale: 'all' }), {
    filters: { kind: 'field', name: 'slug', filter: { kind: 'cmp', op: '$eq', value: 'a' } },
    sort: [{ path: ['title'], direction: 'desc' }],
    pagination: { start: 5, limit: 10 },
    fields: ['title'],
    populate: { author: {} },
    locale: 'all',
  });
  assert.equal(entityServiceQuery({ page: 2, pageSize: 5, populate: true }), { pagination: { page: 2, pageSize: 5 }, populate: { '*': {} } });
  assert.equal(entityServiceQuery(undefined), {});
});

test('query engine params: where, select, orderBy, offset / limit, nested populate; drafts and every locale', () => {
  assert.equal(dbQuery({ where: { id: 3 }, select: ['id', 'title'], orderBy: [{ title: 'asc' }], offset: 2, limit: 1, populate: { author: { select: ['name'], where: { name: 'Ann' } } } }), {
    filters: { kind: 'field', name: 'id', filter: { kind: 'cmp', op: '$eq', value: 3 } },
    sort: [{ path: ['title'], direction: 'asc' }],
    pagination: { start: 2, limit: 1 },
    fields: ['id', 'title'],
    populate: { author: { fields: ['name'], filters: { kind: 'field', name: 'name', filter: { kind: 'cmp', op: '$eq', value: 'Ann' } } } },
    publicationState: 'preview',
    locale: 'all',
  });
});

test('written data: Dates and epoch publishedAt as ISO strings, related entries and files by id', () => {
  const model = exampleModel;
  const at = new Date('2026-01-02T03:04:05.000Z');
  const uid = 'api::article.article';
  const relation = Object.entries(model.contentTypes[uid].attributes).find(([, a]) => a.kind === 'relation' && !a.toMany)?.[0] as string;
  assert.equal(writableData(model, uid, { title: 'x', publishedAt: at.getTime(), [relation]: { id: 7, name: 'whole entry' } }), { title: 'x', publishedAt: at.toISOString(), [relation]: 7 });
  assert.equal(writableData(model, uid, { publishedAt: at }), { publishedAt: at.toISOString() });
});

test.run();
