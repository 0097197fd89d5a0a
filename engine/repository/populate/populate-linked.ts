/**
 * engine/repository/populate: one populated attribute stored through a link table (relation, media,
 * component, localizations): load the linked rows of every owner in one query (load-linked.ts),
 * attach them (to-one: an Entry or null; to-many: Entry[]), then hand what was loaded to `next`
 * (populate.ts's populateEntries) for the next level.
 */
import type { Entry, PopulateSpec, PopulateTree, PublicationState } from '../../plan/types.js';
import type { RunContext } from '../run-context.js';
import type { TypeStorage } from '../storage-map.js';
import { loadLinked, type LinkQuery } from './load-linked.js';

/** populate the next level of `entries` (populate.ts's populateEntries) */
export type PopulateNext = (ctx: RunContext, type: TypeStorage, entries: Entry[], tree: PopulateTree, state: PublicationState) => Promise<void>;

/** Load through a link table, attach per owner, then populate the next level. */
export async function populateLinked(
  ctx: RunContext, entries: Entry[], name: string, toMany: boolean, target: TypeStorage, spec: PopulateSpec,
  state: PublicationState, link: LinkQuery, next: PopulateNext,
): Promise<void> {
  const owners = [...new Set(entries.map((e) => e.id))];
  const byOwner = await loadLinked(ctx, owners, target, spec, state, link);
  for (const e of entries) {
    const list = byOwner.get(e.id) ?? [];
    e[name] = toMany ? list : (list[0] ?? null);
  }
  if (spec.populate) await next(ctx, target, [...byOwner.values()].flat(), spec.populate, state);
}
