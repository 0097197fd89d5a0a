/**
 * engine/plan: plans are frozen plain data with a `kind` tag. The request stage builds them from a
 * parsed query or body (checked against the model: names exist, are not private, operators known,
 * limits applied); the repository runs them. No knex, no functions, no I/O in here.
 */

/** Comparison operators of Strapi v4 filters. */
export const OPERATORS = [
  '$eq', '$eqi', '$ne', '$nei', '$lt', '$lte', '$gt', '$gte', '$in', '$notIn',
  '$contains', '$notContains', '$containsi', '$notContainsi', '$null', '$notNull',
  '$between', '$startsWith', '$startsWithi', '$endsWith', '$endsWithi',
] as const;
export type Operator = (typeof OPERATORS)[number];

/**
 * A filter tree. `cmp` compares a column of the current type (an attribute name, or id / createdAt /
 * updatedAt / publishedAt); `relation` and `component` step into a related type or a component and
 * hold when at least one linked row satisfies `where` (`$null`/`$notNull` on the link itself are
 * expressed as `{ kind: 'exists', negate }`).
 * Values are already coerced to the attribute's type (numbers, booleans, ISO strings, arrays for
 * $in/$notIn/$between, boolean for $null/$notNull).
 */
export type WhereNode =
  | { readonly kind: 'and'; readonly nodes: readonly WhereNode[] }
  | { readonly kind: 'or'; readonly nodes: readonly WhereNode[] }
  | { readonly kind: 'not'; readonly node: WhereNode }
  | { readonly kind: 'cmp'; readonly field: string; readonly op: Operator; readonly value: unknown }
  | { readonly kind: 'relation'; readonly attribute: string; readonly target: string; readonly where: WhereNode }
  | { readonly kind: 'component'; readonly attribute: string; readonly component: string; readonly where: WhereNode }
  | { readonly kind: 'exists'; readonly attribute: string; readonly negate: boolean };

/**
 * One sort key. `path` is the field, possibly reached through to-one relations or single components:
 * `['title']`, `['author', 'name']`. NULLs sort first ascending and last descending on every database.
 */
export interface SortItem {
  readonly path: readonly string[];
  readonly direction: 'asc' | 'desc';
}

/** Pagination after defaults and clamping. `style` says which meta form to answer with. */
export type PagePlan =
  | { readonly style: 'page'; readonly page: number; readonly pageSize: number; readonly withCount: boolean }
  | { readonly style: 'offset'; readonly start: number; readonly limit: number; readonly withCount: boolean };

/** What to load for one populated attribute. */
export interface PopulateSpec {
  /** scalar fields to select from the target (undefined: all non-private) */
  readonly fields?: readonly string[];
  readonly where?: WhereNode;
  readonly sort?: readonly SortItem[];
  readonly populate?: PopulateTree;
  /** dynamic zones, detailed strategy: per component uid */
  readonly on?: Readonly<Record<string, PopulateSpec>>;
  /** relation lists only (GraphQL relation arguments) */
  readonly page?: PagePlan;
  /** GraphQL relation argument `publicationState`; absent: the parent read's state */
  readonly publicationState?: PublicationState;
}

/** attribute name -> what to load; absent attributes are not populated. */
export type PopulateTree = Readonly<Record<string, PopulateSpec>>;

export type PublicationState = 'live' | 'preview';

export interface FindPlan {
  readonly kind: 'find';
  readonly uid: string;
  readonly where?: WhereNode;
  readonly sort: readonly SortItem[];
  readonly page: PagePlan;
  /** scalar fields to return besides id; undefined: every non-private scalar */
  readonly fields?: readonly string[];
  readonly populate: PopulateTree;
  readonly publicationState: PublicationState;
  /** localized types: a locale code or 'all' (the planner fills in the default locale) */
  readonly locale?: string;
  /** localized types: attach each entry's other localizations (`{ id, locale, publishedAt }`) for its meta */
  readonly availableLocales?: true;
  /** types with `populateCreatorFields`: `createdBy` / `updatedBy` (`{ id, firstname, lastname }` or null) on each entry */
  readonly creators?: true;
}

