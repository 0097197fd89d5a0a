/**
 * engine/request: `sort` in every Strapi form -> SortKey[]: 'title', 'title:desc', 'a:asc,b:desc',
 * arrays of those, objects { title: 'desc' } and nested { author: { name: 'asc' } }, dotted paths.
 * Directions are checked here (400 for anything but asc/desc, any case); the names by the planner.
 * GraphQL's `sort: ["title:desc"]` reads the same way. Pure.
 */
import { messages, ValidationError } from '../errors/index.js';
import { invalidParameter } from './invalid-parameter.js';
import { isRecord } from './is-record.js';
import type { SortKey } from './parsed-query.js';

/** joins a single sort key may take; deeper paths are refused rather than planned */
export const MAX_SORT_PATH = 8;

function direction(text: string): 'asc' | 'desc' {
  const lower = text.trim().toLowerCase();
  if (lower === 'asc' || lower === 'desc') return lower;
  throw new ValidationError(messages.sortDirection(text));
}

function fromString(text: string, out: SortKey[]): void {
  for (const part of text.split(',')) {
    const item = part.trim();
    if (item === '') continue;
    const [name, dir = 'asc', ...rest] = item.split(':');
    if (rest.length > 0) throw invalidParameter('sort');
    out.push({ path: name.split('.'), direction: direction(dir) });
  }
}

function fromObject(value: Record<string, unknown>, prefix: string[], out: SortKey[]): void {
  for (const key of Object.keys(value)) {
    const sub = value[key];
    if (prefix.length + 1 > MAX_SORT_PATH) throw invalidParameter('sort');
    if (typeof sub === 'string') out.push({ path: [...prefix, key], direction: direction(sub) });
    else if (isRecord(sub)) fromObject(sub, [...prefix, key], out);
    else throw invalidParameter('sort');
  }
}

/**
 *   sortQuery('title:desc,author.name') -> [{ path: ['title'], direction: 'desc' }, { path: ['author', 'name'], direction: 'asc' }]
 *   sortQuery([{ author: { name: 'desc' } }]) -> [{ path: ['author', 'name'], direction: 'desc' }]
 * Absent -> undefined.
 */
export function sortQuery(raw: unknown): SortKey[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  const out: SortKey[] = [];
  for (const item of Array.isArray(raw) ? raw : [raw]) {
    if (typeof item === 'string') fromString(item, out);
    else if (isRecord(item)) fromObject(item, [], out);
    else throw invalidParameter('sort');
  }
  return out;
}
