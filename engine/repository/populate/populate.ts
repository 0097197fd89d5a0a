/**
 * engine/repository/populate: load a PopulateTree onto entries, level by level: one query per
 * populated attribute per level for all the entries of that level (never one per entry), then the
 * next level on everything just loaded. Unknown populate keys are ignored, as Strapi does.
 * To-one: an Entry or null; to-many: Entry[]; components with `id`; dynamic-zone items with `__component`.
 * The loaders of the other modules get populateEntries as their `next` level, so none imports this one.
 */
import { AVAILABLE_LOCALES_KEY, type Entry, type PopulateSpec, type PopulateTree, type PublicationState } from '../../plan/types.js';
import { FILE_UID } from '../naming.js';
import type { RunContext } from '../run-context.js';
import { linkSides, typeOf, type TypeStorage } from '../storage-map.js';
import { populateComponent, populateDynamicZone } from './populate-components.js';
import { populateLinked } from './populate-linked.js';

export async function populateEntries(ctx: RunContext, type: TypeStorage, entries: Entry[], tree: PopulateTree, state: PublicationState): Promise<void> {
  if (entries.length === 0) return;
  for (const [name, spec] of Object.entries(tree)) {
    const attr = type.attributes[name];
    if (!attr) {
      if (name === 'localizations' && type.localized) await populateLocalizations(ctx, type, entries, spec, state);
      continue;
    }
    switch (attr.kind) {
      case 'relation': {
        const s = linkSides(attr);
        const target = typeOf(ctx.storage, attr.target);
        await populateLinked(ctx, entries, name, attr.toMany, target, spec, spec.publicationState ?? state, {
          table: s.table, owner: s.self, target: s.other, order: s.selfOrder, where: [],
        }, populateEntries);
        break;
      }
      case 'media':
        if (!ctx.storage.morphTable) break;
        await populateLinked(ctx, entries, name, attr.multiple, typeOf(ctx.storage, FILE_UID), spec, 'preview', {
          table: ctx.storage.morphTable, owner: 'related_id', target: 'file_id', order: 'order',
          where: [['related_type', type.uid], ['field', name]],
        }, populateEntries);
        break;
      case 'component':
        await populateComponent(ctx, type, entries, name, attr, spec, state, populateEntries);
        break;
      case 'dynamiczone':
        await populateDynamicZone(ctx, type, entries, name, attr, spec, state, populateEntries);
        break;
      default:
        break;
    }
  }
}

async function populateLocalizations(ctx: RunContext, type: TypeStorage, entries: Entry[], spec: PopulateSpec, state: PublicationState, name = 'localizations'): Promise<void> {
  const l = type.localizations;
  if (!l) return;
  await populateLinked(ctx, entries, name, true, type, spec, state, { table: l.name, owner: l.self, target: l.other, order: l.order, where: [] }, populateEntries);
}

/**
 * The other localizations of each entry, drafts included, as `{ id, locale, publishedAt }` under
 * AVAILABLE_LOCALES_KEY (entry-level `meta.availableLocales`); one query for all the entries.
 */
export async function attachAvailableLocales(ctx: RunContext, type: TypeStorage, entries: Entry[]): Promise<void> {
  if (!type.localized || entries.length === 0) return;
  const fields = ['locale', ...(type.draftAndPublish ? ['publishedAt'] : [])];
  await populateLocalizations(ctx, type, entries, { fields }, 'preview', AVAILABLE_LOCALES_KEY);
}