export interface FindOnePlan {
  readonly kind: 'findOne';
  readonly uid: string;
  /** undefined for single types (the one entry) */
  readonly id?: number;
  readonly fields?: readonly string[];
  readonly populate: PopulateTree;
  readonly publicationState: PublicationState;
  /** single types: the locale of the entry to read; by id the locale does not apply */
  readonly locale?: string;
  readonly availableLocales?: true;
  readonly creators?: true;
}

/** Position of a connected relation among the owner's links. */
export type RelationPosition =
  | { readonly before: number }
  | { readonly after: number }
  | { readonly start: true }
  | { readonly end: true };

export type RelationWrite =
  | { readonly kind: 'set'; readonly ids: readonly number[] }
  | {
      readonly kind: 'connect';
      readonly connect: readonly { readonly id: number; readonly position?: RelationPosition }[];
      readonly disconnect: readonly number[];
    };

export interface ComponentWrite {
  /** present: update that component row; absent: create one */
  readonly id?: number;
  readonly data: WriteData;
}

export interface DynamicZoneItemWrite extends ComponentWrite {
  readonly component: string;
}

/** Validated, coerced input of one entry or component (only the keys that were sent). */
export interface WriteData {
  /** attribute name -> coerced value (null clears) */
  readonly scalars: Readonly<Record<string, unknown>>;
  readonly relations: Readonly<Record<string, RelationWrite>>;
  /** media attribute -> file ids in order (single media: zero or one id) */
  readonly media: Readonly<Record<string, readonly number[]>>;
  readonly components: Readonly<Record<string, ComponentWrite | readonly ComponentWrite[] | null>>;
  readonly dynamicZones: Readonly<Record<string, readonly DynamicZoneItemWrite[]>>;
}

export interface CreatePlan {
  readonly kind: 'create';
  readonly uid: string;
  readonly data: WriteData;
  /** draft-and-publish types: publishedAt to store (ISO string) or null for a draft */
  readonly publishedAt?: string | null;
  /** localized types: the entry's locale (the default locale when the body has none) */
  readonly locale?: string;
  /** a new localization of this entry: link it to the entry and to all of the entry's localizations */
  readonly localizationOf?: number;
  /** the admin user behind the write (an admin's API token): written to created_by_id and updated_by_id with the row */
  readonly admin?: number;
}

export interface UpdatePlan {
  readonly kind: 'update';
  readonly uid: string;
  /** undefined for single types */
  readonly id?: number;
  readonly data: WriteData;
  /** undefined: leave publication as it is */
  readonly publishedAt?: string | null;
  /** `data.locale` as sent (localized types only); the handler refuses it when it differs from the entry's */
  readonly locale?: string;
  /** the admin user behind the write (an admin's API token): written to updated_by_id with the row */
  readonly admin?: number;
}

export interface DeletePlan {
  readonly kind: 'delete';
  readonly uid: string;
  readonly id?: number;
}

export type Plan = FindPlan | FindOnePlan | CreatePlan | UpdatePlan | DeletePlan;

/**
 * An entry as the repository returns it: flat, `id` plus each selected scalar with one value shape
 * on every database (biginteger and timestamp as strings, decimal/float as numbers, date 'YYYY-MM-DD',
 * time 'HH:mm:ss.SSS', datetime ISO with milliseconds and Z, json parsed, boolean as boolean), and,
 * for populated attributes: an Entry or null (to-one), Entry[] (to-many), a component object with
 * `id` (or an array), dynamic-zone items with `__component`.
 */
export type Entry = { id: number } & Record<string, unknown>;

/** Key under which the repository attaches an entry's other localizations when a plan asks for them. */
export const AVAILABLE_LOCALES_KEY = '__availableLocales';
