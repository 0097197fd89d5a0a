/**
 * compiler/emit/openapi: the JSON Schema of one scalar attribute, as returned (output) and as accepted in
 * a request body (input, with the attribute's constraints and default). Pure. `nullable` is only ever
 * set next to a `type`, because Ajv (the engine's contract checks, and client tools built on it) refuses it otherwise.
 */
import type { ScalarAttribute, ScalarType } from '../../model/types.js';
import type { Schema } from './schema-names.js';

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

/** Strapi's uid alphabet. */
export const UID_PATTERN = '^[A-Za-z0-9-_.~]*$';
/** `HH:mm`, `HH:mm:ss` or `HH:mm:ss.SSS` */
export const TIME_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\\.[0-9]{1,3})?)?$';
export const BIGINT_PATTERN = '^-?[0-9]+$';

const STRING_TYPES = new Set<ScalarType>(['string', 'text', 'richtext', 'email', 'password', 'uid', 'enumeration']);
const NUMBER_TYPES = new Set<ScalarType>(['integer', 'biginteger', 'float', 'decimal']);

/** Plain description of how a value travels, for the types whose JSON form is not obvious. */
function typeNote(attr: ScalarAttribute): string | undefined {
  const notes: string[] = [];
  if (attr.customField) notes.push(`Custom field ${attr.customField}, stored as ${attr.type}.`);
  if (attr.type === 'uid' && attr.targetField) notes.push(`UID derived from "${attr.targetField}"; not generated on REST create.`);
  if (attr.type === 'biginteger') notes.push('Big integer, returned as a string of digits.');
  if (attr.type === 'timestamp') notes.push('Timestamp, returned as a string of epoch milliseconds.');
  if (attr.type === 'time') notes.push('Time of day, HH:mm:ss.SSS.');
  if (attr.unique) notes.push('Unique.');
  return notes.length > 0 ? notes.join(' ') : undefined;
}

const withNull = (values: readonly unknown[], nullable: boolean): unknown[] => (nullable ? [...values, null] : [...values]);

/** Base schema of a value as it appears in a response. */
function outputBase(attr: ScalarAttribute, nullable: boolean): Schema {
  const n = nullable ? { nullable: true } : {};
  switch (attr.type) {
    case 'enumeration':
      return { type: 'string', enum: withNull(attr.enum ?? [], nullable), ...n };
    case 'email':
      return { type: 'string', format: 'email', ...n };
    case 'date':
      return { type: 'string', format: 'date', ...n };
    case 'time':
      return { type: 'string', pattern: TIME_PATTERN, ...n };
    case 'datetime':
      return { type: 'string', format: 'date-time', ...n };
    case 'timestamp':
      return { type: 'string', pattern: BIGINT_PATTERN, ...n };
    case 'integer':
      return { type: 'integer', format: 'int32', ...n };
    case 'biginteger':
      return { type: 'string', pattern: BIGINT_PATTERN, ...n };
    case 'float':
      return { type: 'number', format: 'float', ...n };
    case 'decimal':
      return { type: 'number', format: 'double', ...n };
    case 'boolean':
      return { type: 'boolean', ...n };
    case 'json':
      return {};
    case 'array':
      return { type: 'array', items: {}, ...n };
    default:
      return { type: 'string', ...n };
  }
}

/** Output schema of a public scalar attribute. */
export function scalarOutputSchema(attr: ScalarAttribute, nullable: boolean): Schema {
  const note = typeNote(attr);
  const base = outputBase(attr, nullable);
  return note ? { description: note, ...base } : base;
}

/** Length, range and pattern constraints that apply to the attribute's type. */
function constraints(attr: ScalarAttribute): Schema {
  const out: Schema = {};
  if (STRING_TYPES.has(attr.type)) {
    if (attr.minLength !== undefined) out.minLength = attr.minLength;
    if (attr.maxLength !== undefined) out.maxLength = attr.maxLength;
    if (attr.regex !== undefined) out.pattern = attr.regex;
    else if (attr.type === 'uid') out.pattern = UID_PATTERN;
  }
  if (NUMBER_TYPES.has(attr.type) && attr.type !== 'biginteger') {
    if (attr.type === 'integer') {
      out.minimum = Math.max(attr.min ?? INT32_MIN, INT32_MIN);
      out.maximum = Math.min(attr.max ?? INT32_MAX, INT32_MAX);
    } else {
      if (attr.min !== undefined) out.minimum = attr.min;
      if (attr.max !== undefined) out.maximum = attr.max;
    }
  }
  return out;
}

/** Base schema of a value as accepted in a request body. */
function inputBase(attr: ScalarAttribute, nullable: boolean): Schema {
  const n = nullable ? { nullable: true } : {};
  const range = (s: Schema) => ({ ...s, ...(attr.min !== undefined ? { minimum: attr.min } : {}), ...(attr.max !== undefined ? { maximum: attr.max } : {}) });
  switch (attr.type) {
    case 'password':
      return { type: 'string', format: 'password', ...constraints(attr), ...n, writeOnly: true };
    case 'timestamp':
      return {
        oneOf: [
          { type: 'string', description: 'ISO 8601 date-time, or epoch milliseconds as digits', ...n },
          { type: 'integer', format: 'int64', description: 'epoch milliseconds' },
        ],
      };
    case 'biginteger':
      return { oneOf: [{ type: 'string', pattern: BIGINT_PATTERN, ...n }, range({ type: 'integer', format: 'int64' })] };
    case 'json':
      return {};
    default:
      return { ...outputBase(attr, nullable), ...constraints(attr) };
  }
}

/**
 * Input schema of a scalar attribute; private ones are write-only. `withDefault` is false for partial
 * updates, where an omitted field keeps its value instead of taking the default.
 */
export function scalarInputSchema(attr: ScalarAttribute, nullable: boolean, withDefault = true): Schema {
  const note = typeNote(attr);
  const schema: Schema = { ...(note ? { description: note } : {}), ...inputBase(attr, nullable) };
  if (withDefault && attr.default !== undefined) schema.default = attr.default;
  if (attr.private) schema.writeOnly = true;
  return schema;
}
