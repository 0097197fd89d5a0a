/**
 * engine/request: `fields` -> the names asked for, or undefined for every field (`*`, absent).
 * Accepts an array or one name. Comma strings are not split, as in Strapi: 'title,slug' is one
 * (unknown) name. The planner checks each name. Pure.
 */
import { invalidParameter } from './invalid-parameter.js';
import { listOf } from './list-of.js';

/** `fieldsQuery(['title', 'id'])` -> ['title', 'id']; `fieldsQuery('*')` -> undefined; `fieldsQuery('title')` -> ['title']. */
export function fieldsQuery(raw: unknown): string[] | undefined {
  if (raw === undefined || raw === null || raw === '' || raw === '*') return undefined;
  const names = typeof raw === 'string' ? [raw] : listOf(raw);
  if (!names || !names.every((n): n is string => typeof n === 'string')) throw invalidParameter('fields');
  if (names.includes('*')) return undefined;
  if (names.includes('')) throw invalidParameter('fields');
  return names;
}
