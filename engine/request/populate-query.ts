/**
 * engine/request: every client form of `populate` -> PopulateQuery: '*' and comma strings, arrays,
 * objects with flags (any string: `false`/`f`/`0` no, anything else yes, as Strapi casts them) or
 * nested requests (fields, filters, sort, populate, and for dynamic zones `on`; other keys ignored),
 * dotted paths ('seo.metaImage' -> { seo: { populate: { metaImage: {} } } }), also inside objects.
 * The same name asked twice merges (nested requests key by key, the later fields/filters/sort win).
 * Names are checked by the planner (unknown ones are ignored there, as Strapi does). Pure.
 */
import { messages, ValidationError } from '../errors/index.js';
import { fieldsQuery } from './fields-query.js';
import { filterQuery } from './filter-query.js';
import { invalidParameter } from './invalid-parameter.js';
import { isRecord } from './is-record.js';
import { listOf } from './list-of.js';
import { parseBooleanFlag } from './parse-boolean-flag.js';
import type { PopulateNode, PopulateQuery } from './parsed-query.js';
import { paginationQuery } from './pagination-query.js';
import { sortQuery } from './sort-query.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
/** populate levels followed before answering 400 (the contract sets no limit; a hostile one must end) */
const MAX_DEPTH = 20;

/**
 *   mergePopulate({ seo: {} }, { seo: { populate: { metaImage: {} } } }) -> { seo: { populate: { metaImage: {} } } }
 */
export function mergePopulate(a: PopulateQuery | undefined, b: PopulateQuery | undefined): PopulateQuery | undefined {
  if (!a) return b;
  if (!b) return a;
  const out: Record<string, PopulateNode> = { ...a };
  for (const key of Object.keys(b)) out[key] = Object.hasOwn(out, key) ? mergeNode(out[key], b[key]) : b[key];
  return out;
}

function mergeNode(a: PopulateNode, b: PopulateNode): PopulateNode {
  const out: Mutable<PopulateNode> = { ...a };
  for (const key of ['fields', 'filters', 'sort', 'pagination', 'publicationState'] as const) {
    if (b[key] !== undefined) (out as Record<string, unknown>)[key] = b[key];
  }
  const populate = mergePopulate(a.populate, b.populate);
  if (populate) out.populate = populate;
  const on = mergePopulate(a.on, b.on);
  if (on) out.on = on;
  return out;
}

/**
 * One populated name's request: a nested record; a list (`populate[seo][0]=metaImage`: the nested
 * populate); any string or boolean as Strapi casts it (`false`, `f`, `0` mean no, anything else
 * populates one level). Any other value is ignored, as Strapi ignores keys it cannot use.
 */
function node(value: unknown, depth: number): PopulateNode | undefined {
  if (isRecord(value) && !listOf(value)) return nested(value, depth);
  if (listOf(value)) {
    const populate = populateAt(value, depth + 1);
    return populate ? { populate } : {};
  }
  if (typeof value === 'string' || typeof value === 'boolean') return parseBooleanFlag(value) === false ? undefined : {};
  return undefined;
}

function nested(req: Record<string, unknown>, depth: number): PopulateNode {
  const out: Mutable<PopulateNode> = {};
  const fields = fieldsQuery(req.fields);
  if (fields) out.fields = fields;
  const filters = filterQuery(req.filters);
  if (filters) out.filters = filters;
  const sort = sortQuery(req.sort);
  if (sort && sort.length > 0) out.sort = sort;
  const populate = populateAt(req.populate, depth + 1);
  if (populate) out.populate = populate;
  // a page of a to-many relation (capped at maxLimit by the planner, whatever it asks)
  const pagination = paginationQuery(req.pagination);
  if (pagination) out.pagination = pagination;
  if (isRecord(req.on)) {
    let on: PopulateQuery | undefined;
    for (const uid of Object.keys(req.on)) {
      const item = node(req.on[uid], depth + 1);
      if (item) on = mergePopulate(on, { [uid]: item });
    }
    if (on) out.on = on;
  }
  return out;
}

function fromString(text: string, depth: number): PopulateQuery | undefined {
  if (depth > MAX_DEPTH) throw new ValidationError(messages.populateTooDeep(MAX_DEPTH));
  let out: PopulateQuery | undefined;
  for (const part of text.split(',')) {
    const item = part.trim();
    if (item === '') continue;
    const dot = item.indexOf('.');
    const entry = item === '*' || dot === -1 ? { [item]: {} } : { [item.slice(0, dot)]: { populate: fromString(item.slice(dot + 1), depth + 1) ?? {} } };
    out = mergePopulate(out, entry);
  }
  return out;
}

function populateAt(raw: unknown, depth: number): PopulateQuery | undefined {
  if (depth > MAX_DEPTH) throw new ValidationError(messages.populateTooDeep(MAX_DEPTH));
  if (raw === undefined || raw === null || raw === '' || typeof raw === 'boolean') return undefined;
  if (typeof raw === 'string') return fromString(raw, depth);
  const list = listOf(raw);
  if (list) {
    let out: PopulateQuery | undefined;
    for (const item of list) out = mergePopulate(out, populateAt(item, depth));
    return out;
  }
  if (!isRecord(raw)) throw invalidParameter('populate');
  let out: PopulateQuery | undefined;
  for (const key of Object.keys(raw)) {
    const item = node(raw[key], depth);
    if (item) out = mergePopulate(out, { [key]: item });
  }
  return out;
}

/**
 * The strapi-plugin-populate-deep form: `populate=deep`, `populate=deep,10`, or a list whose first
 * item is `deep` (its second the depth). Undefined for any other populate.
 *   populateDeepQuery('deep,3') -> { depth: 3 };  populateDeepQuery('deep') -> {};  populateDeepQuery('author') -> undefined
 */
export function populateDeepQuery(raw: unknown): { depth?: number } | undefined {
  const items = typeof raw === 'string' ? raw.split(',').map((s) => s.trim()) : listOf(raw);
  if (!items || items[0] !== 'deep') return undefined;
  const depth = typeof items[1] === 'string' && /^\d{1,3}$/.test(items[1]) ? Number(items[1]) : undefined;
  return depth === undefined ? {} : { depth };
}

/**
 *   populateQuery('author,seo.metaImage') -> { author: {}, seo: { populate: { metaImage: {} } } }
 *   populateQuery({ tags: 'f', author: { fields: ['name'] } }) -> { author: { fields: ['name'] } }
 *   populateQuery({ blocks: { on: { 'content.quote': { fields: ['text'] } } } }) -> { blocks: { on: { 'content.quote': { fields: ['text'] } } } }
 * Absent -> undefined.
 */
export function populateQuery(raw: unknown): PopulateQuery | undefined {
  return populateAt(raw, 0);
}
