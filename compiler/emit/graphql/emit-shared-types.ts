/**
 * compiler/emit/graphql: the definitions every Strapi v4 schema has whatever the content-types:
 * custom scalars, PublicationState, pagination types, the Error type and the scalar filter inputs
 * (`StringFilterInput`, ...) with the full v4 operator set. Returns SDL definition strings.
 */
import { enumType, inputType, objectType, scalarType, type FieldSpec } from './sdl.js';

/** Custom scalars with the descriptions Strapi's plugin gives them. */
const SCALARS: readonly [string, string][] = [
  ['JSON', 'The `JSON` scalar type represents JSON values as specified by [ECMA-404](http://www.ecma-international.org/publications/files/ECMA-ST/ECMA-404.pdf).'],
  ['DateTime', 'A date-time string at UTC, such as 2007-12-03T10:15:30Z, compliant with the `date-time` format outlined in section 5.6 of the RFC 3339 profile of the ISO 8601 standard for representation of dates and times using the Gregorian calendar.'],
  ['Date', 'A date string, such as 2007-12-03, compliant with the `full-date` format outlined in section 5.6 of the RFC 3339 profile of the ISO 8601 standard for representation of dates and times using the Gregorian calendar.'],
  ['Time', 'A time string with format HH:mm:ss.SSS'],
  ['Long', 'The `BigInt` scalar type represents non-fractional signed whole numeric values.'],
  ['Upload', 'The `Upload` scalar type represents a file upload.'],
];

/** The i18n plugin's scalar for `locale` arguments. */
const LOCALE_SCALAR = scalarType('I18NLocaleCode', 'A string used to identify an i18n locale');

/** SDL of the shared scalars, enums and pagination types; `withI18n` adds `I18NLocaleCode`. */
export function emitSharedTypes(withI18n: boolean): string[] {
  return [
    ...SCALARS.map(([name, desc]) => scalarType(name, desc)),
    ...(withI18n ? [LOCALE_SCALAR] : []),
    enumType('PublicationState', ['LIVE', 'PREVIEW']),
    objectType('Error', [
      { name: 'code', type: 'String!' },
      { name: 'message', type: 'String' },
    ]),
    objectType('Pagination', [
      { name: 'total', type: 'Int!' },
      { name: 'page', type: 'Int!' },
      { name: 'pageSize', type: 'Int!' },
      { name: 'pageCount', type: 'Int!' },
    ]),
    objectType('ResponseCollectionMeta', [{ name: 'pagination', type: 'Pagination!' }]),
    inputType('PaginationArg', [
      { name: 'page', type: 'Int' },
      { name: 'pageSize', type: 'Int' },
      { name: 'start', type: 'Int' },
      { name: 'limit', type: 'Int' },
    ]),
  ];
}

/** Scalars that get a `<Scalar>FilterInput`. */
export const FILTERABLE_SCALARS = [
  'String', 'ID', 'Int', 'Long', 'Float', 'Boolean', 'Date', 'DateTime', 'Time', 'JSON',
] as const;

/** Operators taking one value of the scalar. */
const VALUE_OPERATORS = [
  'eq', 'eqi', 'ne', 'nei', 'startsWith', 'endsWith', 'contains', 'notContains', 'containsi', 'notContainsi',
  'gt', 'gte', 'lt', 'lte',
] as const;
/** Operators taking a list of values. */
const LIST_OPERATORS = ['in', 'notIn', 'between'] as const;
/** Operators taking a boolean. */
const BOOLEAN_OPERATORS = ['null', 'notNull'] as const;

/** The operator names a scalar filter accepts (without and/or/not); the runtime maps them to `$<op>`. */
export const SCALAR_FILTER_OPERATORS: readonly string[] = [...VALUE_OPERATORS, ...BOOLEAN_OPERATORS, ...LIST_OPERATORS];

/** `StringFilterInput { and: [String] or: [String] not: StringFilterInput eq: String ... between: [String] }` */
export function scalarFilterInput(scalar: string): string {
  const name = `${scalar}FilterInput`;
  const fields: FieldSpec[] = [
    { name: 'and', type: `[${scalar}]` },
    { name: 'or', type: `[${scalar}]` },
    { name: 'not', type: name },
    ...VALUE_OPERATORS.map((op) => ({ name: op, type: scalar })),
    ...BOOLEAN_OPERATORS.map((op) => ({ name: op, type: 'Boolean' })),
    ...LIST_OPERATORS.map((op) => ({ name: op, type: `[${scalar}]` })),
  ];
  return inputType(name, fields);
}

export function emitScalarFilters(): string[] {
  return FILTERABLE_SCALARS.map(scalarFilterInput);
}
