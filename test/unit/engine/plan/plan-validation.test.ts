/**
 * unit, engine/plan: one table per class of the validation catalog, body in, issues out, on the
 * validation fixture (every attribute kind with every constraint, every kind required). The messages
 * are the ones Strapi 4.26.2 answered for the same content-types, or quire's own (engine/errors/README.md).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileSpec } from '../../../../compiler/compile.js';
import type { ValidationIssue } from '../../../../engine/errors/index.js';
import { planCreate } from '../../../../engine/plan/plan-create.js';
import { planUpdate } from '../../../../engine/plan/plan-update.js';
import { FIXTURES } from '../../../helpers/spec-dir.js';

const model = (await compileSpec(`${FIXTURES}/specs/validation`)).model;
const now = new Date('2025-01-02T00:00:00.000Z');
const CONSTRAINT = 'api::constraint.constraint';
const REQUIREMENT = 'api::requirement.requirement';

type Issue = [(string | number)[], string];
const v = ([path, message]: Issue): ValidationIssue => ({ path: path.map(String), message, name: 'ValidationError' });

/** the issues of a create (or update with `id`), [] when it plans */
function issues(uid: string, data: unknown, opts: { id?: number; strictDrafts?: boolean } = {}): ValidationIssue[] {
  try {
    if (opts.id === undefined) planCreate(model, uid, { data }, { now, strictDrafts: opts.strictDrafts });
    else planUpdate(model, uid, opts.id, { data }, { now, strictDrafts: opts.strictDrafts });
    return [];
  } catch (err) {
    return ((err as { details: { errors?: ValidationIssue[] } }).details.errors ?? []) as ValidationIssue[];
  }
}

const REQUIRED = ['s', 'i', 'b', 'd', 't', 'dt', 'big', 'f', 'dec', 'e', 'en', 'j', 'u', 'pw', 'one', 'many', 'zone', 'm', 'r'];
const NAN = (p: string, v: string) => `${p} must be a \`number\` type, but the final value was: \`NaN\` (cast from the value \`${v}\`).`;

/** required media are not enforced, as in Strapi v4 */
const ENFORCED = REQUIRED.filter((n) => n !== 'm');

test('required: every required attribute left out of a create is "must be defined.", in declared order (media never)', () => {
  assert.equal(issues(REQUIREMENT, {}), ENFORCED.map((n) => v([[n], `${n} must be defined.`])));
});

test('required: a draft (publishedAt: null) skips required, as in Strapi v4; strictDrafts: true checks it', () => {
  assert.equal(issues(REQUIREMENT, { publishedAt: null }), []);
  assert.equal(issues(REQUIREMENT, { publishedAt: null }, { strictDrafts: true }), ENFORCED.map((n) => v([[n], `${n} must be defined.`])));
});

test('not null: a required attribute sent as null, in Strapi\'s words for its kind', () => {
  const nulls = Object.fromEntries(REQUIRED.map((n) => [n, null]));
  const expected = [
    v([['s'], 's must be a `string` type, but the final value was: `null`.']),
    v([['i'], 'i must be a `number` type, but the final value was: `NaN`.']),
    v([['b'], 'b must be a `boolean` type, but the final value was: `null`.']),
    v([['d'], 'd must be defined.']),
    v([['t'], 't must be defined.']),
    v([['dt'], 'dt must be defined.']),
    v([['big'], 'big must be defined.']),
    v([['f'], 'f must be a `number` type, but the final value was: `NaN`.']),
    v([['dec'], 'dec must be a `number` type, but the final value was: `NaN`.']),
    v([['e'], 'e must be a `string` type, but the final value was: `null`.']),
    v([['en'], 'en must be a `string` type, but the final value was: `null`.']),
    v([['j'], 'j must be defined.']),
    v([['u'], 'u must be a `string` type, but the final value was: `null`.']),
    v([['pw'], 'pw must be a `string` type, but the final value was: `null`.']),
    v([['one'], 'one must be a `object` type, but the final value was: `null`.']),
    v([['many'], 'many must be a `array` type, but the final value was: `null`.']),
    v([['zone'], 'zone must be a `array` type, but the final value was: `null`.']),
  ];
  // a required relation: "must be defined." on create, "cannot be null." on update (Strapi); media: never enforced
  assert.equal(issues(REQUIREMENT, nulls), [...expected, v([['r'], 'r must be defined.'])]);
  assert.equal(issues(REQUIREMENT, nulls, { id: 1 }), [...expected, v([['r'], 'r cannot be null.'])]);
});

