/**
 * engine/plan: what a name means when a client reads (filters, sort, fields, populate): an attribute
 * it may see, or a system column (id, createdAt, updatedAt, publishedAt on draft-and-publish types,
 * locale on localized ones). Private and password attributes are reported as unknown. Pure.
 */
import type { Attribute, ScalarType } from '../../compiler/model/types.js';
import type { Schema } from './schema-of.js';

export type ReadableField =
  | { readonly kind: 'scalar'; readonly name: string; readonly type: ScalarType }
  | Exclude<Attribute, { kind: 'scalar' }>;

/**
 * `readableField(article, 'title')` -> { kind: 'scalar', name: 'title', type: 'string' };
 * `readableField(article, 'internalNotes')` (private) -> undefined; 'id' -> integer.
 */
export function readableField(schema: Schema, name: string): ReadableField | undefined {
  if (name === 'id') return { kind: 'scalar', name, type: 'integer' };
  const isType = 'kind' in schema;
  if (isType && (name === 'createdAt' || name === 'updatedAt')) return { kind: 'scalar', name, type: 'datetime' };
  if (isType && name === 'publishedAt' && schema.draftAndPublish) return { kind: 'scalar', name, type: 'datetime' };
  if (isType && name === 'locale' && schema.localized) return { kind: 'scalar', name, type: 'string' };
  if (!Object.hasOwn(schema.attributes, name)) return undefined;
  const attr = schema.attributes[name];
  if (attr.private) return undefined;
  if (attr.kind === 'scalar') return attr.type === 'password' ? undefined : { kind: 'scalar', name, type: attr.type };
  return attr;
}
