/**
 * engine/plan: the planners' public face. The action layer imports from here; the parsers behind
 * them stay internal. Plans are frozen plain data (see types.ts); reads take the request stage's
 * typed ParsedQuery (engine/request/parsed-query.ts).
 */
export { planFind } from './plan-find.js';
export { planFindOne } from './plan-find-one.js';
export { planCreate } from './plan-create.js';
export { planUpdate } from './plan-update.js';
export { parseFields } from './parse-fields.js';
export { parseFilters } from './parse-filters.js';
export { parseSort } from './parse-sort.js';
export { parsePagination } from './parse-pagination.js';
export { parsePopulate } from './parse-populate.js';
export { localizationsField } from './localizations-field.js';
export { ALL_LOCALES, parseLocale } from './parse-locale.js';
export { planCreateLocalization, planReadShared, sharedAttributes, sharedBody, touchesShared } from './plan-localization.js';
export type { PageLimits, ReadOptions, WriteOptions } from './plan-options.js';
export * from './types.js';
export { planReadPublishable, publishIssues } from './check-publishable.js';
