/**
 * unit (engine/graphql): the limits checked before execution, as graphql-js validation rules on a
 * small schema: depth counted as graphql-depth-limit does (introspection free), fields and aliases
 * with fragments expanded, root fields, and a fragment bomb refused within the walk budget.
 */
import { buildSchema, parse, validate } from 'graphql';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { costLimitRule, DEFAULT_LIMITS, depthLimitRule } from '../../../../engine/graphql/document-limits.js';

const schema = buildSchema('type Node { id: ID, child: Node, name: String } type Query { node: Node, other: Node }');
const limits = { ...DEFAULT_LIMITS, maxDepth: 3, maxFields: 10, maxAliases: 2, maxRootFields: 2 };
const errors = (doc: string) => validate(schema, parse(doc), [depthLimitRule(limits.maxDepth, limits), costLimitRule(limits)]).map((e) => e.message);

test('depth: root fields are 0; a leaf at the limit passes, one deeper fails', () => {
  assert.equal(errors('{ node { child { child { id } } } }'), []);
  assert.equal(errors('query Q { node { child { child { child { id } } } } }'), ["'Q' exceeds maximum operation depth of 3"]);
  assert.equal(errors('{ node { ...F } } fragment F on Node { child { child { child { id } } } }'), ["'' exceeds maximum operation depth of 3"]);
});

test('depth: introspection fields are not counted', () => {
  assert.equal(errors('{ __schema { types { fields { type { name } } } } }'), []);
});

test('root fields, aliases, fields (fragments expanded)', () => {
  assert.equal(errors('{ node { id } other { id } a: __typename }'), ["'' selects more than 2 root fields"]);
  assert.equal(errors('{ node { a: id b: id c: id } }'), ["'' uses more than 2 aliases"]);
  assert.equal(errors('{ node { ...F ...F ...F } } fragment F on Node { id name child { id } }'), ["'' selects more than 10 fields"]);
});

test('a fragment bomb of spreads only is refused', () => {
  const frags = Array.from({ length: 25 }, (_, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`).join(' ');
  const messages = validate(schema, parse(`{ ...F0 } ${frags} fragment F25 on Query { ...Missing }`), [costLimitRule(limits), depthLimitRule(limits.maxDepth, limits)]).map((e) => e.message);
  assert.ok(messages.includes("'' is too complex (fragments expand past the field limit)"), messages.join('\n'));
});

test.run();
