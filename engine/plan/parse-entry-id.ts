/**
 * engine/plan: the entry id of a one-entry request (`:id` path segment, GraphQL `ID`, or the id the
 * handler found for a single type) -> a positive int32, or 404 as for an entry that does not exist
 * (Strapi on SQLite answers 404 to `/api/articles/abc`). Single types may omit it. Pure.
 */
import type { ContentType } from '../../compiler/model/types.js';
import { NotFoundError } from '../errors/errors.js';

const INT32_MAX = 2147483647;

/** `parseEntryId(article, '12')` -> 12; `parseEntryId(article, 'abc')` -> 404; `parseEntryId(homepage, undefined)` -> undefined. */
export function parseEntryId(type: ContentType, id: string | number | undefined): number | undefined {
  if (id === undefined && type.kind === 'singleType') return undefined;
  const n = typeof id === 'string' && /^\d{1,10}$/.test(id) ? Number(id) : id;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > INT32_MAX) throw new NotFoundError('Not Found');
  return n;
}
