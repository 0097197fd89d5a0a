/**
 * unit, engine/plan: relation and media values in write bodies -> RelationWrite / file ids, every
 * form of the contract's "Relation management" (ids, arrays = set, connect/disconnect shorthand and
 * longhand with positions, set), to-one last-wins, and the refusals (mixing set, twice, bad ids/positions).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ValidationIssue } from '../../../../engine/errors/errors.js';
import { planUpdate } from '../../../../engine/plan/plan-update.js';
import type { RelationWrite } from '../../../../engine/plan/types.js';
import { ARTICLE, model } from '../example-model.js';
import { expectError } from '../expect-error.js';

const relation = (attr: string, value: unknown): RelationWrite => planUpdate(model, ARTICLE, 1, { data: { [attr]: value } }).data.relations[attr];
const media = (attr: string, value: unknown): readonly number[] => planUpdate(model, ARTICLE, 1, { data: { [attr]: value } }).data.media[attr];
const set = (...ids: number[]): RelationWrite => ({ kind: 'set', ids });
const v = (path: (string | number)[], message: string): ValidationIssue => ({ path, message, name: 'ValidationError' });

const RELATIONS: [string, unknown, RelationWrite, string?][] = [
  ['tags', 2, set(2)],
  ['tags', '2', set(2), 'numeric strings are ids'],
  ['tags', [2, 4], set(2, 4), 'an array is set'],
  ['tags', ['2', { id: 4 }], set(2, 4)],
  ['tags', [], set(), '[] clears'],
  ['tags', null, set(), 'null clears'],
  ['tags', { id: 3 }, set(3)],
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
  ['author', 1, set(1)],
  ['author', [1, 3], set(3), 'to-one: the last one wins'],
  ['author', { set: [1, 3] }, set(3)],
  ['author', { connect: [1, { id: 3, position: { start: true } }] }, { kind: 'connect', connect: [{ id: 3 }], disconnect: [] }],
  ['author', { disconnect: [1] }, { kind: 'connect', connect: [], disconnect: [1] }],
  ['author', null, set()],
  ['internalNotes', undefined as unknown, undefined as unknown as RelationWrite, 'not a relation: no relation write'],
];

for (const [attr, value, expected, note] of RELATIONS) {
  test(`relation ${attr}: ${JSON.stringify(value)}${note ? ` (${note})` : ''}`, () => {
    assert.equal(relation(attr, value), expected);
  });
}

const REFUSED: [string, unknown, ValidationIssue[]][] = [
  ['tags', { set: [1], connect: [2] }, [v(['tags'], 'tags: set cannot be combined with connect or disconnect')]],
  ['tags', { set: [1], disconnect: [2] }, [v(['tags'], 'tags: set cannot be combined with connect or disconnect')]],
  ['tags', { connect: [1, 1] }, [v(['tags'], 'tags: the relation with id 1 is connected more than once')]],
  ['tags', { connect: [1, { id: '1' }] }, [v(['tags'], 'tags: the relation with id 1 is connected more than once')]],
  ['tags', [2, 2], [v(['tags'], 'tags: the relation with id 2 is connected more than once')]],
  ['author', { connect: [4, 4] }, [v(['author'], 'author: the relation with id 4 is connected more than once')]],
  ['tags', ['x'], [v(['tags', 0], 'tags[0] must reference entries by positive integer ids, got "x"')]],
  ['tags', [1, 0], [v(['tags', 1], 'tags[1] must reference entries by positive integer ids, got 0')]],
  ['tags', [-1], [v(['tags', 0], 'tags[0] must reference entries by positive integer ids, got -1')]],
  ['tags', [1.5], [v(['tags', 0], 'tags[0] must reference entries by positive integer ids, got 1.5')]],
  ['tags', [{ name: 'x' }], [v(['tags', 0], 'tags[0] must reference entries by positive integer ids, got undefined')]],
  ['author', 'abc', [v(['author'], 'author must reference entries by positive integer ids, got "abc"')]],
  ['author', 99999999999, [v(['author'], 'author must reference entries by positive integer ids, got 99999999999')]],
  ['tags', true, [v(['tags'], 'tags must be an id, an array of ids, or an object with connect, disconnect or set')]],
  ['tags', { foo: 1 }, [v(['tags'], 'tags must be an id, an array of ids, or an object with connect, disconnect or set')]],
  ['tags', { connect: 5 }, [v(['tags', 'connect'], 'tags.connect must be an id, an array of ids, or an object with connect, disconnect or set')]],
  ['tags', { connect: [{ id: 1, position: { before: 2, after: 3 } }] }, [v(['tags', 'connect', 0, 'position'], 'tags.connect[0].position: position must have exactly one of before, after, start or end')]],
  ['tags', { connect: [{ id: 1, position: {} }] }, [v(['tags', 'connect', 0, 'position'], 'tags.connect[0].position: position must have exactly one of before, after, start or end')]],
  ['tags', { connect: [{ id: 1, position: { middle: true } }] }, [v(['tags', 'connect', 0, 'position'], 'tags.connect[0].position: position must have exactly one of before, after, start or end')]],
  ['tags', { connect: [{ id: 1, position: { start: false } }] }, [v(['tags', 'connect', 0, 'position'], 'tags.connect[0].position: position must have exactly one of before, after, start or end')]],
  ['tags', { connect: [{ id: 1, position: 'end' }] }, [v(['tags', 'connect', 0, 'position'], 'tags.connect[0].position: position must have exactly one of before, after, start or end')]],
  ['tags', { connect: [{ id: 1, position: { before: 'x' } }] }, [v(['tags', 'connect', 0, 'position', 'before'], 'tags.connect[0].position.before must reference entries by positive integer ids, got "x"')]],
  ['tags', { disconnect: ['a'] }, [v(['tags', 'disconnect', 0], 'tags.disconnect[0] must reference entries by positive integer ids, got "a"')]],
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
  ['cover', { id: 3, url: '/x.png' }, [3]],
  ['cover', [4], [4]],
  ['cover', null, []],
  ['cover', [], []],
  ['gallery', [1, '2', { id: 3 }], [1, 2, 3]],
  ['gallery', [1, 1], [1, 1]],
  ['gallery', null, []],
];

for (const [attr, value, expected] of MEDIA) {
  test(`media ${attr}: ${JSON.stringify(value)}`, () => {
    assert.equal(media(attr, value), expected);
  });
}

const MEDIA_REFUSED: [string, unknown, ValidationIssue][] = [
  ['cover', [1, 2], v(['cover'], 'cover must be a file id')],
  ['cover', 'x', v(['cover'], 'cover must reference entries by positive integer ids, got "x"')],
  ['cover', { connect: [1] }, v(['cover'], 'cover must be a file id')],
  ['gallery', { connect: [1] }, v(['gallery'], 'gallery must be a file id or an array of file ids')],
  ['gallery', [1, 0], v(['gallery', 1], 'gallery[1] must reference entries by positive integer ids, got 0')],
];

for (const [attr, value, expected] of MEDIA_REFUSED) {
  test(`media refused ${attr}: ${JSON.stringify(value)}`, () => {
    expectError(() => media(attr, value), { status: 400, name: 'ValidationError', message: expected.message, details: { errors: [expected] } });
  });
}

test.run();
