/**
 * compiler/emit/openapi: which content-types and components the document must describe. Starts from the
 * routed types (every `api` type, plus the user and file records of the plugin routes) and follows
 * public relation, media, component and dynamic-zone attributes. Pure; returns sorted uid lists.
 */
import type { NormalizedModel } from '../../model/types.js';
import { componentOf, contentTypeOf, MEDIA_UID, publicAttributes, targetOf, USER_UID } from './schema-names.js';

export interface Reachable {
  /** types with REST routes of their own (namespace `api`) */
  readonly apiTypes: readonly string[];
  /** types shown in the `{id, attributes}` envelope (api types and everything they populate) */
  readonly entryTypes: readonly string[];
  /** types shown flat (plugin answers: users, files, and what those populate) */
  readonly recordTypes: readonly string[];
  /** types that get filters, fields, sort and populate schemas */
  readonly queryTypes: readonly string[];
  /** components used anywhere in a response */
  readonly components: readonly string[];
  /** components used inside a dynamic zone (they get `__component` item schemas) */
  readonly zoneComponents: readonly string[];
  /** components an api type or the user type can write (they get input schemas) */
  readonly inputComponents: readonly string[];
  /** components writable inside a dynamic zone (they get `__component` input schemas) */
  readonly zoneInputComponents: readonly string[];
}

interface Walk {
  types: Set<string>;
  components: Set<string>;
}

/** Follow public relation, media, component and dynamic-zone attributes from the `seeds` content-types. */
function walk(model: NormalizedModel, seeds: Iterable<string>): Walk {
  const out: Walk = { types: new Set(), components: new Set() };
  const queue: { component: boolean; uid: string }[] = [...seeds].map((uid) => ({ component: false, uid }));
  while (queue.length > 0) {
    const { component, uid } = queue.shift() as { component: boolean; uid: string };
    const seen = component ? out.components : out.types;
    if (seen.has(uid) || (!component && !model.contentTypes[uid])) continue;
    seen.add(uid);
    for (const attr of publicAttributes(component ? componentOf(model, uid) : contentTypeOf(model, uid))) {
      const target = targetOf(attr);
      if (target !== undefined) queue.push({ component: false, uid: target });
      if (attr.kind === 'component') queue.push({ component: true, uid: attr.component });
      if (attr.kind === 'dynamiczone') queue.push(...attr.components.map((c) => ({ component: true, uid: c })));
    }
  }
  return out;
}

const sorted = (s: Iterable<string>): string[] => [...new Set(s)].sort();

export function reachableTypes(model: NormalizedModel): Reachable {
  const apiTypes = sorted(Object.values(model.contentTypes).filter((ct) => ct.namespace === 'api').map((ct) => ct.uid));
  // localized types answer their createLocalization route flat
  const localized = apiTypes.filter((uid) => model.contentTypes[uid].localized);
  const records = walk(model, [USER_UID, MEDIA_UID, ...localized]);
  // components inside flat records keep the content API shape, so their targets need entry schemas
  const recordComponentTargets: string[] = [];
  for (const cuid of records.components) {
    for (const attr of publicAttributes(componentOf(model, cuid))) {
      const target = targetOf(attr);
      if (target !== undefined) recordComponentTargets.push(target);
    }
  }
  const entries = walk(model, [...apiTypes, ...recordComponentTargets]);
  const components = sorted([...entries.components, ...records.components]);
  const zoneComponents: string[] = [];
  for (const uid of [...entries.types, ...records.types, ...components]) {
    const owner = model.contentTypes[uid] ?? model.components[uid];
    for (const attr of publicAttributes(owner)) if (attr.kind === 'dynamiczone') zoneComponents.push(...attr.components);
  }
  const writable = writableComponents(model, apiTypes);
  return {
    apiTypes,
    entryTypes: sorted(entries.types),
    recordTypes: sorted(records.types),
    queryTypes: sorted([...entries.types, ...records.types]),
    components,
    zoneComponents: sorted(zoneComponents),
    inputComponents: sorted(writable.components),
    zoneInputComponents: sorted(writable.zoneComponents),
  };
}

/** Components an api type or the user type can write (private attributes included), directly or nested. */
function writableComponents(model: NormalizedModel, apiTypes: readonly string[]): { components: Set<string>; zoneComponents: Set<string> } {
  const components = new Set<string>();
  const zoneComponents = new Set<string>();
  const queue: string[] = [];
  for (const owner of [...apiTypes, USER_UID].map((u) => model.contentTypes[u]).filter(Boolean)) {
    for (const attr of Object.values(owner.attributes)) {
      if (attr.kind === 'component') queue.push(attr.component);
      if (attr.kind === 'dynamiczone') {
        queue.push(...attr.components);
        for (const c of attr.components) zoneComponents.add(c);
      }
    }
  }
  while (queue.length > 0) {
    const c = queue.shift() as string;
    if (components.has(c) || !model.components[c]) continue;
    components.add(c);
    for (const attr of Object.values(model.components[c].attributes)) if (attr.kind === 'component') queue.push(attr.component);
  }
  return { components, zoneComponents };
}
