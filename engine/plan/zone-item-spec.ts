/**
 * engine/plan: what a dynamic zone's populate asks of one of its components: the `on[uid]` of a
 * detailed populate, else the zone's own populate narrowed to what that component has. The
 * repository loads by it and the answer shapes write by it. Pure.
 */
import type { PopulateSpec } from './types.js';

/** `has`: does the component have this attribute / this scalar field? */
export interface ZoneComponent {
  hasAttribute(name: string): boolean;
  hasField(name: string): boolean;
}

/**
 *   zoneItemSpec({ on: { 'content.quote': { fields: ['text'] } } }, 'content.quote', c) -> { fields: ['text'] }
 *   zoneItemSpec({ populate: { file: {}, author: {} } }, 'content.media', c) -> { populate: { file: {} } }
 */
export function zoneItemSpec(spec: PopulateSpec, uid: string, component: ZoneComponent): PopulateSpec {
  const on = spec.on?.[uid];
  if (on) return on;
  const populate = spec.populate ? Object.fromEntries(Object.entries(spec.populate).filter(([k]) => component.hasAttribute(k))) : undefined;
  const fields = spec.fields?.filter((f) => component.hasField(f));
  return { ...(fields ? { fields } : {}), ...(populate ? { populate } : {}) };
}
