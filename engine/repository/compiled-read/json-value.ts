/**
 * engine/repository/compiled-read: PostgreSQL expressions turning one column into the JSON text
 * JSON.stringify writes for the value the row decoder (values/decode-value.ts) returns: compact,
 * numbers as JavaScript prints them, biginteger and timestamp as strings, datetime ISO with ms and Z;
 * json values marked for printJsonValues. Pure text; no I/O.
 */
import type { StorageKind } from '../storage-map.js';
import { VALUE_DECODERS } from '../values/decode-value.js';

/**
 * A json attribute's value leaves the statement as jsonb's own text between JSON_VALUE_START and
 * JSON_VALUE_END (control characters, which JSON text never holds raw: every string value, key and
 * json text in the body has them escaped), and printJsonValues writes each one as the usual path
 * does: JSON.stringify of what the row decoder makes of jsonb's text (JSON.parse; the pg driver hands
 * jsonb over as text: connect.ts), key order, number forms and depth included. PostgreSQL prints jsonb with spaces, its keys in its own order
 * and numbers as numeric: matching JavaScript's printing in SQL cost more than the rest of a row.
 */
export const JSON_VALUE_START = '\u0001';
export const JSON_VALUE_END = '\u0002';

/**
 * `body` with every marked json value (JSON_VALUE_START .. JSON_VALUE_END) printed as JSON.stringify
 * prints the parsed value; a body without one is returned as it is (one scan).
 *   printJsonValues('{"m":\u0001{"b": 1, "a": 1.50}\u0002}') -> '{"m":{"b":1,"a":1.5}}'
 */
export function printJsonValues(body: string): string {
  let start = body.indexOf(JSON_VALUE_START);
  if (start === -1) return body;
  let out = '';
  let from = 0;
  while (start !== -1) {
    const end = body.indexOf(JSON_VALUE_END, start);
    out += body.slice(from, start) + JSON.stringify(VALUE_DECODERS.json(body.slice(start + 1, end)));
    from = end + 1;
    start = body.indexOf(JSON_VALUE_START, from);
  }
  return out + body.slice(from);
}

/**
 * A float8 expression as JSON.stringify prints the number: PostgreSQL writes the same shortest
 * digits, but in exponent form below 1e-4 and from 1e15 on (JavaScript: below 1e-6, from 1e21) and
 * with a two-digit exponent; NaN and the infinities are `null`, -0 is `0`.
 *   jsNumber('"t0"."rating"') -> CASE ... END   (4.5 -> '4.5', 1e-5 -> '0.00001', 1e21 -> '1e+21')
 */
export function jsNumber(e: string): string {
  const s = `(${e})::text`;
  const m = `split_part(${s}, 'e', 1)`;
  const x = `split_part(${s}, 'e', 2)::int`;
  const sign = `CASE WHEN ${e} < 0 THEN '-' ELSE '' END`;
  const digits = `replace(ltrim(${m}, '-'), '.', '')`;
  return `CASE WHEN ${e} IS NULL OR ${e} IN ('NaN'::float8, 'Infinity'::float8, '-Infinity'::float8) THEN 'null'`
    + ` WHEN ${e} = 0 THEN '0'`
    + ` WHEN abs(${e}) >= 1e-4 AND abs(${e}) < 1e15 THEN ${s}`
    + ` WHEN ${x} BETWEEN 15 AND 20 THEN ${sign} || CASE WHEN length(${digits}) <= ${x} + 1 THEN ${digits} || repeat('0', ${x} + 1 - length(${digits})) ELSE left(${digits}, ${x} + 1) || '.' || substr(${digits}, ${x} + 2) END`
    + ` WHEN ${x} BETWEEN -6 AND -5 THEN ${sign} || '0.' || repeat('0', -${x} - 1) || ${digits}`
    + ` ELSE ${m} || 'e' || CASE WHEN ${x} > 0 THEN '+' ELSE '-' END || abs(${x})::text END`;
}

/** a JSON text literal as a SQL string literal */
export function textLiteral(jsonText: string): string {
  return `'${jsonText.replace(/'/g, "''")}'`;
}

/**
 * The JSON text of column `e` of storage kind `kind` (null -> 'null').
 *   columnJson('"t0"."title"', 'varchar') -> COALESCE(to_json("t0"."title")::text, 'null')
 */
export function columnJson(e: string, kind: StorageKind | 'id'): string {
  switch (kind) {
    case 'id':
    case 'integer':
      return `COALESCE((${e})::text, 'null')`;
    case 'double':
      return jsNumber(`(${e})::float8`);
    case 'decimal':
      return jsNumber(`(${e})::float8`);
    case 'bigint':
    case 'timestamp':
    case 'varchar':
    case 'text':
      return `COALESCE(to_json((${e})::text)::text, 'null')`;
    case 'boolean':
      return `CASE WHEN ${e} IS NULL THEN 'null' WHEN ${e} THEN 'true' ELSE 'false' END`;
    case 'date':
      return `COALESCE('"' || to_char(${e}, 'YYYY-MM-DD') || '"', 'null')`;
    case 'time':
      return `COALESCE('"' || to_char(${e}, 'HH24:MI:SS.MS') || '"', 'null')`;
    case 'datetime':
      return `COALESCE('"' || to_char((${e}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null')`;
    case 'json':
      return `COALESCE(chr(1) || (${e})::text || chr(2), 'null')`;
  }
}

/**
 * columnJson on a PostgreSQL database Strapi v4 laid out, whose datetime and timestamp attributes are
 * `timestamp` columns without a zone and time attributes `time` columns: pg reads a zone-less
 * timestamp in the process's local zone, so these are exact only where that zone is UTC (the caller
 * checks: processInUtc); time answers as the column's text (dialect/strapi-postgres.ts).
 *   strapiColumnJson('"t0"."imported_at"', 'timestamp') -> '"' || floor(extract(epoch from ..) * 1000)::text || '"'
 */
export function strapiColumnJson(e: string, kind: StorageKind | 'id'): string {
  switch (kind) {
    case 'datetime':
      return `COALESCE('"' || to_char(${e}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null')`;
    case 'timestamp':
      return `COALESCE('"' || floor(extract(epoch from ${e}) * 1000)::bigint::text || '"', 'null')`;
    case 'time':
      return `COALESCE(to_json((${e})::text)::text, 'null')`;
    default:
      return columnJson(e, kind);
  }
}

/** the process reads zone-less timestamps as UTC (TZ unset on a UTC host, or TZ=UTC) */
export function processInUtc(): boolean {
  // asked on every read of a Strapi PostgreSQL database: the process's zone is read once
  inUtc ??= ['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT', 'Etc/Universal', 'Etc/Zulu'].includes(Intl.DateTimeFormat().resolvedOptions().timeZone);
  return inUtc;
}
let inUtc: boolean | undefined;
