/**
 * engine/plan: the scalar fields a read returns when it names none: the non-private scalar
 * attributes in the order the schema declares them, then, for content-types, the system fields
 * (createdAt, updatedAt, publishedAt with draft and publish, locale when localized). The repository
 * selects these columns and the answer shapes write these members, so both follow this one rule. Pure.
 */
import type { Attribute } from '../../compiler/model/types.js';
import type { Schema } from './schema-of.js';

/** the attribute names of `schema` in declared order (`order` first, then any not listed) */
export function attributeOrder(order: readonly string[], attributes: Readonly<Record<string, Attribute>>): string[] {
  return [...order, ...Object.keys(attributes).filter((n) => !order.includes(n))];
}

/**
 *   defaultFields(article) -> ['title', 'slug', ..., 'createdAt', 'updatedAt', 'publishedAt']
 *   defaultFields(seoComponent) -> ['metaTitle', 'metaDescription']
 */
export function defaultFields(schema: Schema): string[] {
  const out: string[] = [];
  for (const name of attributeOrder(schema.order, schema.attributes)) {
    const a = schema.attributes[name];
    if (a?.kind === 'scalar' && !a.private) out.push(name);
  }
  if ('kind' in schema) {
    out.push('createdAt', 'updatedAt');
    if (schema.draftAndPublish) out.push('publishedAt');
    if (schema.localized) out.push('locale');
  }
  return out;
}
