/**
 * unit, engine/plan: relation and media values in write bodies -> RelationWrite / file ids, every
 * form of the contract's "Relation management" (ids, arrays = set, connect/disconnect shorthand and
 * longhand with positions, set), to-one last-wins, and the refusals (mixing set, twice, bad ids/positions).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ValidationIssue } from '../../../../engine/errors/index.js';
import { planUpdate } from '../../../../engine/plan/plan-update.js';
import type { RelationWrite } from '../../../../engine/plan/types.js';
import { ARTICLE, model } from '../example-model.js';
import { expectError } from '../expect-error.js';

const relation = (attr: string, value: unknown): RelationWrite => planUpdate(model, ARTICLE, 1, { data: { [attr]: value } }).data.relations[attr];
const media = (attr: string, value: unknown): readonly number[] => planUpdate(model, ARTICLE, 1, { data: { [attr]: value } }).data.media[attr];
const set = (...ids: number[]): RelationWrite => ({ kind: 'set', ids });
const v = (path: (string | number)[], message: string): ValidationIssue => ({ path: path.map(String), message, name: 'ValidationError' });

const RELATIONS: [string, unknown, RelationWrite, string?][] = [
  ['tags', 2, set(2)],
  ['tags', '2', set(2), 'numeric strings are ids'],
  ['tags', [2, 4], set(2, 4), 'an array is set'],
  ['tags', ['2', { id: 4 }], set(2, 4)],
  ['tags', [], set(), '[] clears'],
  ['tags', null, set(), 'null clears'],
  ['tags', { id: 3 }, set(3)],
  ['tags', { id: 3, type: 'api::tag.tag' }, set(3), '`type` (polymorphic relations) is ignored'],
  ['tags', { set: [1, { id: 2 }] }, set(1, 2)],
  ['tags', { set: [] }, set()],
  ['tags', { connect: [1, 2] }, { kind: 'connect', connect: [{ id: 1 }, { id: 2 }], disconnect: [] }],
  ['tags', { disconnect: [3, { id: 4 }] }, { kind: 'connect', connect: [], disconnect: [3, 4] }],
  [
    'tags',
    { connect: [{ id: 5, position: { before: 2 } }, { id: 6, position: { after: 5 } }, { id: 7, position: { start: true } }, { id: 8, position: { end: true } }, { id: 9 }], disconnect: [1] },
    {
      kind: 'connect',
      connect: [{ id: 5, position: { before: 2 } }, { id: 6, position: { after: 5 } }, { id: 7, position: { start: true } }, { id: 8, position: { end: true } }, { id: 9 }],
      disconnect: [1],
    },
  ],
  ['tags', { connect: [{ id: '5', position: { before: '2' } }] }, { kind: 'connect', connect: [{ id: 5, position: { before: 2 } }], disconnect: [] }],
  ['tags', { connect: [1], disconnect: [1] }, { kind: 'connect', connect: [{ id: 1 }], disconnect: [1] }, 'disconnect then connect is allowed'],
  ['tags', { connect: [], disconnect: [] }, { kind: 'connect', connect: [], disconnect: [] }],
  ['tags', {}, { kind: 'connect', connect: [], disconnect: [] }, '{} changes nothing'],
  ['author', 1, set(1)],
  ['author', [1, 3], set(3), 'to-one: the last one wins'],
  ['author', { set: [1, 3] }, set(3)],
  ['author', { connect: [1, { id: 3, position: { start: true } }] }, { kind: 'connect', connect: [{ id: 3, position: { start: true } }], disconnect: [] }],
  ['author', { connect: [{ id: 3, position: { before: 1 } }] }, { kind: 'connect', connect: [{ id: 3, position: { before: 1 } }], disconnect: [] }, 'to-one: the anchor is checked against the stored link'],
  ['author', { disconnect: [1] }, { kind: 'connect', connect: [], disconnect: [1] }],
  ['author', null, set()],
  ['internalNotes', undefined as unknown, undefined as unknown as RelationWrite, 'not a relation: no relation write'],
];

for (const [attr, value, expected, note] of RELATIONS) {
  test(`relation ${attr}: ${JSON.stringify(value)}${note ? ` (${note})` : ''}`, () => {
    assert.equal(relation(attr, value), expected);
  });
}

const TAG_MISSING = (n: number) => `${n} relation(s) of type api::tag.tag associated with this entity do not exist`;
const POSITION = 'tags.connect[0].position must have exactly one of before, after, start or end';

const REFUSED: [string, unknown, ValidationIssue[]][] = [
  ['tags', { set: [1], connect: [2] }, [v(['tags'], 'tags cannot combine set with connect or disconnect')]],
  ['tags', { set: [1], disconnect: [2] }, [v(['tags'], 'tags cannot combine set with connect or disconnect')]],
  ['tags', { connect: [1, 1] }, [v(['tags'], 'tags connects the relation with id 1 more than once')]],
  ['tags', { connect: [1, { id: '1' }] }, [v(['tags'], 'tags connects the relation with id 1 more than once')]],
  ['tags', [2, 2], [v(['tags'], 'tags connects the relation with id 2 more than once')]],
  ['author', { connect: [4, 4] }, [v(['author'], 'author connects the relation with id 4 more than once')]],
  // ids that cannot name an entry are counted as missing entries, as Strapi counts them
  ['tags', ['x'], [v(['tags'], TAG_MISSING(1))]],
  ['tags', [1, 0], [v(['tags'], TAG_MISSING(1))]],
  ['tags', [-1, 1.5, '', 2], [v(['tags'], TAG_MISSING(3))]],
  ['tags', { disconnect: ['a'] }, [v(['tags'], TAG_MISSING(1))]],
  ['author', 'abc', [v(['author'], '1 relation(s) of type api::author.author associated with this entity do not exist')]],
  ['author', 99999999999, [v(['author'], '1 relation(s) of type api::author.author associated with this entity do not exist')]],
  // values of no accepted form: Strapi's "Invalid relations", at the part that is wrong
  ['tags', [{ name: 'x' }], [v(['tags', 0], 'Invalid relations')]],
  ['tags', [[1]], [v(['tags', 0], 'Invalid relations')]],
  ['tags', true, [v(['tags'], 'Invalid relations')]],
  ['tags', { foo: 1 }, [v(['tags'], 'Invalid relations')]],
  ['tags', { id: 1, foo: 2 }, [v(['tags'], 'Invalid relations')]],
  ['tags', { connect: [1], foo: 2 }, [v(['tags'], 'Invalid relations')]],
  ['tags', { connect: 5 }, [v(['tags', 'connect'], 'Invalid relations')]],
  ['tags', { connect: null }, [v(['tags', 'connect'], 'Invalid relations')]],
  ['tags', { set: null }, [v(['tags', 'set'], 'Invalid relations')]],
  ['tags', { disconnect: 'x' }, [v(['tags', 'disconnect'], 'Invalid relations')]],
  ['tags', { connect: [{ id: 1, position: { before: 2, after: 3 } }] }, [v(['tags', 'connect', 0, 'position'], POSITION)]],
  ['tags', { connect: [{ id: 1, position: {} }] }, [v(['tags', 'connect', 0, 'position'], POSITION)]],
  ['tags', { connect: [{ id: 1, position: { middle: true } }] }, [v(['tags', 'connect', 0, 'position'], POSITION)]],
  ['tags', { connect: [{ id: 1, position: { start: false } }] }, [v(['tags', 'connect', 0, 'position'], POSITION)]],
  ['tags', { connect: [{ id: 1, position: 'end' }] }, [v(['tags', 'connect', 0, 'position'], POSITION)]],
  ['tags', { connect: [{ id: 1, position: null }] }, [v(['tags', 'connect', 0, 'position'], POSITION)]],
  ['tags', { connect: [{ id: 1, position: { before: 'x' } }] }, [v(['tags', 'connect', 0, 'position'], POSITION)]],
  // one error per problem: a shape problem and missing ids side by side
  ['tags', { connect: ['x', true] }, [v(['tags', 'connect', 1], 'Invalid relations'), v(['tags'], TAG_MISSING(1))]],
];

for (const [attr, value, expected] of REFUSED) {
  test(`relation refused ${attr}: ${JSON.stringify(value)}`, () => {
    const message = expected.length === 1 ? expected[0].message : `${expected.length} errors occurred`;
    expectError(() => relation(attr, value), { status: 400, name: 'ValidationError', message, details: { errors: expected } });
  });
}

const MEDIA: [string, unknown, number[]][] = [
  ['cover', 1, [1]],
  ['cover', '2', [2]],
  ['cover', null, []],
  ['gallery', [1, '2', 3], [1, 2, 3]],
  ['gallery', [], []],
  ['gallery', null, []],
];

for (const [attr, value, expected] of MEDIA) {
  test(`media ${attr}: ${JSON.stringify(value)}`, () => {
    assert.equal(media(attr, value), expected);
  });
}

const FILE_MISSING = (n: number) => `${n} relation(s) of type plugin::upload.file associated with this entity do not exist`;

const MEDIA_REFUSED: [string, unknown, ValidationIssue][] = [
  // the contract's forms only: a file id for single media, an array of them for multiple media
  ['cover', [1, 2], v(['cover'], 'cover must be a file id')],
  ['cover', [4], v(['cover'], 'cover must be a file id')],
  ['cover', { id: 3 }, v(['cover'], 'cover must be a file id')],
  ['cover', { connect: [1] }, v(['cover'], 'cover must be a file id')],
  ['cover', true, v(['cover'], 'cover must be a file id')],
  ['gallery', 1, v(['gallery'], 'gallery must be an array of file ids')],
  ['gallery', { connect: [1] }, v(['gallery'], 'gallery must be an array of file ids')],
  ['gallery', [1, { id: 2 }], v(['gallery'], 'gallery must be an array of file ids')],
  // ids that cannot name a file count as missing files
  ['cover', 'x', v(['cover'], FILE_MISSING(1))],
  ['cover', 0, v(['cover'], FILE_MISSING(1))],
  ['gallery', [1, 0, -2], v(['gallery'], FILE_MISSING(2))],
  ['gallery', [1, 1], v(['gallery'], 'gallery names the file with id 1 more than once')],
];

for (const [attr, value, expected] of MEDIA_REFUSED) {
  test(`media refused ${attr}: ${JSON.stringify(value)}`, () => {
    expectError(() => media(attr, value), { status: 400, name: 'ValidationError', message: expected.message, details: { errors: [expected] } });
  });
}

test.run();