/** [attribute, value, the one issue] on the constraint type */
const SCALARS: [string, unknown, string][] = [
  ['short', 5, 'short must be a `string` type, but the final value was: `5`.'],
  ['short', ['a'], 'short must be a `string` type, but the final value was: `[\n  "\\"a\\""\n]`.'],
  ['short', 'a', 'short must be at least 2 characters'],
  ['short', 'abcdef', 'short must be at most 5 characters'],
  ['count', 'many', NAN('count', '"many"')],
  ['count', {}, NAN('count', '{}')],
  ['count', '5', 'count must be a `number` type, but the final value was: `"5"`.'],
  ['count', 1.5, 'count must be an integer'],
  ['count', 0, 'count must be greater than or equal to 1'],
  ['count', 11, 'count must be less than or equal to 10'],
  ['big', 'many', 'big must be an integer'],
  ['big', 1.5, 'big must be an integer'],
  ['big', '0', 'big must be greater than or equal to 1'],
  ['big', 101, 'big must be less than or equal to 100'],
  ['ratio', 'x', NAN('ratio', '"x"')],
  ['ratio', 0.1, 'ratio must be greater than or equal to 0.5'],
  ['ratio', 10, 'ratio must be less than or equal to 9.5'],
  ['amount', true, NAN('amount', 'true')],
  ['amount', 1e10, 'amount must be less than 10000000000'],
  ['amount', -1e10, 'amount must be greater than -10000000000'],
  ['flag', 'yes', 'flag must be a `boolean` type, but the final value was: `"yes"`.'],
  ['flag', 1, 'flag must be a `boolean` type, but the final value was: `1`.'],
  ['day', '2024-13-45', 'Invalid format, expected yyyy-MM-dd'],
  ['day', 5, 'Invalid format, expected yyyy-MM-dd'],
  ['clock', '25:99', 'Invalid time format, expected HH:mm:ss.SSS'],
  ['clock', 5, 'Expected a string, got a number'],
  ['clock', true, 'Expected a string, got a boolean'],
  ['moment', 'yesterday', 'Invalid format, expected a timestamp or an ISO date'],
  ['moment', 5, 'Invalid format, expected a timestamp or an ISO date'],
  ['stamp', true, 'Invalid format, expected a timestamp or an ISO date'],
  ['mail', 'not-an-email', 'mail must be a valid email'],
  ['mail', '', 'mail cannot be empty'],
  ['mail', 5, 'mail must be a `string` type, but the final value was: `5`.'],
  ['choice', 'c', 'choice must be one of the following values: a, b, '],
  ['choice', 1, 'choice must be one of the following values: a, b, '],
  ['choice', { a: 1 }, 'choice must be a `string` type, but the final value was: `{\n  "a": "1"\n}`.'],
  ['secret', 'abc', 'secret must be at least 6 characters'],
  ['handle', 'has spaces/and', 'handle must match the following: "/^[A-Za-z0-9-_.~]*$/"'],
  ['lower', 'ABC', 'lower must match the following: "/^[a-z]+$/"'],
  ['lower', '', 'lower must match the following: "/^[a-z]+$/"'],
  ['note', 'abcd', 'note must be at most 3 characters'],
  ['rich', 'a', 'rich must be at least 2 characters'],
  ['short', 'x'.repeat(6), 'short must be at most 5 characters'],
  ['handle', 'x'.repeat(256), 'handle must be at most 255 characters'],
];

for (const [name, value, message] of SCALARS) {
  test(`scalar ${name} = ${JSON.stringify(value).slice(0, 40)}`, () => {
    assert.equal(issues(CONSTRAINT, { [name]: value }), [v([[name], message])]);
  });
}

test('scalar: json takes any value; an update takes only what is sent', () => {
  for (const blob of ['text', 5, [1, { a: null }], { deep: { x: [] } }, true]) assert.equal(issues(CONSTRAINT, { blob }), []);
  assert.equal(issues(REQUIREMENT, { s: 'only this' }, { id: 1 }), []);
});

