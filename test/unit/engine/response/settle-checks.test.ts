/**
 * unit (engine/response): the marks of values a GraphQL check refused become graphql-js's errors
 * and nulls: a null in a non-null field nulls the nearest value that may be null, an enum's unknown
 * value nulls the field (and up, when it is non-null), values inside a nulled one are not reported,
 * and an answer without marks is returned as it is.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { AnswerShape } from '../../../../engine/response/answer-shape.js';
import { checkMark } from '../../../../engine/response/print-answer.js';
import { settleChecks } from '../../../../engine/response/settle-checks.js';

const steps = [{ key: 'data', nullable: false, list: { nullableItems: false } }, { key: 'attributes', nullable: true }];
const shape: AnswerShape = {
  list: true,
  members: [],
  checks: [
    { field: 'Article.title', nonNull: true, positions: [10], steps: [...steps, { key: 'title', nullable: false }] },
    { field: 'Article.format', nonNull: false, enumType: 'ENUM_ARTICLE_FORMAT', positions: [20], steps: [...steps, { key: 'format', nullable: true }] },
    { field: 'Article.kind', nonNull: true, enumType: 'ENUM_ARTICLE_KIND', positions: [30], steps: [...steps, { key: 'kind', nullable: false }] },
  ],
};

test('no mark: the text as it is', () => {
  assert.equal(settleChecks('{"data":[]}', shape), { text: '{"data":[]}', errors: [] });
});

test('a null in a non-null field: attributes (which may be null) become null, one error with its path', () => {
  const text = `{"data":[{"id":"1","attributes":{"title":${checkMark(0)},"format":${checkMark(1, '"odd"')}}},{"id":"2","attributes":{"title":"ok"}}]}`;
  const settled = settleChecks(text, shape);
  assert.is(settled.text, '{"data":[{"id":"1","attributes":null},{"id":"2","attributes":{"title":"ok"}}]}');
  assert.equal(settled.errors, [{ message: 'Cannot return null for non-nullable field Article.title.', enum: false, positions: [10], path: ['data', 0, 'attributes', 'title'] }]);
});

test('an enum value the enum does not name: the field null; from a non-null field, its object', () => {
  const text = `{"data":[{"attributes":{"format":${checkMark(1, '"odd"')}}},{"attributes":{"kind":${checkMark(2, '"weird"')}}}]}`;
  const settled = settleChecks(text, shape);
  assert.is(settled.text, '{"data":[{"attributes":{"format":null}},{"attributes":null}]}');
  assert.equal(settled.errors.map((e) => [e.message, e.enum, e.path]), [
    ['Enum "ENUM_ARTICLE_FORMAT" cannot represent value: "odd"', true, ['data', 0, 'attributes', 'format']],
    ['Enum "ENUM_ARTICLE_KIND" cannot represent value: "weird"', true, ['data', 1, 'attributes', 'kind']],
  ]);
});

test('nothing may be null on the way up: the root field value is null', () => {
  const strict: AnswerShape = { list: false, members: [], checks: [{ field: 'X.y', nonNull: true, positions: [1], steps: [{ key: 'data', nullable: false }, { key: 'y', nullable: false }] }] };
  assert.is(settleChecks(`{"data":{"y":${checkMark(0)}}}`, strict).text, 'null');
});

test.run();
