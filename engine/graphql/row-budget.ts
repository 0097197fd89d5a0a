/**
 * engine/graphql: how many entries one request may ask the repository for, estimated from the plans
 * before they run: an opt-in limit (GRAPHQL_MAX_ROWS; Strapi has none). amountLimit caps each list,
 * but lists nest (100 articles x 100 tags x 100 articles) and aliases repeat them; the estimate
 * multiplies page sizes down each populate path (to-one: 1, dynamic zones: 10 items) and every read
 * of the request draws on one budget. Pure arithmetic on plans.
 */
import { ValidationError } from '../errors/index.js';
import type { FindOnePlan, FindPlan, PagePlan, PopulateTree } from '../plan/types.js';
import { messages } from '../errors/validation-catalog.js';

/** dynamic zones have no pagination: assume this many items per entry */
const ZONE_ITEMS = 10;

const rows = (page: PagePlan | undefined): number => (page ? (page.style === 'page' ? page.pageSize : page.limit) : 1);

/** Entries a populate tree may load for `parents` entries. `estimate({ tags: { page: 10 } }, 100)` -> 1000 */
export function estimateRows(tree: PopulateTree, parents: number): number {
  let total = 0;
  for (const spec of Object.values(tree)) {
    const loaded = parents * (spec.on ? ZONE_ITEMS : rows(spec.page));
    total += loaded;
    if (spec.populate) total += estimateRows(spec.populate, loaded);
    for (const item of Object.values(spec.on ?? {})) if (item.populate) total += estimateRows(item.populate, loaded);
  }
  return total;
}

export class RowBudget {
  private left: number;

  constructor(readonly limit: number) {
    this.left = limit;
  }

  /** Charge a read of `parents` entries (a list's page size, 1 for one entry) with `populate`. */
  charge(parents: number, populate: PopulateTree): void {
    const wanted = parents + estimateRows(populate, parents);
    this.left -= wanted;
    if (this.left < 0) {
      throw new ValidationError(messages.graphqlRowBudget(this.limit - this.left, this.limit), { limit: this.limit });
    }
  }

  chargePlan(plan: FindPlan | FindOnePlan): void {
    this.charge(plan.kind === 'find' ? rows(plan.page) : 1, plan.populate);
  }
}