const STRUCTURE: [string, Record<string, unknown>, Issue[]][] = [
  ['a component that is not an object', { link: 'x' }, [[['link'], 'link must be a `object` type, but the final value was: `"x"`.']]],
  ['a nested required field', { link: { url: 'u' } }, [[['link', 'label'], 'link.label must be defined.']]],
  ['nested wrong types', { link: { label: 5, url: 'u', newTab: 'maybe' } }, [
    [['link', 'label'], 'link.label must be a `string` type, but the final value was: `5`.'],
    [['link', 'newTab'], 'link.newTab must be a `boolean` type, but the final value was: `"maybe"`.'],
  ]],
  ['a relation inside a component', { link: { label: 'l', url: 'u', target: 'x' } }, [[['link', 'target'], '1 relation(s) of type api::label.label associated with this entity do not exist']]],
  ['a repeatable that is not an array', { links: { label: 'l', url: 'u' } }, [[['links'], 'links must be a `array` type, but the final value was: `{\n  "label": "\\"l\\"",\n  "url": "\\"u\\""\n}`.']]],
  ['too few items', { links: [] }, [[['links'], 'links field must have at least 1 items']]],
  ['too many items', { links: [{ label: 'a', url: 'u' }, { label: 'b', url: 'u' }, { label: 'c', url: 'u' }] }, [[['links'], 'links field must have less than or equal to 2 items']]],
  ['an item missing a field', { links: [{ label: 'a', url: 'u' }, { url: 'u' }] }, [[['links', 1, 'label'], 'links[1].label must be defined.']]],
  ['an item that is not an object', { links: [5] }, [[['links', 0], 'links[0] must be a `object` type, but the final value was: `null` (cast from the value `5`).']]],
  ['a zone that is not an array', { zone: { __component: 'parts.note', text: 't' } }, [[['zone'], 'zone must be a `array` type, but the final value was: `{\n  "__component": "\\"parts.note\\"",\n  "text": "\\"t\\""\n}`.']]],
  ['too few zone items', { zone: [] }, [[['zone'], 'zone field must have at least 1 items']]],
  ['an unknown __component', { zone: [{ __component: 'blocks.a' }] }, [[['zone', 0, '__component'], 'zone[0].__component must be one of the following values: parts.note, parts.ref']]],
  ['a missing __component', { zone: [{ text: 'q' }] }, [[['zone', 0, '__component'], 'zone[0].__component is a required field']]],
  ['a null __component', { zone: [{ __component: null }] }, [[['zone', 0, '__component'], 'zone[0].__component must be a `string` type, but the final value was: `null`.']]],
  ['a zone item missing a field, and one deeper', { zone: [{ __component: 'parts.ref' }, { __component: 'parts.note', text: 't', links: [{ label: 'a' }] }] }, [
    [['zone', 0, 'title'], 'zone[0].title must be defined.'],
    [['zone', 1, 'links', 0, 'url'], 'zone[1].links[0].url must be defined.'],
  ]],
  ['a date inside a zone item', { zone: [{ __component: 'parts.ref', title: 't', on: 'bad' }] }, [[['zone', 0, 'on'], 'Invalid format, expected yyyy-MM-dd']]],
  ['ids that cannot exist', { label: 'abc', labels: [0, -1, 2] }, [
    [['label'], '1 relation(s) of type api::label.label associated with this entity do not exist'],
    [['labels'], '2 relation(s) of type api::label.label associated with this entity do not exist'],
  ]],
  ['relations of no accepted form', { label: true, labels: { connect: 'x' } }, [[['label'], 'Invalid relations'], [['labels', 'connect'], 'Invalid relations']]],
  ['media in the wrong form', { picture: [1], pictures: 1 }, [[['picture'], 'picture must be a file id'], [['pictures'], 'pictures must be an array of file ids']]],
  ['files that cannot exist', { picture: 'abc', pictures: [1, 0] }, [
    [['picture'], '1 relation(s) of type plugin::upload.file associated with this entity do not exist'],
    [['pictures'], '1 relation(s) of type plugin::upload.file associated with this entity do not exist'],
  ]],
];

for (const [what, data, expected] of STRUCTURE) {
  test(`structure: ${what}`, () => {
    assert.equal(issues(CONSTRAINT, { links: [{ label: 'x', url: 'u' }], zone: [{ __component: 'parts.ref', title: 't' }], ...data }), expected.map(v));
  });
}

test('several problems: one issue each, in declared order, nested ones where they sit', () => {
  const found = issues(CONSTRAINT, { short: 'a', count: 'x', link: {}, links: [{}], zone: [{ __component: 'nope' }], label: 0 });
  assert.equal(found.map((i) => i.path), [['short'], ['count'], ['link', 'label'], ['link', 'url'], ['links', '0', 'label'], ['links', '0', 'url'], ['zone', '0', '__component'], ['label']]);
});

test.run();
