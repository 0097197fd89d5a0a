/**
 * engine/repository/dialect: how PostgreSQL writes a value as the JSON text of an answer (the
 * `json` nodes its printer prints: postgres-printer.ts), byte for byte what
 * engine/response/print-answer.ts writes for the value the row decoder (values/decode-value.ts)
 * returns: compact, numbers as JavaScript prints them, biginteger and timestamp as strings, datetime
 * ISO with milliseconds and Z; json values marked for answer/json-marks.ts. Quire's layout and
 * Strapi's (zone-less `timestamp` and `time` columns). Pure text.
 */
import type { StorageKind } from '../storage-map.js';

/** a json value leaves the statement as jsonb's text between these (answer/json-marks.ts prints it) */
export const JSON_VALUE_START = '\u0001';
export const JSON_VALUE_END = '\u0002';

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

/** a JSON text as a SQL string literal */
export function textLiteral(jsonText: string): string {
  return `'${jsonText.replace(/'/g, "''")}'`;
}

/**
 * The JSON text of column `e` of storage kind `kind` (null -> 'null'), quire's layout.
 *   columnJson('"t0"."title"', 'varchar') -> COALESCE(to_json(("t0"."title")::text)::text, 'null')
 */
export function columnJson(e: string, kind: StorageKind | 'id'): string {
  switch (kind) {
    case 'id':
    case 'integer':
      return `COALESCE((${e})::text, 'null')`;
    case 'double':
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
 * columnJson on a database Strapi v4 laid out, whose datetime and timestamp attributes are
 * `timestamp` columns without a zone and time attributes `time` columns: pg reads a zone-less
 * timestamp in the process's local zone, so these are exact only where that zone is UTC (the
 * repository answers in SQL there only then: processInUtc); time answers as the column's text.
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
  inUtc ??= ['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT', 'Etc/Universal', 'Etc/Zulu'].includes(Intl.DateTimeFormat().resolvedOptions().timeZone);
  return inUtc;
}
let inUtc: boolean | undefined;
