/**
 * compiler/emit/openapi: the `filters` query parameter. One operator object per value kind
 * (`StringFilter`, `IntegerFilter`, ...) and one `<Type>Filters` object per content-type and component
 * naming only its public fields; relations, media and components recurse by $ref. Pure.
 */
import type { Attribute, Component, ContentType, NormalizedModel, ScalarType } from '../../model/types.js';
import type { Reachable } from './reachable-types.js';
import { BIGINT_PATTERN, TIME_PATTERN } from './scalar-schemas.js';
import { componentNames, componentOf, contentTypeNames, contentTypeOf, publicAttributes, ref, targetOf, type Schema } from './schema-names.js';

/** Operators in the order the contract lists them; `$not` comes last. */
const OPERATORS = [
  '$eq', '$eqi', '$ne', '$nei', '$lt', '$lte', '$gt', '$gte', '$in', '$notIn', '$contains', '$notContains',
  '$containsi', '$notContainsi', '$null', '$notNull', '$between', '$startsWith', '$startsWithi', '$endsWith', '$endsWithi',
] as const;
type Operator = (typeof OPERATORS)[number];

const TEXT_ONLY = new Set<Operator>([
  '$eqi', '$nei', '$contains', '$notContains', '$containsi', '$notContainsi', '$startsWith', '$startsWithi', '$endsWith', '$endsWithi',
]);
const ORDERING = new Set<Operator>(['$lt', '$lte', '$gt', '$gte', '$between']);

interface FilterKind {
  readonly name: string;
  readonly value: Schema;
  /** text operators ($contains, $eqi, ...) */
  readonly text: boolean;
  /** ordering operators ($lt, ..., $between) */
  readonly ordered: boolean;
}

const KINDS = {
  string: { name: 'StringFilter', value: { type: 'string' }, text: true, ordered: true },
  integer: { name: 'IntegerFilter', value: { type: 'integer' }, text: false, ordered: true },
  biginteger: {
    name: 'BigIntegerFilter',
    value: { oneOf: [{ type: 'string', pattern: BIGINT_PATTERN }, { type: 'integer', format: 'int64' }] },
    text: false,
    ordered: true,
  },
  number: { name: 'NumberFilter', value: { type: 'number' }, text: false, ordered: true },
  date: { name: 'DateFilter', value: { type: 'string', format: 'date' }, text: false, ordered: true },
  time: { name: 'TimeFilter', value: { type: 'string', pattern: TIME_PATTERN }, text: false, ordered: true },
  datetime: { name: 'DateTimeFilter', value: { type: 'string', format: 'date-time' }, text: false, ordered: true },
  timestamp: {
    name: 'TimestampFilter',
    value: { oneOf: [{ type: 'string' }, { type: 'integer', format: 'int64' }] },
    text: false,
    ordered: true,
  },
  boolean: { name: 'BooleanFilter', value: { type: 'boolean' }, text: false, ordered: false },
  json: { name: 'JsonFilter', value: {}, text: false, ordered: false },
} satisfies Record<string, FilterKind>;

const KIND_OF: Record<ScalarType, FilterKind> = {
  string: KINDS.string, text: KINDS.string, richtext: KINDS.string, enumeration: KINDS.string, email: KINDS.string,
  password: KINDS.string, uid: KINDS.string, date: KINDS.date, time: KINDS.time, datetime: KINDS.datetime,
  timestamp: KINDS.timestamp, integer: KINDS.integer, biginteger: KINDS.biginteger, float: KINDS.number,
  decimal: KINDS.number, boolean: KINDS.boolean, json: KINDS.json, array: KINDS.json,
};

function operatorSchema(kind: FilterKind, op: Operator): Schema {
  switch (op) {
    case '$in':
    case '$notIn':
      return { type: 'array', items: kind.value };
    case '$null':
    case '$notNull':
      return { type: 'boolean' };
    case '$between':
      return { type: 'array', items: kind.value, minItems: 2, maxItems: 2 };
    default:
      return TEXT_ONLY.has(op) ? { type: 'string' } : kind.value;
  }
}

/** `StringFilter`: `{ $eq: string, $eqi: string, ..., $not: StringFilter }` */
function operatorObject(kind: FilterKind): Schema {
  const properties: Record<string, Schema> = {};
  for (const op of OPERATORS) {
    if (TEXT_ONLY.has(op) && !kind.text) continue;
    if (ORDERING.has(op) && !kind.ordered) continue;
    properties[op] = operatorSchema(kind, op);
  }
  properties.$not = ref(kind.name);
  return { type: 'object', description: 'Operators on one field; several operators are combined with AND.', properties };
}

/** Filter schema of one public attribute, or undefined when it cannot be filtered (dynamic zones). */
function attributeFilter(model: NormalizedModel, attr: Attribute): Schema | undefined {
  if (attr.kind === 'scalar') return ref(KIND_OF[attr.type].name);
  if (attr.kind === 'component') return ref(componentNames(componentOf(model, attr.component)).filters);
  const target = targetOf(attr);
  if (target !== undefined) return ref(contentTypeNames(contentTypeOf(model, target)).filters);
  return undefined;
}

function filtersObject(model: NormalizedModel, owner: ContentType | Component, self: string, extra: Record<string, Schema>): Schema {
  const properties: Record<string, Schema> = { id: ref(KINDS.integer.name) };
  for (const attr of publicAttributes(owner)) {
    const f = attributeFilter(model, attr);
    if (f) properties[attr.name] = f;
  }
  Object.assign(properties, extra, {
    $and: { type: 'array', items: ref(self), description: 'All of these.' },
    $or: { type: 'array', items: ref(self), description: 'Any of these.' },
    $not: ref(self),
  });
  return {
    type: 'object',
    description: `Filters on ${owner.uid}: public fields only (private ones are rejected); relations take the target's filters.`,
    properties,
    additionalProperties: false,
  };
}

function contentTypeFilters(model: NormalizedModel, ct: ContentType): Schema {
  const extra: Record<string, Schema> = { createdAt: ref(KINDS.datetime.name), updatedAt: ref(KINDS.datetime.name) };
  if (ct.draftAndPublish) extra.publishedAt = ref(KINDS.datetime.name);
  if (ct.localized) extra.locale = ref(KINDS.string.name);
  return filtersObject(model, ct, contentTypeNames(ct).filters, extra);
}

export function filterComponentSchemas(model: NormalizedModel, reach: Reachable): [string, Schema][] {
  const out: [string, Schema][] = Object.values(KINDS).map((k) => [k.name, operatorObject(k)] as [string, Schema]);
  for (const uid of reach.queryTypes) {
    const ct = contentTypeOf(model, uid);
    out.push([contentTypeNames(ct).filters, contentTypeFilters(model, ct)]);
  }
  for (const uid of reach.components) {
    const c = componentOf(model, uid);
    out.push([componentNames(c).filters, filtersObject(model, c, componentNames(c).filters, {})]);
  }
  return out;
}
