/**
 * engine/plan: a one-entry read (REST GET /api/<plural>/:id or /api/<single>, GraphQL `<name>`, the
 * read-back of a write) -> FindOnePlan. The id is already parsed (engine/actions/entry-id.ts).
 * filters and sort are checked as for a list (a bad one is still 400, as in Strapi) but do not
 * apply; pagination is ignored. Pure; never touches a database.
 */
import type { ContentType, NormalizedModel } from '../../compiler/model/types.js';
import type { ParsedQuery } from '../request/parsed-query.js';
import { deepFreeze } from './deep-freeze.js';
import { populateOf } from './deep-populate.js';
import { parseFields } from './parse-fields.js';
import { parseFilters } from './parse-filters.js';
import { parseLocale } from './parse-locale.js';
import { parsePopulate } from './parse-populate.js';
import { parseSort } from './parse-sort.js';
import type { ReadOptions } from './plan-options.js';
import { readLimits } from './read-limits.js';
import { schemaOf } from './schema-of.js';
import type { FindOnePlan } from './types.js';

/**
 *   planFindOne(model, 'api::article.article', 7, { fields: ['title'] }, { canFind })
 *   -> { kind: 'findOne', uid: 'api::article.article', id: 7, fields: ['title'], populate: {}, publicationState: 'live' }
 * `id` undefined: a single type's entry.
 */
export function planFindOne(model: NormalizedModel, uid: string, id: number | undefined, query: ParsedQuery, options: ReadOptions): FindOnePlan {
  const type = schemaOf(model, uid, 'contentType') as ContentType;
  parseFilters(model, uid, query.filters, options);
  parseSort(model, uid, query.sort, options);
  const fields = parseFields(model, uid, query.fields);
  const populate = parsePopulate(model, uid, populateOf(model, uid, query, options), options, readLimits(model, options));
  // by id the entry is whatever its locale (Strapi v4), but a bad locale is still a 400
  const parsed = parseLocale(model, type, query.locale, id !== undefined);
  const locale = id === undefined ? parsed : undefined;
  return deepFreeze({
    kind: 'findOne',
    uid,
    ...(id !== undefined && { id }),
    ...(fields && { fields }),
    populate,
    publicationState: query.publicationState ?? 'live',
    ...(locale !== undefined && { locale }),
    ...(type.localized && options.availableLocales && { availableLocales: true as const }),
    ...(type.populateCreatorFields && options.creators && { creators: true as const }),
  });
}
