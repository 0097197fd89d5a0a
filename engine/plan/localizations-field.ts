/**
 * engine/plan: `localizations` of a localized content-type, seen as the attribute Strapi v4's i18n
 * plugin makes it: a to-many relation to the type itself. Filters, sort and populate read it like
 * any relation; the repository links it through the type's localizations table. Pure.
 */
import type { RelationAttribute } from '../../compiler/model/types.js';

export const LOCALIZATIONS = 'localizations';

/** `localizationsField('api::product.product')` -> a oneToMany relation named `localizations` to the product type. */
export function localizationsField(uid: string): RelationAttribute {
  return {
    kind: 'relation', name: LOCALIZATIONS, relation: 'oneToMany', target: uid, toMany: true, owner: true,
    joinTable: undefined as never, required: false, private: false, localized: true,
  };
}
