/**
 * unit (engine/graphql): the estimate of entries a read may load, from plan pages down populate paths.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { estimateRows, RowBudget } from '../../../../engine/graphql/row-budget.js';

const page = (pageSize: number) => ({ style: 'page' as const, page: 1, pageSize, withCount: false });

test('page sizes multiply down each path; to-one counts 1; zones count 10 items', () => {
  assert.is(estimateRows({ author: {}, tags: { page: page(10), populate: { articles: { page: page(5) } } } }, 100), 100 + 1000 + 5000);
  assert.is(estimateRows({ blocks: { on: { 'content.media-block': { populate: { file: {} } } } } }, 2), 20 + 20);
  assert.is(estimateRows({}, 100), 0);
});

test('one budget per request: reads draw on it until it is spent', () => {
  const budget = new RowBudget(1000);
  budget.charge(100, { tags: { page: page(5) } });
  assert.throws(() => budget.charge(100, { tags: { page: page(5) } }), /may read up to 1200 entries; the limit is 1000/);
});

test.run();
