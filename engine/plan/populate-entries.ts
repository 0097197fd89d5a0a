/**
 * engine/plan: every client form of `populate` -> one list of [name, request] pairs, before any
 * model lookup: '*' and comma strings, arrays, objects with flags (true/false/t/f/1/0/'*') or nested
 * specs, dotted paths ('seo.metaImage' -> ['seo', { populate: 'metaImage' }]). Bad shapes -> 400.
 */
import { invalidParameter } from './invalid-parameter.js';
import { isRecord } from './is-record.js';
import { listOf } from './list-of.js';
import { parseBooleanFlag } from './parse-boolean-flag.js';

/** `true`: populate one level; `false`: do not; a record: a nested spec (fields, populate, on, ...). */
export type PopulateRequest = boolean | Record<string, unknown>;

function fromString(text: string, out: [string, PopulateRequest][]): void {
  for (const part of text.split(',')) {
    const item = part.trim();
    if (item === '') continue;
    const dot = item.indexOf('.');
    if (item === '*' || dot === -1) out.push([item, true]);
    else out.push([item.slice(0, dot), { populate: item.slice(dot + 1) }]);
  }
}

function request(key: string, value: unknown): PopulateRequest {
  if (isRecord(value)) return value;
  if (value === '*') return true;
  const flag = parseBooleanFlag(value);
  if (flag === undefined) throw invalidParameter(key);
  return flag;
}

/**
 *   populateEntries('author,seo.metaImage') -> [['author', true], ['seo', { populate: 'metaImage' }]]
 *   populateEntries({ tags: 'f', author: { fields: ['name'] } })
 *   -> [['tags', false], ['author', { fields: ['name'] }]]
 */
export function populateEntries(raw: unknown): [string, PopulateRequest][] {
  const out: [string, PopulateRequest][] = [];
  if (raw === undefined || raw === null || raw === '') return out;
  if (typeof raw === 'string') {
    fromString(raw, out);
    return out;
  }
  if (typeof raw === 'boolean') return out;
  const list = listOf(raw);
  if (list) {
    for (const item of list) out.push(...populateEntries(item));
    return out;
  }
  if (!isRecord(raw)) throw invalidParameter('populate');
  for (const key of Object.keys(raw)) out.push([key, request(key, raw[key])]);
  return out;
}
