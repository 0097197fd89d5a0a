/**
 * engine/plan: two requests for the same attribute ('seo' and 'seo.metaImage') become one
 * PopulateSpec: nested trees and `on` maps merge key by key; for fields, where, sort and page the
 * later request wins. Pure; returns new objects.
 */
import type { PopulateSpec, PopulateTree } from './types.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function mergeSpec(a: PopulateSpec, b: PopulateSpec): PopulateSpec {
  const out: Mutable<PopulateSpec> = { ...a };
  for (const key of ['fields', 'where', 'sort', 'page'] as const) {
    if (b[key] !== undefined) (out as Record<string, unknown>)[key] = b[key];
  }
  const populate = mergePopulateTrees(a.populate, b.populate);
  if (populate) out.populate = populate;
  const on = mergePopulateTrees(a.on, b.on);
  if (on) out.on = on;
  return out;
}

/**
 *   mergePopulateTrees({ seo: {} }, { seo: { populate: { metaImage: {} } } })
 *   -> { seo: { populate: { metaImage: {} } } }
 */
export function mergePopulateTrees(a: PopulateTree | undefined, b: PopulateTree | undefined): PopulateTree | undefined {
  if (!a) return b;
  if (!b) return a;
  const out: Record<string, PopulateSpec> = { ...a };
  for (const key of Object.keys(b)) out[key] = Object.hasOwn(out, key) ? mergeSpec(out[key], b[key]) : b[key];
  return out;
}
