/**
 * engine/response: repository Entry -> the flat JSON the users-permissions plugin answers with
 * (`{ id, username, email, ..., role: { id, name, ... } }`, no data/attributes envelope), populated
 * relations and media flat too. As in the REST shape (rest-shape.ts), private attributes and unknown keys are
 * dropped here, so a password hash or a reset token can never leave the server through it.
 */
import type { Attribute, Component, ContentType, NormalizedModel } from '../../compiler/model/types.js';
import type { Entry } from '../plan/types.js';

const SYSTEM_FIELDS = new Set(['createdAt', 'updatedAt', 'publishedAt', 'locale']);
const FILE_UID = 'plugin::upload.file';

export type FlatEntry = { id: number } & Record<string, unknown>;

/**
 *   flatEntry(model, 'plugin::users-permissions.user', { id: 1, username: 'ada', password: '$2a$…', role: { id: 1, type: 'authenticated' } })
 *   -> { id: 1, username: 'ada', role: { id: 1, type: 'authenticated' } }
 */
export function flatEntry(model: NormalizedModel, uid: string, row: Entry): FlatEntry {
  const ct = model.contentTypes[uid];
  return { id: row.id, ...attributes(model, ct, row) } as FlatEntry;
}

function attributes(model: NormalizedModel, owner: ContentType | Component, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(row)) {
    if (key === 'id') continue;
    const attr = owner.attributes[key];
    if (!attr) {
      if (SYSTEM_FIELDS.has(key) && 'kind' in owner) out[key] = row[key];
      if (key === 'localizations' && 'kind' in owner && owner.localized) out[key] = linked(model, owner.uid, true, row[key]);
      continue;
    }
    if (attr.private) continue;
    out[key] = value(model, attr, row[key]);
  }
  return out;
}

function value(model: NormalizedModel, attr: Attribute, v: unknown): unknown {
  switch (attr.kind) {
    case 'scalar':
      return v;
    case 'relation':
      return linked(model, attr.target, attr.toMany, v);
    case 'media':
      return linked(model, FILE_UID, attr.multiple, v);
    case 'component':
      if (v === null || v === undefined) return attr.repeatable ? [] : null;
      return attr.repeatable ? (v as Record<string, unknown>[]).map((c) => component(model, attr.component, c)) : component(model, attr.component, v as Record<string, unknown>);
    case 'dynamiczone':
      return ((v as Record<string, unknown>[] | null) ?? []).map((item) => ({ ...component(model, item.__component as string, item), __component: item.__component }));
  }
}

function linked(model: NormalizedModel, uid: string, many: boolean, v: unknown): unknown {
  if (many) return ((v as Entry[] | null) ?? []).map((e) => flatEntry(model, uid, e));
  return v ? flatEntry(model, uid, v as Entry) : null;
}

function component(model: NormalizedModel, uid: string, row: Record<string, unknown>): Record<string, unknown> {
  const comp = model.components[uid];
  return comp ? { id: row.id, ...attributes(model, comp, row) } : { id: row.id };
}
