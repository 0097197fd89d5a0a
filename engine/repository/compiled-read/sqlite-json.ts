/**
 * engine/repository/compiled-read: SQLite expressions turning one column into the JSON text
 * JSON.stringify writes for the value the row decoder (values/decode-value.ts) returns. The common
 * stored forms are printed by SQLite itself (integers, text through json_quote, 0/1 booleans, the
 * canonical datetime, date and time text quire writes); any other form, every float and every json
 * value go through `quire_json(kind, value)`, registered per connection (connect.ts), which is the
 * decoder and JSON.stringify themselves, so the text is the usual path's by construction. Pure text.
 */
import { decodeValue } from '../values/decode-value.js';
import type { StorageKind } from '../storage-map.js';

/** the name of the per-connection function quireJson is registered as */
export const SQLITE_JSON_FUNCTION = 'quire_json';

/** what the usual path writes for a raw SQLite value of `kind`: the decoder, then JSON.stringify */
export function quireJson(kind: unknown, raw: unknown): string {
  return JSON.stringify(decodeValue(kind as StorageKind | 'id', raw)) ?? 'null';
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const CANONICAL_DATETIME = "'[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]Z'";

/**
 * The JSON text of column `e` of storage kind `kind` (null -> 'null') on SQLite.
 *   sqliteColumnJson('"t0"."title"', 'varchar') -> CASE typeof("t0"."title") WHEN 'text' THEN json_quote("t0"."title") ELSE quire_json('varchar', "t0"."title") END
 */
export function sqliteColumnJson(e: string, kind: StorageKind | 'id'): string {
  const js = (v = e) => `${SQLITE_JSON_FUNCTION}('${kind}', ${v})`;
  switch (kind) {
    case 'id':
    case 'integer':
      return `CASE WHEN typeof(${e}) = 'integer' AND abs(${e}) <= ${MAX_SAFE} THEN CAST(${e} AS TEXT) ELSE ${js()} END`;
    case 'double':
    case 'decimal': {
      // SQLite prints a float with up to 15 significant digits when they read back as the same
      // number, and those are JavaScript's shortest digits then; 17 digits, an exponent (JavaScript
      // writes none from 1e-6 to 1e21) or a `.0` JavaScript leaves out go through quire_json
      const t = `CAST(${e} AS TEXT)`;
      return `CASE typeof(${e}) WHEN 'integer' THEN CASE WHEN abs(${e}) <= ${MAX_SAFE} THEN ${t} ELSE ${js()} END`
        + ` WHEN 'real' THEN CASE WHEN length(${t}) <= 16 AND instr(${t}, 'e') = 0 AND ${t} NOT GLOB '*.0' THEN ${t} ELSE ${js()} END ELSE ${js()} END`;
    }
    case 'bigint':
    case 'timestamp':
      // the usual path selects these as text (dialect/sqlite.ts selectExpr)
      return `CASE typeof(${e}) WHEN 'integer' THEN '"' || CAST(${e} AS TEXT) || '"' WHEN 'null' THEN 'null' ELSE json_quote(CAST(${e} AS TEXT)) END`;
    case 'varchar':
    case 'text':
      return `CASE typeof(${e}) WHEN 'text' THEN json_quote(${e}) ELSE ${js()} END`;
    case 'boolean':
      return `CASE typeof(${e}) WHEN 'integer' THEN CASE ${e} WHEN 1 THEN 'true' ELSE 'false' END ELSE ${js()} END`;
    case 'datetime':
      // what GLOB lets through and the decoder's stricter pattern does not is an invalid date, printed as stored either way
      return `CASE WHEN typeof(${e}) = 'text' AND ${e} GLOB ${CANONICAL_DATETIME} AND substr(${e}, 12, 2) < '24' THEN '"' || ${e} || '"' ELSE ${js()} END`;
    case 'date':
      return `CASE WHEN typeof(${e}) = 'text' AND ${e} GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*' THEN '"' || substr(${e}, 1, 10) || '"' ELSE ${js()} END`;
    case 'time':
      return `CASE WHEN typeof(${e}) = 'text' AND ${e} GLOB '[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9]' THEN '"' || ${e} || '"' ELSE ${js()} END`;
    case 'json':
      return js();
  }
}
