/**
 * unit, engine/errors: the validation catalog and its doc table (engine/errors/README.md) hold the
 * same keys and the same text; paths and values print as Strapi 4.26.2's messages print them.
 * Reads the README only.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../../../engine/errors/errors.js';
import { MESSAGE_EXAMPLES, messages, printPath, printValue, renderExample, validationIssue, wirePath, type MessageKey } from '../../../../engine/errors/validation-catalog.js';
import { REPO_ROOT } from '../../../helpers/spec-dir.js';

const README = readFileSync(join(REPO_ROOT, 'engine', 'errors', 'README.md'), 'utf8');
/** `| \`key\` | `` message `` | source |` */
const ROW = /^\| `(\w+)` \| `` (.*) `` \| (.+) \|$/;
const rows = README.split('\n').map((line) => ROW.exec(line)).filter((m): m is RegExpExecArray => m !== null);

test('every catalog message has one row in the README, showing exactly its rendered example and a source', () => {
  for (const key of Object.keys(messages) as MessageKey[]) {
    const found = rows.filter((r) => r[1] === key);
    assert.is(found.length, 1, `README rows for ${key}`);
    assert.is(found[0][2], renderExample(key), `README text of ${key}`);
    assert.ok(found[0][3].trim().length > 0, `source of ${key}`);
  }
});

test('the README names no message the catalog does not have', () => {
  for (const [, key] of rows) assert.ok(Object.hasOwn(messages, key), `${key} is in the README but not in the catalog`);
  assert.is(rows.length, Object.keys(MESSAGE_EXAMPLES).length);
});

test('the messages of the issue, as Strapi words them', () => {
  assert.is(messages.typeCast(['seats'], 'number', NaN, 'many'), 'seats must be a `number` type, but the final value was: `NaN` (cast from the value `"many"`).');
  assert.is(messages.defined(['address', 'street']), 'address.street must be defined.');
  assert.is(messages.minLength(['title'], 2), 'title must be at least 2 characters');
  assert.is(messages.oneOf(['layout', 0, '__component'], ['blocks.a', 'blocks.b']), 'layout[0].__component must be one of the following values: blocks.a, blocks.b');
});

const PATHS: [(string | number)[], string, string[]][] = [
  [['title'], 'title', ['title']],
  [['address', 'street'], 'address.street', ['address', 'street']],
  [['layout', 0, '__component'], 'layout[0].__component', ['layout', '0', '__component']],
  [['blocks', 1, 'links', 0, 'label'], 'blocks[1].links[0].label', ['blocks', '1', 'links', '0', 'label']],
  [['fileInfo', 1], 'fileInfo[1]', ['fileInfo', '1']],
  [[], 'this', []],
];

for (const [path, printed, wire] of PATHS) {
  test(`path ${JSON.stringify(path)} prints "${printed}" and goes out as ${JSON.stringify(wire)}`, () => {
    assert.is(printPath(path), printed);
    assert.equal(wirePath(path), wire);
    assert.equal(validationIssue(path, 'm'), { path: wire, message: 'm', name: 'ValidationError' });
  });
}

/** as Strapi 4.26.2 printed them in its type messages */
const VALUES: [unknown, string][] = [
  [5, '5'],
  ['many', '"many"'],
  [true, 'true'],
  [null, 'null'],
  [NaN, 'NaN'],
  [{}, '{}'],
  [{ a: 1 }, '{\n  "a": "1"\n}'],
  [['a'], '[\n  "\\"a\\""\n]'],
  [{ a: { b: [1, 'x', null, true] } }, '{\n  "a": {\n    "b": [\n      "1",\n      "\\"x\\"",\n      "null",\n      "true"\n    ]\n  }\n}'],
];

for (const [value, printed] of VALUES) {
  test(`printValue(${JSON.stringify(value)})`, () => assert.is(printValue(value), printed));
}

test('ValidationError.of: one issue gives its message, several "N errors occurred"', () => {
  const one = validationIssue(['title'], messages.defined(['title']));
  assert.is(ValidationError.of([one]).message, 'title must be defined.');
  assert.is(ValidationError.of([one, one, one]).message, '3 errors occurred');
  assert.equal(ValidationError.of([one]).details, { errors: [one] });
});

test.run();
