/**
 * engine/graphql: what the root read already loaded onto each entry. The selection set is turned into
 * one populate tree (selection-populate.ts); after the repository answers, every entry is tagged with
 * the attributes loaded for it and the argument set they were loaded with, plus its publication
 * state. A field resolver reads the parent's value when its own arguments match the tag, and loads
 * on demand (relation-loaders.ts) otherwise. Tags are a symbol property: they never reach a client.
 */
import type { Entry, PublicationState } from '../plan/types.js';

/** What was loaded under one attribute: the argument key, and the same for the level below. */
export interface LoadedTag {
  readonly key: string;
  /** relations, media, components: the tags of the loaded entries */
  readonly children?: TagTree;
  /** dynamic zones: per component uid */
  readonly on?: Readonly<Record<string, TagTree>>;
  /** relations with a `publicationState` argument: the state the level below was read with */
  readonly state?: PublicationState;
}

export type TagTree = Readonly<Record<string, LoadedTag>>;

export interface LoadedMeta {
  /** attribute -> argument key it was loaded with */
  readonly loaded: ReadonlyMap<string, string>;
  /** the publication state this entry was read under (nested to-one relations inherit it) */
  readonly state: PublicationState;
}

const META = Symbol('quire.graphql.loaded');

export function loadedMeta(value: unknown): LoadedMeta | undefined {
  return value !== null && typeof value === 'object' ? (value as { [META]?: LoadedMeta })[META] : undefined;
}

function childrenOf(value: unknown): Entry[] {
  if (Array.isArray(value)) return value as Entry[];
  return value !== null && typeof value === 'object' ? [value as Entry] : [];
}

/**
 * Tag `entries` (and everything populated below them) with `tags`.
 *   tagEntries([article], { author: { key: '{}', children: {} } }, 'live')
 *   -> loadedMeta(article) = { loaded: Map { 'author' => '{}' }, state: 'live' }
 */
export function tagEntries(entries: readonly unknown[], tags: TagTree, state: PublicationState): void {
  const loaded = new Map(Object.entries(tags).map(([name, tag]) => [name, tag.key]));
  // one meta object for every entry of the level: they were loaded alike
  const meta: LoadedMeta = { loaded, state };
  for (const entry of entries) {
    if (entry === null || typeof entry !== 'object') continue;
    Object.defineProperty(entry, META, { value: meta, enumerable: false, configurable: true });
    for (const [name, tag] of Object.entries(tags)) {
      const value = (entry as Record<string, unknown>)[name];
      if (tag.children) tagEntries(childrenOf(value), tag.children, tag.state ?? state);
      if (tag.on) {
        for (const item of childrenOf(value)) {
          const uid = (item as { __component?: string }).__component;
          const tree = uid ? tag.on[uid] : undefined;
          if (tree) tagEntries([item], tree, state);
        }
      }
    }
  }
}

/** Arguments as a stable string: same arguments in any key order -> same key. */
export function argumentsKey(args: unknown): string {
  // most fields are selected without arguments: their key needs no serializing
  if (args !== null && typeof args === 'object' && !Array.isArray(args) && isEmpty(args as Record<string, unknown>)) return '{}';
  return JSON.stringify(args, (_key, value: unknown) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const source = value as Record<string, unknown>;
    return Object.fromEntries(Object.keys(source).sort().filter((k) => source[k] !== undefined).map((k) => [k, source[k]]));
  });
}

function isEmpty(o: Record<string, unknown>): boolean {
  for (const k in o) if (o[k] !== undefined) return false;
  return true;
}
