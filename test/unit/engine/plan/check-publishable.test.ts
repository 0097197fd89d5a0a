/**
 * unit, engine/plan: publishing a draft checks the stored values the update does not send (required
 * attributes, minLength, inside components too; required media never), in Strapi's words; the read it
 * needs is planned as plain data. On the members fixture (a post with required scalars, a required
 * component and relation, a required cover).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileSpec } from '../../../../compiler/compile.js';
import { planReadPublishable, publishIssues } from '../../../../engine/plan/index.js';
import { FIXTURES } from '../../../helpers/spec-dir.js';

const model = (await compileSpec(`${FIXTURES}/specs/members`)).model;
const POST = 'api::post.post';
const post = model.contentTypes[POST];
const v = (path: string[], message: string) => ({ path, message, name: 'ValidationError' });

test('planReadPublishable: the checked scalars, components deep, relation ids; no media', () => {
  const plan = planReadPublishable(model, POST, 4);
  assert.equal(plan.fields, ['title', 'summary', 'body', 'kind']);
  assert.equal(Object.keys(plan.populate), ['seo', 'links', 'sections', 'category', 'author']);
  assert.equal(plan.populate.category, { fields: [] });
  assert.is(plan.publicationState, 'preview');
});

test('publishIssues: an empty draft lacks every required attribute but the cover', () => {
  const stored = { id: 4, title: null, summary: null, body: null, kind: null, seo: null, links: [], sections: [], category: null, author: null };
  assert.equal(publishIssues(model, post, stored, { publishedAt: '2024-05-01T00:00:00Z' }), [
    v(['title'], 'title must be defined.'),
    v(['body'], 'body must be defined.'),
    v(['kind'], 'kind must be defined.'),
    v(['seo'], 'seo must be defined.'),
    v(['category'], 'category must be defined.'),
  ]);
});

test('publishIssues: stored values too short, inside components and zone items, with their full path', () => {
  const stored = {
    id: 4, title: 'abc', summary: 'short', body: 'b', kind: 'note',
    seo: { id: 1, metaTitle: null, metaDescription: 'too short' },
    links: [{ id: 2, label: 'a', url: 'https://x' }],
    sections: [{ id: 3, __component: 'sections.text', heading: null, body: 'tiny' }],
    category: { id: 1 },
  };
  assert.equal(publishIssues(model, post, stored, { publishedAt: '2024-05-01T00:00:00Z' }), [
    v(['title'], 'title must be at least 5 characters'),
    v(['summary'], 'summary must be at least 10 characters'),
    v(['seo', 'metaTitle'], 'seo.metaTitle must be defined.'),
    v(['seo', 'metaDescription'], 'seo.metaDescription must be at least 50 characters'),
    v(['links', '0', 'label'], 'links[0].label must be at least 2 characters'),
    v(['sections', '0', 'body'], 'sections[0].body must be at least 20 characters'),
  ]);
});

test('publishIssues: what the update sends is not checked here (the planner checks it in full)', () => {
  const stored = { id: 4, title: null, summary: null, body: 'b', kind: 'note', seo: { id: 1, metaTitle: 'm', metaDescription: 'd'.repeat(60) }, links: [], sections: [], category: { id: 2 } };
  assert.equal(publishIssues(model, post, stored, { title: 'A good title', publishedAt: '2024-05-01T00:00:00Z' }), []);
});

test.run();
