/**
 * engine/repository/compiled-read: PostgreSQL expressions turning one column into the JSON text
 * JSON.stringify writes for the value the row decoder (values/decode-value.ts) returns: compact,
 * numbers as JavaScript prints them, biginteger and timestamp as strings, datetime ISO with ms and Z.
 * Pure text; no I/O. A json value nested deeper than JSON_DEPTH stops the statement (JSON_TOO_DEEP).
 */
import type { StorageKind } from '../storage-map.js';

/** containers a json value may nest before the statement stops and the read takes the other path */
export const JSON_DEPTH = 4;
/** the message prefix of the cast failure a too deeply nested json value raises */
export const JSON_TOO_DEEP = 'quire-json-too-deep';

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
 * A jsonb expression as JSON.stringify(JSON.parse(its text)) prints it: compact, object keys in
 * the order JSON.parse leaves them (array-index keys first, ascending; then jsonb's own order).
 * Numbers are copied when JavaScript prints them alike (at most 15 digits, no trailing fraction
 * zeros, from 1e-6 on); any other number, or a container nested deeper than `depth`, stops the
 * statement (JSON_TOO_DEEP) so the read takes the usual path. One subquery per level. No `?` in
 * the text: run-sql.ts numbers every `?` as a parameter.
 */
export function jsonText(e: string, depth = JSON_DEPTH): string {
  const n = `(${e})::text`;
  const number = `CASE WHEN length(${n}) <= 16 AND ${n} ~ '^-{0,1}(0|[1-9][0-9]*)([.][0-9]*[1-9]){0,1}$' AND ${n} !~ '^-{0,1}0[.]000000' THEN ${n} ELSE CAST(('${JSON_TOO_DEEP}' || ${n}) AS integer)::text END`;
  const scalar = `CASE jsonb_typeof(${e}) WHEN 'string' THEN ${n} WHEN 'boolean' THEN ${n} WHEN 'number' THEN ${number} WHEN 'null' THEN 'null'`;
  if (depth === 0) return `${scalar} WHEN 'object' THEN CAST(('${JSON_TOO_DEEP}' || ${n}) AS integer)::text WHEN 'array' THEN CAST(('${JSON_TOO_DEEP}' || ${n}) AS integer)::text END`;
  // one name per depth: a nested level never shadows the level it reads
  const k = `"jk${depth}"`;
  const v = `"jv${depth}"`;
  const o = `"jo${depth}"`;
  const index = `(${k} ~ '^(0|[1-9][0-9]{0,8})$')`;
  const items = `SELECT "k" AS ${k}, "v" AS ${v}, "o" AS ${o} FROM jsonb_each(CASE WHEN jsonb_typeof(${e}) = 'object' THEN ${e} END) WITH ORDINALITY AS "je"("k", "v", "o")`
    + ` UNION ALL SELECT NULL, "v", "o" FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${e}) = 'array' THEN ${e} END) WITH ORDINALITY AS "ja"("v", "o")`;
  const member = `CASE WHEN ${k} IS NULL THEN '' ELSE to_json(${k})::text || ':' END || ${jsonText(v, depth - 1)}`;
  const inner = `COALESCE((SELECT string_agg(${member}, ',' ORDER BY ${index} DESC, CASE WHEN ${index} THEN ${k}::bigint END, ${o}) FROM (${items}) AS "jl${depth}"), '')`;
  const object = `jsonb_typeof(${e}) = 'object'`;
  return `${scalar} ELSE CASE WHEN ${object} THEN '{' WHEN jsonb_typeof(${e}) = 'array' THEN '[' END || ${inner} || CASE WHEN ${object} THEN '}' ELSE ']' END END`;
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
      return `COALESCE(${jsonText(e)}, 'null')`;
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
