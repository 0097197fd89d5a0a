/**
 * engine/plan: a list request (REST GET /api/<plural>, GraphQL `<plural>`) -> FindPlan. Takes the
 * parsed query (qs output or GraphQL args), checks every parameter against the model and returns a
 * frozen plan; never touches a database. Errors: 400 ValidationError / PaginationError, 404 for an unknown uid.
 */
import type { ContentType, NormalizedModel } from '../../compiler/model/types.js';
import { checkQueryKeys } from './check-query-keys.js';
import { deepFreeze } from './deep-freeze.js';
import { parseFields } from './parse-fields.js';
import { parseFilters } from './parse-filters.js';
import { parseLocale } from './parse-locale.js';
import { parsePagination } from './parse-pagination.js';
import { parsePopulate } from './parse-populate.js';
import { parsePublicationState } from './parse-publication-state.js';
import { parseSort } from './parse-sort.js';
import type { ReadOptions } from './plan-options.js';
import { readLimits } from './read-limits.js';
import { schemaOf } from './schema-of.js';
import type { FindPlan } from './types.js';

/**
 *   planFind(model, 'api::article.article', { sort: 'title:desc', pagination: { pageSize: '5' } }, { canFind })
 *   -> { kind: 'find', uid: 'api::article.article', sort: [{ path: ['title'], direction: 'desc' }],
 *        page: { style: 'page', page: 1, pageSize: 5, withCount: true }, populate: {}, publicationState: 'live' }
 */
export function planFind(model: NormalizedModel, uid: string, query: unknown, options: ReadOptions): FindPlan {
  const type = schemaOf(model, uid, 'contentType') as ContentType;
  const q = checkQueryKeys(query);
  const limits = readLimits(model, options);
  const where = parseFilters(model, uid, q.filters, options);
  const sort = parseSort(model, uid, q.sort, options);
  const fields = parseFields(model, uid, q.fields);
  const populate = parsePopulate(model, uid, q.populate, options, limits);
  const page = parsePagination(q.pagination, limits);
  const publicationState = parsePublicationState(q.publicationState, options.dialect);
  const locale = parseLocale(model, type, q.locale);
  return deepFreeze({
    kind: 'find',
    uid,
    ...(where && { where }),
    sort,
    page,
    ...(fields && { fields }),
    populate,
    publicationState,
    ...(locale !== undefined && { locale }),
    // entry-level meta.availableLocales exists in REST answers only
    ...(locale !== undefined && (options.availableLocales ?? options.dialect !== 'graphql') && { availableLocales: true as const }),
  });
}
