/**
 * engine/graphql door: on-demand loading of one attribute for many entries, batched with DataLoader: used
 * when a field's arguments differ from what the root read populated (aliases), or when an extension
 * resolver returned entries without it. One batch per (type, attribute, arguments, selection) per
 * tick (at most `amountLimit` parents, the size of a list): the parents are re-read by id with only
 * that attribute populated (the find action), so N parents still cost one query per relation per level.
 */
import DataLoader from 'dataloader';
import type { Component, ContentType, NormalizedModel } from '../../compiler/model/types.js';
import type { ActionContext, Caller } from '../actions/action-context.js';
import { findEntries, type ReadExtras } from '../actions/entries.js';
import type { Entry, PublicationState } from '../plan/types.js';
import type { ParsedQuery, PopulateNode, PopulateQuery } from '../request/parsed-query.js';
import { argumentsKey, tagEntries, type LoadedTag } from './loaded-entries.js';

export class RelationLoaders {
  private readonly loaders = new Map<string, DataLoader<number, unknown>>();

  constructor(private readonly actions: ActionContext, private readonly caller: Caller, private readonly read: ReadExtras) {}

  /**
   * The value of `attribute` of entry `id` of `uid`, loaded with the populate `request` and tagged
   * with `tag`, its parent read under `state`.
   */
  load(uid: string, attribute: string, request: PopulateNode, tag: LoadedTag, state: PublicationState, id: number): Promise<unknown> {
    const key = `${uid}\u0000${attribute}\u0000${state}\u0000${argumentsKey(request)}`;
    let loader = this.loaders.get(key);
    if (!loader) {
      loader = new DataLoader<number, unknown>((ids) => this.batch(uid, attribute, request, tag, state, ids), { maxBatchSize: this.actions.model.config.graphql.amountLimit });
      this.loaders.set(key, loader);
    }
    return loader.load(id);
  }

  private async batch(uid: string, attribute: string, request: PopulateNode, tag: LoadedTag, state: PublicationState, ids: readonly number[]): Promise<unknown[]> {
    const size = ids.length;
    const { model } = this.actions;
    const populate = pinState(model, model.contentTypes[uid], { [attribute]: request }, state);
    // parents of any locale (locale 'all'; types without i18n ignore it), by id
    const query: ParsedQuery = {
      filters: { kind: 'field', name: 'id', filter: { kind: 'cmp', op: '$in', value: [...ids] } },
      fields: [], populate, pagination: { page: 1, pageSize: size, withCount: false }, publicationState: 'preview', locale: 'all',
    };
    const { entries } = await findEntries(this.actions, this.caller, uid, query, this.read);
    tagEntries(entries, { [attribute]: tag }, state);
    const byId = new Map<number, Entry>(entries.map((e) => [e.id, e]));
    return ids.map((id) => byId.get(id)?.[attribute] ?? null);
  }
}

/**
 * The parents are re-read under `preview` (they were already shown); relations below that carry no
 * `publicationState` of their own get the state the parents were read with, through components and zones.
 */
function pinState(model: NormalizedModel, schema: ContentType | Component | undefined, populate: PopulateQuery | undefined, state: PublicationState): PopulateQuery | undefined {
  if (!schema || !populate) return undefined;
  const out: Record<string, PopulateNode> = {};
  for (const [name, node] of Object.entries(populate)) {
    const attr = schema.attributes[name];
    let spec: PopulateNode = node;
    if (attr?.kind === 'relation') spec = { ...node, publicationState: node.publicationState ?? state };
    else if (attr?.kind === 'component') {
      const nested = pinState(model, model.components[attr.component], node.populate, state);
      if (nested) spec = { ...node, populate: nested };
    } else if (attr?.kind === 'dynamiczone' && node.on) {
      spec = {
        ...node,
        on: Object.fromEntries(Object.entries(node.on).map(([uid, item]) => {
          const nested = pinState(model, model.components[uid], item.populate, state);
          return [uid, nested ? { ...item, populate: nested } : item];
        })),
      };
    }
    out[name] = spec;
  }
  return out;
}
