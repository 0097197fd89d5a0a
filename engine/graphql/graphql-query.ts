/**
 * engine/graphql door: GraphQL arguments -> the request stage's typed ParsedQuery, the same type
 * the REST door builds from a query string, so the planner never learns which door asked. Filter
 * inputs (`{ title: { eq: "x" }, or: [...] }`) become FilterExpr with Strapi's `$` operators,
 * `LIVE` / `PREVIEW` become `live` / `preview`, explicit nulls count as absent, sort strings and
 * pagination read as REST's do. Also the limits GraphQL answers with (`amountLimit`). Pure.
 */
import type { NormalizedModel } from '../../compiler/model/types.js';
import type { PageLimits } from '../plan/plan-options.js';
import { isRecord } from '../request/is-record.js';
import { invalidParameter } from '../request/invalid-parameter.js';
import { paginationQuery } from '../request/pagination-query.js';
import { FILTER_OPERATORS, type FilterExpr, type FilterOperator, type FilterValue, type PaginationQuery, type ParsedQuery, type PopulateNode, type PublicationStateQuery } from '../request/parsed-query.js';
import { sortQuery } from '../request/sort-query.js';

/** the plugin's `defaultLimit` when artifacts built before it was recorded do not say */
const DEFAULT_LIMIT = 10;

const COMPARISONS: ReadonlySet<string> = new Set(FILTER_OPERATORS.map((op) => op.slice(1)));

type Args = Record<string, unknown>;
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** nesting followed before answering 400: `and` / `or` / `not` of a type, and of one attribute */
const MAX_TYPE_DEPTH = 32;
const MAX_ATTRIBUTE_DEPTH = 16;

function value(raw: unknown, key: string): FilterValue {
  if (Array.isArray(raw)) return raw.filter((v) => v !== null && v !== undefined).map((v) => value(v, key));
  if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean') return raw;
  throw invalidParameter(key);
}

const and = (items: FilterExpr[]): FilterExpr | undefined => (items.length === 0 ? undefined : items.length === 1 ? items[0] : { kind: 'and', items });
const present = (v: unknown) => v !== null && v !== undefined;

/**
 * Under the attribute `key`: `{ eq: 1, or: [1, 2], not: {...} }`, or, for a relation, its target's
 * fields too (`depth` counts the nesting under the attribute, `typeDepth` that of the type above).
 */
function attributeLevel(raw: unknown, key: string, depth: number, typeDepth: number): FilterExpr | undefined {
  if (depth > MAX_ATTRIBUTE_DEPTH) throw invalidParameter(key);
  if (!isRecord(raw)) return { kind: 'cmp', op: '$eq', value: value(raw, key) };
  const items: FilterExpr[] = [];
  for (const [k, v] of Object.entries(raw)) {
    if (!present(v)) continue;
    if (k === 'and' || k === 'or') {
      const list = (Array.isArray(v) ? v : [v]).filter(present).map((item) => attributeLevel(item, key, depth + 1, typeDepth)).filter((e): e is FilterExpr => e !== undefined);
      items.push({ kind: k, items: list });
    } else if (k === 'not') {
      const inner = attributeLevel(v, key, depth + 1, typeDepth);
      if (inner) items.push({ kind: 'not', item: inner });
    } else if (COMPARISONS.has(k)) {
      items.push({ kind: 'cmp', op: `$${k}` as FilterOperator, value: value(v, key) });
    } else {
      if (typeDepth + 1 > MAX_TYPE_DEPTH) throw invalidParameter('filters');
      const inner = attributeLevel(v, k, 0, typeDepth + 1);
      if (inner) items.push({ kind: 'field', name: k, filter: inner });
    }
  }
  return and(items);
}

/** A `<Name>FiltersInput`: attribute names and `and` / `or` / `not`. */
function typeLevel(raw: Args, depth: number): FilterExpr | undefined {
  if (depth > MAX_TYPE_DEPTH) throw invalidParameter('filters');
  const items: FilterExpr[] = [];
  for (const [k, v] of Object.entries(raw)) {
    if (!present(v)) continue;
    if (k === 'and' || k === 'or') {
      const list = (Array.isArray(v) ? v : [v]).filter(isRecord).map((item) => typeLevel(item, depth + 1)).filter((e): e is FilterExpr => e !== undefined);
      items.push({ kind: k, items: list });
    } else if (k === 'not') {
      const inner = isRecord(v) ? typeLevel(v, depth + 1) : undefined;
      if (inner) items.push({ kind: 'not', item: inner });
    } else {
      const inner = attributeLevel(v, k, 0, depth);
      if (inner) items.push({ kind: 'field', name: k, filter: inner });
    }
  }
  return and(items);
}

