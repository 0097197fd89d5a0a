/**
 * engine/project: what Strapi's core controller offers project code to shape an answer:
 * `sanitizeOutput` (drop private attributes, and relations to types the caller may not `find`) and
 * `transformResponse` (flat entries -> `{ data: { id, attributes }, meta }`, populated relations and
 * media wrapped in `{ data }`, components inline). Keys the model does not know (a field a controller
 * added) are kept, as Strapi keeps them. Pure.
 */
import type { Attribute, Component, ContentType, NormalizedModel } from '../../compiler/model/types.js';

const FILE_UID = 'plugin::upload.file';
type Row = Record<string, unknown>;
const isRow = (v: unknown): v is Row => v !== null && typeof v === 'object' && !Array.isArray(v);

function attrOf(owner: ContentType | Component | undefined, key: string): Attribute | undefined {
  return owner && Object.hasOwn(owner.attributes, key) ? owner.attributes[key] : undefined;
}

function transformValue(model: NormalizedModel, attr: Attribute, v: unknown): unknown {
  switch (attr.kind) {
    case 'relation':
      return { data: transformEntry(model, attr.target, v) ?? null };
    case 'media':
      return { data: transformEntry(model, FILE_UID, v) ?? null };
    case 'component':
      return Array.isArray(v) ? v.map((c) => transformComponent(model, attr.component, c)) : transformComponent(model, attr.component, v);
    case 'dynamiczone':
      return Array.isArray(v) ? v.map((c) => (isRow(c) && typeof c.__component === 'string' ? transformComponent(model, c.__component, c) : c)) : v;
    default:
      return v;
  }
}

function transformComponent(model: NormalizedModel, uid: string, row: unknown): unknown {
  if (!isRow(row)) return row;
  const comp = model.components[uid];
  return Object.fromEntries(Object.entries(row).map(([k, v]) => {
    const attr = attrOf(comp, k);
    return [k, attr ? transformValue(model, attr, v) : v];
  }));
}

/** One flat entry (or a list of them) of `uid` -> `{ id, attributes }`. */
export function transformEntry(model: NormalizedModel, uid: string, entry: unknown): unknown {
  if (Array.isArray(entry)) return entry.map((e) => transformEntry(model, uid, e));
  if (!isRow(entry)) return entry;
  const type = model.contentTypes[uid];
  const { id, ...rest } = entry;
  const attributes: Row = {};
  for (const [key, value] of Object.entries(rest)) {
    const attr = attrOf(type, key);
    attributes[key] = attr ? transformValue(model, attr, value) : key === 'localizations' && type?.localized ? { data: transformEntry(model, uid, value) ?? [] } : value;
  }
  return { id, attributes };
}

/**
 *   transformResponse(model, 'api::tag.tag', [{ id: 1, name: 'news' }], { pagination })
 *   -> { data: [{ id: 1, attributes: { name: 'news' } }], meta: { pagination } }
 */
export function transformResponse(model: NormalizedModel, uid: string, data: unknown, meta: unknown = {}): unknown {
  return { data: transformEntry(model, uid, data) ?? null, meta: meta ?? {} };
}

function sanitizeRow(model: NormalizedModel, owner: ContentType | Component | undefined, row: Row, canFind: (uid: string) => boolean): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    const attr = attrOf(owner, key);
    if (attr?.private || (attr?.kind === 'scalar' && attr.type === 'password')) continue;
    if (owner && 'kind' in owner && (key === 'createdBy' || key === 'updatedBy') && !owner.populateCreatorFields) continue;
    if (!attr) out[key] = value;
    else if (attr.kind === 'relation') {
      if (!canFind(attr.target)) continue;
      out[key] = sanitizeValue(model, model.contentTypes[attr.target], value, canFind);
    } else if (attr.kind === 'media') out[key] = sanitizeValue(model, model.contentTypes[FILE_UID], value, canFind);
    else if (attr.kind === 'component') out[key] = sanitizeValue(model, model.components[attr.component], value, canFind);
    else if (attr.kind === 'dynamiczone' && Array.isArray(value)) {
      out[key] = value.map((c) => (isRow(c) && typeof c.__component === 'string' ? sanitizeRow(model, model.components[c.__component], c, canFind) : c));
    } else out[key] = value;
  }
  return out;
}

function sanitizeValue(model: NormalizedModel, owner: ContentType | Component | undefined, value: unknown, canFind: (uid: string) => boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => sanitizeValue(model, owner, v, canFind));
  return isRow(value) ? sanitizeRow(model, owner, value, canFind) : value;
}

/** Flat entries of `uid` as the caller may see them (private attributes and unreadable relations removed). */
export function sanitizeOutput(model: NormalizedModel, uid: string, data: unknown, canFind: (uid: string) => boolean): unknown {
  return sanitizeValue(model, model.contentTypes[uid], data, canFind);
}

/**
 * Write data of `uid` as Strapi's `sanitizeInput` leaves it: private attributes and relations to
 * types the caller may not `find` are dropped (a controller that sets them afterwards keeps them).
 */
export function sanitizeInput(model: NormalizedModel, uid: string, data: unknown, canFind: (uid: string) => boolean): unknown {
  if (!isRow(data)) return data;
  const type = model.contentTypes[uid];
  const out: Row = {};
  for (const [key, value] of Object.entries(data)) {
    const attr = attrOf(type, key);
    if (attr?.private) continue;
    if (attr?.kind === 'relation' && !canFind(attr.target)) continue;
    out[key] = value;
  }
  return out;
}
