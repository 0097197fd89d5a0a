/**
 * engine/actions: the one parser of entry ids for the whole engine: a REST path segment (`/api/
 * articles/12`), a GraphQL `ID` (`"12"` or `12`), an upload `?id=`, a users route. Ids are positive
 * int32 (the `id` columns are `integer`), written in decimal without sign or leading zero. Anything
 * else names no entry: the caller answers as for an entry that does not exist. Pure.
 */

export const MAX_ENTRY_ID = 2147483647;
const DECIMAL = /^[1-9][0-9]{0,9}$/;

/**
 *   parseEntryId('12') -> 12;  parseEntryId(12) -> 12
 *   parseEntryId('012') / ('1e3') / ('-1') / ('abc') / (0) / ('2147483648') / (undefined) -> undefined
 */
export function parseEntryId(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isInteger(raw) && raw >= 1 && raw <= MAX_ENTRY_ID ? raw : undefined;
  if (typeof raw !== 'string' || !DECIMAL.test(raw)) return undefined;
  const n = Number(raw);
  return n <= MAX_ENTRY_ID ? n : undefined;
}