/**
 *   graphqlFilters({ title: { containsi: 'x' }, or: [{ rating: { gt: 3 } }] })
 *   -> { kind: 'and', items: [{ kind: 'field', name: 'title', filter: { kind: 'cmp', op: '$containsi', value: 'x' } }, { kind: 'or', items: [...] }] }
 */
export function graphqlFilters(raw: unknown): FilterExpr | undefined {
  return isRecord(raw) ? typeLevel(raw, 0) : undefined;
}

/** `LIVE` / `PREVIEW` (any case) -> `live` / `preview`; absent -> undefined. */
export function graphqlPublicationState(raw: unknown): PublicationStateQuery | undefined {
  if (!present(raw)) return undefined;
  const lower = typeof raw === 'string' ? raw.toLowerCase() : raw;
  if (lower === 'live' || lower === 'preview') return lower;
  throw invalidParameter('publicationState');
}

function graphqlPagination(raw: unknown): PaginationQuery | undefined {
  return isRecord(raw) ? paginationQuery(raw) : undefined;
}

/** The arguments of a relation or component field (filters, sort, pagination, publicationState) as a populate request. */
export function graphqlPopulateNode(args: Args): PopulateNode {
  const out: Mutable<PopulateNode> = {};
  const filters = graphqlFilters(args.filters);
  if (filters) out.filters = filters;
  const sort = present(args.sort) ? sortQuery(args.sort) : undefined;
  if (sort && sort.length > 0) out.sort = sort;
  const pagination = graphqlPagination(args.pagination);
  if (pagination) out.pagination = pagination;
  const publicationState = graphqlPublicationState(args.publicationState);
  if (publicationState) out.publicationState = publicationState;
  return out;
}

/**
 * The query of a root read: `articles(filters, sort, pagination, publicationState, locale)`, plus
 * what the selection asks (fields, populate) and whether it asks for the count.
 */
export function graphqlQuery(args: Args, selection: Pick<ParsedQuery, 'fields' | 'populate'>, count = true): ParsedQuery {
  const out: Mutable<ParsedQuery> = {};
  const filters = graphqlFilters(args.filters);
  if (filters) out.filters = filters;
  const sort = present(args.sort) ? sortQuery(args.sort) : undefined;
  if (sort) out.sort = sort;
  const pagination = graphqlPagination(args.pagination);
  if (pagination || !count) out.pagination = { ...pagination, ...(!count && { withCount: false }) };
  const publicationState = graphqlPublicationState(args.publicationState);
  if (publicationState) out.publicationState = publicationState;
  if (present(args.locale)) {
    if (typeof args.locale !== 'string') throw invalidParameter('locale');
    out.locale = args.locale;
  }
  if (selection.fields) out.fields = selection.fields;
  if (selection.populate && Object.keys(selection.populate).length > 0) out.populate = selection.populate;
  return out;
}

/**
 * GraphQL's page limits, as the Strapi v4 plugin applies them: its `defaultLimit` (10 unless
 * configured) for a list that asks for none, capped at its `maxLimit` (else `amountLimit`, the documented key).
 */
export function graphqlLimits(model: NormalizedModel): PageLimits {
  const { defaultLimit, maxLimit } = model.config.graphql;
  return { defaultLimit: defaultLimit ?? DEFAULT_LIMIT, maxLimit: maxLimit ?? model.config.graphql.amountLimit, withCount: model.config.rest.withCount };
}

/** How GraphQL reads: its limits, and relation lists (relations, multiple media, repeatable components) paged at the same default. */
export function graphqlPaging(model: NormalizedModel): { limits: PageLimits; relationPages: { defaultLimit: number } } {
  const limits = graphqlLimits(model);
  return { limits, relationPages: { defaultLimit: limits.defaultLimit } };
}
