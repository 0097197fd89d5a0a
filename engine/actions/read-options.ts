/**
 * engine/actions: how a door reads, besides its query (ReadExtras: its page limits, list paging,
 * entry meta, creator fields, populate-deep, a plan inspector), and the planner's options made of
 * that and the caller's find permissions. Pure.
 */
import type { ReadOptions, PageLimits } from '../plan/index.js';
import type { FindOnePlan, FindPlan } from '../plan/types.js';

/** How a read is answered, besides its query. */
export interface ReadExtras {
  /** page size defaults and caps (GraphQL caps at `amountLimit`); default: `config.rest` */
  readonly limits?: PageLimits;
  /** page populated to-many lists: `defaultLimit` rows unless the populate asks, capped at maxLimit (GraphQL: every list; REST: relations) */
  readonly relationPages?: { readonly defaultLimit: number; readonly relationsOnly?: boolean };
  /** localized types: each entry's other localizations, for `meta.availableLocales` */
  readonly availableLocales?: boolean;
  /** strapi-plugin-populate-deep is on: `populate=deep[,depth]` expands to every attribute (REST) */
  readonly populateDeep?: { readonly defaultDepth: number };
  /** `createdBy` / `updatedBy` on each entry of a type with `populateCreatorFields` */
  readonly creators?: boolean;
  /** sees each plan before it runs and may refuse it (GraphQL's row budget) */
  readonly inspect?: (plan: FindPlan | FindOnePlan) => void;
}

/** the planner's options for a read with `extras` by a caller who may find what `canFind` says */
export const readOptions = (canFind: (uid: string) => boolean, extras: ReadExtras | undefined): ReadOptions => ({
  canFind,
  ...(extras?.limits && { limits: extras.limits }),
  ...(extras?.availableLocales && { availableLocales: true }),
  ...(extras?.creators && { creators: true }),
  ...(extras?.relationPages && { relationPages: extras.relationPages }),
  ...(extras?.populateDeep && { populateDeep: extras.populateDeep }),
});
