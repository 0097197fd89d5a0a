/**
 * unit (engine/graphql): the engine's copy of the enum-name rule agrees with the emitter's, value by value.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { enumValueMap as emitterMap, enumValueName as emitterName } from '../../../../compiler/emit/graphql/type-names.js';
import { enumValueMap, enumValueName } from '../../../../engine/graphql/enum-values.js';

const VALUES = ['news', 'in review', 'In-Review', 'café', '2nd', '---', 'a.b.c', 'Ünïcödé value', 'x_y', 'UPPER', ' padded '];

test('same name for every value as the emitter', () => {
  for (const v of VALUES) assert.is(enumValueName(v), emitterName(v), v);
  assert.equal(enumValueMap(VALUES), emitterMap(VALUES));
});

test('names map back to the stored values', () => {
  assert.equal(enumValueMap(['news', 'in review', '2nd']), { news: 'news', in_review: 'in review', _2nd: '2nd' });
});

test.run();
