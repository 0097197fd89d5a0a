/**
 * engine/plan: the options every planner takes besides the model and the query. Read plans need to
 * know which types the requester may `find` (populate and relation filters respect it) and the page
 * limits and list paging the caller answers with; write plans need the clock, injected so plans stay
 * deterministic. Nothing here says which door asked: each door states what it answers with.
 */

/** Pagination defaults and caps (REST: `config.rest`; GraphQL: capped at `config.graphql.amountLimit`). */
export interface PageLimits {
  readonly defaultLimit: number;
  readonly maxLimit: number;
  readonly withCount: boolean;
}

export interface ReadOptions {
  /** may the requester `find` entries of this content-type uid? (media are not asked, as in Strapi) */
  readonly canFind: (uid: string) => boolean;
  /** overrides the limits taken from the model config (`config.rest`) */
  readonly limits?: PageLimits;
  /** localized types: attach each entry's other localizations for its `meta.availableLocales` */
  readonly availableLocales?: boolean;
  /** types with `populateCreatorFields`: `createdBy` / `updatedBy` on each entry (REST) */
  readonly creators?: boolean;
  /**
   * page populated to-many lists: `defaultLimit` rows unless the populate asks, never more than the
   * read's `maxLimit` (`-1`: up to it); every list (relations, multiple media, repeatable components:
   * GraphQL) or, with `relationsOnly`, to-many relations only (REST, whose other lists are whole)
   */
  readonly relationPages?: { readonly defaultLimit: number; readonly relationsOnly?: boolean };
  /** strapi-plugin-populate-deep is on: `populate=deep[,depth]` expands to every attribute down to that depth */
  readonly populateDeep?: { readonly defaultDepth: number };
}

export interface WriteOptions {
  /** the moment of the request: create publishes draft-and-publish entries at this time */
  readonly now: Date;
  /**
   * validate drafts like published entries. By default a draft skips the required and minLength
   * checks, as Strapi v4's entity validator does (types, enumerations, max, regex still apply): a
   * create with `publishedAt: null`, an update of an entry that is and stays a draft (`draft`).
   */
  readonly strictDrafts?: boolean;
  /**
   * update: the entry is a draft now (its state before the write, as Strapi decides). It stays lenient
   * unless the body publishes it (`publishedAt` set to a date): publishing runs the full checks.
   */
  readonly draft?: boolean;
  /**
   * a draft-and-publish entry created without `publishedAt` is a draft (Strapi v4's GraphQL creates
   * drafts); unset, it is published at `now` (Strapi v4's REST)
   */
  readonly draftByDefault?: boolean;
}
