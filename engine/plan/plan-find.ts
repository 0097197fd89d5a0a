/**
 * engine/plan: a list read (REST GET /api/<plural>, GraphQL `<plural>`, the plugins' lists) ->
 * FindPlan. Takes the typed query of the request stage, checks every part against the model and
 * returns a frozen plan; never touches a database. Errors: 400 ValidationError / PaginationError,
 * 404 for an unknown uid.
 */
import type { ContentType, NormalizedModel } from '../../compiler/model/types.js';
import type { ParsedQuery } from '../request/parsed-query.js';
import { deepFreeze } from './deep-freeze.js';
import { populateOf } from './deep-populate.js';
import { parseFields } from './parse-fields.js';
import { parseFilters } from './parse-filters.js';
import { parseLocale } from './parse-locale.js';
import { parsePagination } from './parse-pagination.js';
import { parsePopulate } from './parse-populate.js';
import { parseSort } from './parse-sort.js';
import type { ReadOptions } from './plan-options.js';
import { readLimits } from './read-limits.js';
import { schemaOf } from './schema-of.js';
import type { FindPlan } from './types.js';

/**
 *   planFind(model, 'api::article.article', parseQuery({ sort: 'title:desc', pagination: { pageSize: '5' } }), { canFind })
 *   -> { kind: 'find', uid: 'api::article.article', sort: [{ path: ['title'], direction: 'desc' }],
 *        page: { style: 'page', page: 1, pageSize: 5, withCount: true }, populate: {}, publicationState: 'live' }
 */
export function planFind(model: NormalizedModel, uid: string, query: ParsedQuery, options: ReadOptions): FindPlan {
  const type = schemaOf(model, uid, 'contentType') as ContentType;
  const limits = readLimits(model, options);
  const where = parseFilters(model, uid, query.filters, options);
  const sort = parseSort(model, uid, query.sort, options);
  const fields = parseFields(model, uid, query.fields);
  const populate = parsePopulate(model, uid, populateOf(model, uid, query, options), options, limits);
  const page = parsePagination(query.pagination, limits);
  const locale = parseLocale(model, type, query.locale);
  return deepFreeze({
    kind: 'find',
    uid,
    ...(where && { where }),
    sort,
    page,
    ...(fields && { fields }),
    populate,
    publicationState: query.publicationState ?? 'live',
    ...(locale !== undefined && { locale }),
    ...(locale !== undefined && options.availableLocales && { availableLocales: true as const }),
    ...(type.populateCreatorFields && options.creators && { creators: true as const }),
  });
}
