/**
 * engine/graphql: the custom scalars of the published SDL (JSON, DateTime, Date, Time, Long, Upload,
 * I18NLocaleCode). Outputs take the repository's value shapes (engine/plan/types.ts Entry); inputs
 * are checked for shape only and passed on as strings, so the planner's coercion stays the one rule.
 * A bad input value is a GraphQL validation or variable error (HTTP 400), never a resolver error.
 */
import { GraphQLScalarType, Kind, valueFromASTUntyped, type ValueNode } from 'graphql';
import { isUploadedFile } from '../upload/uploaded-file.js';
import type { I18nConfig } from '../../compiler/model/types.js';
import { messages } from '../errors/validation-catalog.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?$/;
const INTEGER = /^-?\d{1,19}$/;

function stringLiteral(name: string, parse: (v: unknown) => unknown) {
  return (ast: ValueNode) => {
    if (ast.kind !== Kind.STRING) throw new TypeError(messages.scalarNotString(name));
    return parse(ast.value);
  };
}

function checked(name: string, pattern: RegExp, what: string) {
  return (value: unknown): string => {
    if (typeof value !== 'string' || !pattern.test(value) || (pattern !== TIME && Number.isNaN(Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value)))) {
      throw new TypeError(messages.scalarValue(name, value, what));
    }
    return value;
  };
}

const parseDateTime = checked('DateTime', ISO_DATE_TIME, 'an ISO 8601 date-time such as 2024-05-01T10:00:00.000Z');
const parseDate = checked('Date', ISO_DATE, 'a date such as 2024-05-01');
const parseTime = checked('Time', TIME, 'a time such as 10:15:30.000');

function parseLong(value: unknown): string {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && INTEGER.test(value)) return value;
  throw new TypeError(messages.scalarValue('Long', value, 'an integer or a string of digits'));
}

/** datetime columns come as ISO strings, `timestamp` ones as epoch-millisecond strings: both leave as ISO. */
/** `HH:mm:ss` (a Strapi database on PostgreSQL answers so over REST) -> `HH:mm:ss.SSS`, as Strapi's Time scalar */
function serializeTime(value: unknown): unknown {
  return typeof value === 'string' && /^\d{2}:\d{2}:\d{2}$/.test(value) ? `${value}.000` : value;
}

function serializeDateTime(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || (typeof value === 'string' && /^-?\d+$/.test(value))) return new Date(Number(value)).toISOString();
  return String(value);
}

/**
 * The scalars keyed by name; `i18n.locales` are the codes I18NLocaleCode accepts (plus `all` for
 * lists), read at each use (a database Strapi manages changes them live).
 */
export function createScalars(i18n: Pick<I18nConfig, 'locales'>): Record<string, GraphQLScalarType> {
  const knownLocale = (value: unknown): string => {
    if (typeof value === 'string' && (value === 'all' || i18n.locales.includes(value))) return value;
    throw new TypeError(messages.unknownLocale());
  };
  return {
    JSON: new GraphQLScalarType({
      name: 'JSON',
      serialize: (v) => v,
      parseValue: (v) => v,
      parseLiteral: (ast, variables) => valueFromASTUntyped(ast, variables),
    }),
    DateTime: new GraphQLScalarType({ name: 'DateTime', serialize: serializeDateTime, parseValue: parseDateTime, parseLiteral: stringLiteral('DateTime', parseDateTime) }),
    Date: new GraphQLScalarType({ name: 'Date', serialize: (v) => v, parseValue: parseDate, parseLiteral: stringLiteral('Date', parseDate) }),
    Time: new GraphQLScalarType({ name: 'Time', serialize: serializeTime, parseValue: parseTime, parseLiteral: stringLiteral('Time', parseTime) }),
    Long: new GraphQLScalarType({
      name: 'Long',
      // a JSON number, as the Strapi v4 plugin answers it (REST keeps biginteger as a string)
      serialize: (v) => (v === null || v === undefined ? null : Number(v)),
      parseValue: parseLong,
      parseLiteral: (ast) => {
        if (ast.kind === Kind.INT || ast.kind === Kind.STRING) return parseLong(ast.value);
        throw new TypeError(messages.longNotInteger());
      },
    }),
    Upload: new GraphQLScalarType({
      name: 'Upload',
      serialize: () => {
        throw new TypeError(messages.uploadInputOnly());
      },
      // only a file of a multipart request (engine/upload/graphql-upload.ts puts it in the variables)
      parseValue: (v) => {
        if (isUploadedFile(v)) return v;
        throw new TypeError(messages.uploadNotMultipart());
      },
      parseLiteral: () => {
        throw new TypeError(messages.uploadNotMultipart());
      },
    }),
    I18NLocaleCode: new GraphQLScalarType({ name: 'I18NLocaleCode', serialize: (v) => v, parseValue: knownLocale, parseLiteral: stringLiteral('I18NLocaleCode', knownLocale) }),
  };
}
