/**
 * engine/request: the typed query of a read, what every door hands the planner. The REST door
 * builds it from the query string (parse-query.ts), the GraphQL door from its arguments and the
 * selection set; the planner checks it against the model. Names are as the client wrote them
 * (unchecked), values as sent (strings from a query string, typed values from GraphQL variables):
 * the planner coerces them to each attribute's type. Plain frozen data.
 */

/** Comparison operators of Strapi v4 filters. */
export const FILTER_OPERATORS = [
  '$eq', '$eqi', '$ne', '$nei', '$lt', '$lte', '$gt', '$gte', '$in', '$notIn',
  '$contains', '$notContains', '$containsi', '$notContainsi', '$null', '$notNull',
  '$between', '$startsWith', '$startsWithi', '$endsWith', '$endsWithi',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** A value a filter compares with: a scalar or a list of them (`$in`, `$between`, implicit OR). */
export type FilterValue = string | number | boolean | null | readonly FilterValue[];

/**
 * A filter, at the level of a type (keys are attribute names) or of one attribute (keys are
 * comparisons on its value; for a relation, media or component: on the linked id, or names of the
 * target's attributes). A bare value is `{ op: '$eq' }`, a bare list `{ op: '$in' }`.
 *   filters[author][name][$eq]=Ann  ->  { kind: 'field', name: 'author', filter: { kind: 'field', name: 'name', filter: { kind: 'cmp', op: '$eq', value: 'Ann' } } }
 */
export type FilterExpr =
  | { readonly kind: 'and' | 'or'; readonly items: readonly FilterExpr[] }
  | { readonly kind: 'not'; readonly item: FilterExpr }
  | { readonly kind: 'field'; readonly name: string; readonly filter: FilterExpr }
  | { readonly kind: 'cmp'; readonly op: FilterOperator; readonly value: FilterValue };

/** One sort key: a path of names (`['author', 'name']`) and a direction. */
export interface SortKey {
  readonly path: readonly string[];
  readonly direction: 'asc' | 'desc';
}

/** Pagination as sent, integers already read; defaults, caps and the page/offset rule are the planner's. */
export interface PaginationQuery {
  readonly page?: number;
  readonly pageSize?: number;
  readonly start?: number;
  readonly limit?: number;
  readonly withCount?: boolean;
}

export type PublicationStateQuery = 'live' | 'preview';

/** What to read of one populated attribute. */
export interface PopulateNode {
  /** scalar names to select (undefined: every readable one) */
  readonly fields?: readonly string[];
  readonly filters?: FilterExpr;
  readonly sort?: readonly SortKey[];
  /** nested attributes; the key `*` stands for every populatable attribute */
  readonly populate?: PopulateQuery;
  /** dynamic zones: per component uid (the detailed strategy) */
  readonly on?: Readonly<Record<string, PopulateNode>>;
  /** a page of a to-many relation (GraphQL relation arguments) */
  readonly pagination?: PaginationQuery;
  /** the publication state of a relation's entries (GraphQL relation argument); absent: the parent read's */
  readonly publicationState?: PublicationStateQuery;
}

/** attribute name (or `*`) -> what to read of it; absent names are not populated */
export type PopulateQuery = Readonly<Record<string, PopulateNode>>;

export interface ParsedQuery {
  readonly filters?: FilterExpr;
  readonly sort?: readonly SortKey[];
  readonly pagination?: PaginationQuery;
  /** undefined: every readable scalar */
  readonly fields?: readonly string[];
  readonly populate?: PopulateQuery;
  /**
   * `populate=deep` or `deep,<depth>` (the strapi-plugin-populate-deep form): the planner expands it
   * when the project enables that plugin; otherwise `populate` (where `deep` is an unknown name) applies
   */
  readonly populateDeep?: { readonly depth?: number };
  readonly publicationState?: PublicationStateQuery;
  /** a locale code, `all`, or absent (the default locale on localized types) */
  readonly locale?: string;
}

export const EMPTY_QUERY: ParsedQuery = Object.freeze({});
