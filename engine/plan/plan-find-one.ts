/**
 * engine/plan: a one-entry request (REST GET /api/<plural>/:id or /api/<single>, GraphQL `<name>`)
 * -> FindOnePlan. filters and sort are validated as for a list (a bad one is still 400, as in Strapi)
 * but do not apply; pagination is ignored. A bad id -> 404. Pure; never touches a database.
 */
import type { NormalizedModel } from '../../compiler/model/types.js';
import { checkQueryKeys } from './check-query-keys.js';
import { deepFreeze } from './deep-freeze.js';
import { parseEntryId } from './parse-entry-id.js';
import { parseFields } from './parse-fields.js';
import { parseFilters } from './parse-filters.js';
import { parseLocale } from './parse-locale.js';
import { parsePopulate } from './parse-populate.js';
import { parsePublicationState } from './parse-publication-state.js';
import { parseSort } from './parse-sort.js';
import type { ReadOptions } from './plan-options.js';
import { readLimits } from './read-limits.js';
import { schemaOf } from './schema-of.js';
import type { ContentType } from '../../compiler/model/types.js';
import type { FindOnePlan } from './types.js';

/**
 *   planFindOne(model, 'api::article.article', '7', { fields: ['title'] }, { canFind })
 *   -> { kind: 'findOne', uid: 'api::article.article', id: 7, fields: ['title'], populate: {}, publicationState: 'live' }
 */
export function planFindOne(model: NormalizedModel, uid: string, id: string | number | undefined, query: unknown, options: ReadOptions): FindOnePlan {
  const type = schemaOf(model, uid, 'contentType') as ContentType;
  const entryId = parseEntryId(type, id);
  const q = checkQueryKeys(query);
  parseFilters(model, uid, q.filters, options);
  parseSort(model, uid, q.sort, options);
  const fields = parseFields(model, uid, q.fields);
  const populate = parsePopulate(model, uid, q.populate, options, readLimits(model, options));
  const publicationState = parsePublicationState(q.publicationState, options.dialect);
  // by id the entry is whatever its locale (Strapi v4), but a bad locale is still a 400
  const parsed = parseLocale(model, type, q.locale, entryId !== undefined);
  const locale = entryId === undefined ? parsed : undefined;
  return deepFreeze({
    kind: 'findOne',
    uid,
    ...(entryId !== undefined && { id: entryId }),
    ...(fields && { fields }),
    populate,
    publicationState,
    ...(locale !== undefined && { locale }),
    ...(type.localized && (options.availableLocales ?? options.dialect !== 'graphql') && { availableLocales: true as const }),
  });
}
