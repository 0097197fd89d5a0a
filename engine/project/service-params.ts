/**
 * engine/project: the parameters project code passes to `strapi.entityService.*` (Strapi's entity
 * service form: `filters`, `sort`, `fields`, `populate`, `start`/`limit`, `page`/`pageSize`,
 * `publicationState`, `locale`) and to `strapi.db.query(uid).*` (the query engine's form: `where`,
 * `select`, `orderBy`, `limit`, `offset`, `populate` with nested `select`/`where`), and the data they
 * write, translated into what the request stage and the planner take. Pure.
 */
import type { Attribute, NormalizedModel } from '../../compiler/model/types.js';
import { parseQuery, type ParsedQuery } from '../request/index.js';

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);
const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/**
 * Entity service params -> ParsedQuery.
 *   entityServiceQuery({ filters: { slug: 'a' }, populate: ['cover'], start: 0, limit: 5 })
 *   -> { filters: ..., populate: { cover: {} }, pagination: { start: 0, limit: 5 } }
 */
export function entityServiceQuery(params: unknown): ParsedQuery {
  const p = isRecord(params) ? params : {};
  const pagination = isRecord(p.pagination) ? p.pagination : defined({ start: p.start, limit: p.limit, page: p.page, pageSize: p.pageSize });
  return parseQuery(defined({
    filters: p.filters,
    sort: p.sort,
    fields: p.fields,
    populate: p.populate === true ? '*' : p.populate,
    publicationState: p.publicationState,
    locale: p.locale,
    pagination: Object.keys(pagination).length > 0 ? pagination : undefined,
  }));
}

/** A query-engine populate (`true`, `['role']`, `{ role: { select, where, orderBy, populate } }`) in the entity service's form. */
function dbPopulate(populate: unknown): unknown {
  if (populate === true) return '*';
  if (!isRecord(populate)) return populate;
  return Object.fromEntries(Object.entries(populate).map(([name, v]) => [name, isRecord(v)
    ? defined({ fields: v.select ?? v.fields, filters: v.where ?? v.filters, sort: v.orderBy ?? v.sort, populate: v.populate === undefined ? undefined : dbPopulate(v.populate), on: v.on })
    : v]));
}

/**
 * Query-engine params -> ParsedQuery. The query engine sees drafts and every locale.
 *   dbQuery({ where: { type: 'public' }, select: ['id', 'name'], orderBy: { name: 'asc' }, limit: 1 })
 */
export function dbQuery(params: unknown): ParsedQuery {
  const p = isRecord(params) ? params : {};
  const pagination = defined({ start: p.offset, limit: p.limit });
  const query = parseQuery(defined({
    filters: p.where ?? p.filters,
    sort: p.orderBy ?? p.sort,
    fields: p.select ?? p.fields,
    populate: dbPopulate(p.populate),
    pagination: Object.keys(pagination).length > 0 ? pagination : undefined,
  }));
  return { ...query, publicationState: 'preview', locale: 'all' };
}

/**
 * The data project code writes, as the planner takes it: Dates (and `publishedAt` in epoch ms) as
 * ISO strings, and related entries or files given whole (`cover: { id: 3, url, ... }`) as their ids.
 */
export function writableData(model: NormalizedModel, uid: string, data: unknown): unknown {
  const owner = model.contentTypes[uid] ?? model.components[uid];
  return normalizeData(model, owner?.attributes ?? {}, data, true);
}

function idOf(v: unknown): unknown {
  return isRecord(v) && typeof v.id === 'number' && !('connect' in v) && !('set' in v) && !('disconnect' in v) ? v.id : v;
}

function normalizeData(model: NormalizedModel, attributes: Readonly<Record<string, Attribute>>, data: unknown, entry: boolean): unknown {
  if (data instanceof Date) return data.toISOString();
  if (!isRecord(data)) return data;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const attr = Object.hasOwn(attributes, key) ? attributes[key] : undefined;
    if (entry && key === 'publishedAt' && typeof value === 'number') out[key] = new Date(value).toISOString();
    else if (value instanceof Date) out[key] = value.toISOString();
    else if (attr && (attr.kind === 'relation' || attr.kind === 'media')) out[key] = Array.isArray(value) ? value.map(idOf) : idOf(value);
    else if (attr && attr.kind === 'component') {
      const comp = model.components[attr.component]?.attributes ?? {};
      out[key] = Array.isArray(value) ? value.map((v) => normalizeData(model, comp, v, false)) : normalizeData(model, comp, value, false);
    } else if (attr && attr.kind === 'dynamiczone' && Array.isArray(value)) {
      out[key] = value.map((v) => (isRecord(v) && typeof v.__component === 'string' ? normalizeData(model, model.components[v.__component]?.attributes ?? {}, v, false) : v));
    } else out[key] = value;
  }
  return out;
}
