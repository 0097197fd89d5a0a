/**
 * engine/actions: the plans of reads remembered per query. A plan is a pure function of the model,
 * the typed query, the read extras, the locales and the caller's find permissions the planner asks
 * about (populated, filtered and sorted relations). A door that hands out the same frozen query
 * object for the same request (REST: engine/http/query-cache.ts) gets the plan made for it the first
 * time, as long as the same extras are used, the locales are the same (they change on a database
 * Strapi manages) and every permission the planner asked about still answers the same for this
 * caller (asked again on each use: a role changed in the admin takes effect at once). Queries that
 * are not frozen (GraphQL arguments, project code) are planned every time. A plan that fails is not
 * remembered. Per query and read at most VARIANTS plans (callers with different permissions).
 */
import type { I18nConfig } from '../../compiler/model/types.js';
import type { ParsedQuery } from '../request/parsed-query.js';
import type { Caller } from './action-context.js';

const VARIANTS = 4;

interface Remembered<P> {
  readonly extras: object | undefined;
  readonly defaultLocale: string;
  readonly locales: readonly string[];
  /** the find permissions the planner asked about, with their answers */
  readonly checks: readonly (readonly [string, boolean])[];
  readonly plan: P;
}

export class ReadPlans {
  private readonly byQuery = new WeakMap<ParsedQuery, Map<string, Remembered<unknown>[]>>();

  constructor(private readonly i18n: I18nConfig) {}

  /**
   * The plan `make` makes for `read` (the action and uid, e.g. `find api::tag.tag`) of `query`
   * with the caller's `canFind`: remembered when `query` is frozen.
   *   plans.plan(query, 'find api::tag.tag', caller, extras, (canFind) => planFind(model, uid, query, { canFind }))
   */
  plan<P>(query: ParsedQuery, read: string, caller: Caller, extras: object | undefined, make: (canFind: (uid: string) => boolean) => P): P {
    if (!Object.isFrozen(query)) return make(caller.canFind);
    const { defaultLocale, locales } = this.i18n;
    let reads = this.byQuery.get(query);
    const variants = reads?.get(read);
    if (variants) {
      for (const r of variants) {
        if (r.extras === extras && r.defaultLocale === defaultLocale && r.locales === locales && r.checks.every(([uid, can]) => caller.canFind(uid) === can)) return r.plan as P;
      }
    }
    const checks: [string, boolean][] = [];
    const plan = make((uid) => {
      const can = caller.canFind(uid);
      if (!checks.some(([u]) => u === uid)) checks.push([uid, can]);
      return can;
    });
    if (!reads) this.byQuery.set(query, (reads = new Map()));
    const list = variants ?? [];
    if (list.length >= VARIANTS) list.shift();
    list.push({ extras, defaultLocale, locales, checks, plan });
    reads.set(read, list);
    return plan;
  }
}
