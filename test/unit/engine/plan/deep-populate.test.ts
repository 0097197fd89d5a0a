/**
 * unit, engine/plan: `populate=deep[,depth]` as strapi-plugin-populate-deep answers it, on the
 * example model: recognized by the request stage, expanded by the planner only when the plugin is
 * on (REST's read option), every component, zone, media and relation down to the depth, types
 * already reached not followed again, a level at depth 1 populated without nesting.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { deepPopulate, MAX_DEEP_DEPTH, MAX_DEEP_NODES } from '../../../../engine/plan/deep-populate.js';
import { expectError } from '../expect-error.js';
import { populateDeepQuery } from '../../../../engine/request/populate-query.js';
import { ARTICLE, model, publicReader } from '../example-model.js';
import { findPlan } from '../plan-reads.js';

const deepReader = { ...publicReader, populateDeep: { defaultDepth: 5 } };

test('the request stage recognizes the plugin forms only', () => {
  assert.equal(populateDeepQuery('deep'), {});
  assert.equal(populateDeepQuery('deep,3'), { depth: 3 });
  assert.equal(populateDeepQuery(['deep', '2']), { depth: 2 });
  assert.equal(populateDeepQuery('deep,x'), {});
  assert.is(populateDeepQuery('author,deep'), undefined);
  assert.is(populateDeepQuery({ deep: 'true' }), undefined);
  assert.is(populateDeepQuery(undefined), undefined);
});

test('depth 2: every component, zone, media and relation one level', () => {
  const names = ['cover', 'gallery', 'author', 'category', 'tags', 'relatedArticles', 'coverOf', 'reviewer', 'seo', 'sources', 'blocks'];
  assert.equal(deepPopulate(model, ARTICLE, 2), Object.fromEntries(names.map((n) => [n, {}])));
});

test('depth 3: components and zones one level further; relations back to a type already reached are not followed', () => {
  const p = deepPopulate(model, ARTICLE, 3);
  assert.equal(p.seo, { populate: { metaImage: {}, openGraph: {} } });
  assert.ok(p.blocks.populate && 'file' in p.blocks.populate, 'the zone merges its components\' populates');
  assert.ok(p.author.populate, 'author is followed');
  assert.not.ok(p.author.populate && 'articles' in p.author.populate, 'articles (the collection already reached) is not followed back');
});

test('the planner expands it only when the plugin is on; off, `deep` is an unknown name (ignored as Strapi ignores it)', () => {
  const on = findPlan(model, ARTICLE, 'populate=deep,2', deepReader).populate;
  assert.equal(Object.keys(on).sort(), ['author', 'blocks', 'category', 'coverOf', 'cover', 'gallery', 'relatedArticles', 'seo', 'sources', 'tags'].sort(), 'reviewer (a users-permissions user) is not findable here');
  assert.equal(findPlan(model, ARTICLE, 'populate=deep', publicReader).populate, {});
  assert.ok(findPlan(model, ARTICLE, 'populate=deep', deepReader).populate.seo?.populate, 'the default depth (5) nests');
});

test('an expansion past MAX_DEEP_NODES is a 400 naming the depth, before any SQL', () => {
  expectError(() => deepPopulate(model, ARTICLE, 1000), { status: 400, name: 'ValidationError', message: `populate=deep,${MAX_DEEP_DEPTH} asks for more than ${MAX_DEEP_NODES} populated attributes; ask for a smaller depth` });
  expectError(() => findPlan(model, ARTICLE, 'populate=deep,9', deepReader), { status: 400, name: 'ValidationError', message: /populate=deep,9 asks for more than/ });
  assert.ok(Object.keys(deepPopulate(model, ARTICLE, 7)).length > 0, 'depth 7 (about 2,000 attributes here) is answered');
});

test.run();
