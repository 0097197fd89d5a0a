/**
 * compiler/emit/openapi: the shared schemas of a relation value in a request body: an id, an array of
 * ids, `{id, type?}`, `{connect, disconnect}` (with optional positions) or `{set}`. The oneOf branches
 * are disjoint (by type, `required` and `additionalProperties: false`) so a validator picks exactly one.
 */
import { ref, SHARED, type Schema } from './schema-names.js';

const ID: Schema = { type: 'integer', minimum: 1, description: 'Id of the related entry.' };

const position = (key: string, value: Schema, description: string): Schema => ({
  type: 'object',
  description,
  required: [key],
  properties: { [key]: value },
  additionalProperties: false,
});

const idArray = (description: string): Schema => ({ type: 'array', description, items: ref(SHARED.relationIdOrObject) });

/** The four forms, the first one (a single id) nullable when the relation may be cleared. */
function relationInput(nullable: boolean): Schema {
  return {
    description: 'A relation value: an id, an array of ids (same as set), {connect, disconnect}, {set} or {id}. set cannot be combined with connect or disconnect.',
    oneOf: [
      nullable ? { ...ID, nullable: true, description: 'Id of the related entry; null clears a to-one relation.' } : ref(SHARED.relationId),
      idArray('Replaces all relations with these entries, in this order (shorthand for set).'),
      ref(SHARED.relationConnectDisconnect),
      ref(SHARED.relationSet),
      {
        type: 'object',
        description: 'The related entry as an object; `type` (polymorphic relations) is accepted and ignored.',
        required: ['id'],
        properties: { id: ref(SHARED.relationId), type: { type: 'string' } },
        additionalProperties: false,
      },
    ],
  };
}

export function relationInputSchemas(): [string, Schema][] {
  return [
    [SHARED.relationId, ID],
    [SHARED.relationIdOrObject, {
      description: 'An entry id, or an object holding it.',
      oneOf: [
        ref(SHARED.relationId),
        { type: 'object', required: ['id'], properties: { id: ref(SHARED.relationId) } },
      ],
    }],
    [SHARED.relationPosition, {
      description: 'Where to insert a connected entry (exactly one key). Default: {end: true}.',
      oneOf: [
        position('before', ref(SHARED.relationId), 'Before the entry with this id.'),
        position('after', ref(SHARED.relationId), 'After the entry with this id.'),
        position('start', { type: 'boolean', enum: [true] }, 'First.'),
        position('end', { type: 'boolean', enum: [true] }, 'Last.'),
      ],
    }],
    [SHARED.relationConnectItem, {
      description: 'An entry to connect: its id (shorthand) or {id, position} (longhand).',
      oneOf: [
        ref(SHARED.relationId),
        {
          type: 'object',
          required: ['id'],
          properties: { id: ref(SHARED.relationId), position: ref(SHARED.relationPosition) },
        },
      ],
    }],
    [SHARED.relationConnectDisconnect, {
      type: 'object',
      description: 'Partial update: connect and disconnect are applied in array order. Not usable for media.',
      properties: {
        connect: { type: 'array', items: ref(SHARED.relationConnectItem) },
        disconnect: idArray('Entries to disconnect.'),
      },
      additionalProperties: false,
    }],
    [SHARED.relationSet, {
      type: 'object',
      description: 'Full update: replaces all relations with these entries, in this order.',
      required: ['set'],
      properties: { set: idArray('The new related entries.') },
      additionalProperties: false,
    }],
    [SHARED.relationInput, relationInput(false)],
    [SHARED.relationInputNullable, relationInput(true)],
  ];
}
