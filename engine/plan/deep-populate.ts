/**
 * engine/plan: what `populate=deep[,depth]` asks for when the project enables the v4 plugin
 * strapi-plugin-populate-deep, as that plugin answers it: every component, dynamic zone (its
 * components' populates merged), media and relation, down to `depth` levels (a level at depth 1 is
 * populated without nesting); relations to a type already reached are not followed again, nor an
 * attribute named like a reached type's collection; `localizations` one level. Written from the
 * plugin's documented behaviour; pure. The plugin's expansion grows about threefold per level, so
 * past MAX_DEEP_NODES populated attributes quire answers 400 (the plugin would read them all).
 */
import type { Component, ContentType, NormalizedModel } from '../../compiler/model/types.js';
import type { ParsedQuery, PopulateNode, PopulateQuery } from '../request/parsed-query.js';
import type { ReadOptions } from './plan-options.js';
import { messages, ValidationError } from '../errors/index.js';
import { mergePopulate } from '../request/populate-query.js';

/** deeper requests are cut here, as every populate is */
export const MAX_DEEP_DEPTH = 20;
/** populated attributes one `populate=deep` may expand to (the example article at depth 5: 268) */
export const MAX_DEEP_NODES = 5000;
const FILE_UID = 'plugin::upload.file';

type Schema = ContentType | Component;

interface Budget {
  left: number;
  readonly depth: number;
}

function full(model: NormalizedModel, schema: Schema, depth: number, reached: string[] | undefined, budget: Budget): PopulateNode {
  if (depth <= 1) return {};
  if (reached && !reached.includes(schema.collectionName)) reached.push(schema.collectionName);
  const populate: Record<string, PopulateNode> = {};
  const names = [...schema.order, ...('kind' in schema && schema.localized ? ['localizations'] : [])];
  for (const name of names) {
    if (reached?.includes(name)) continue;
    if (name === 'localizations' && 'kind' in schema) {
      populate[name] = {};
      continue;
    }
    const attr = schema.attributes[name];
    if (!attr || attr.kind === 'scalar' || (schema.uid === FILE_UID && name === 'related')) continue;
    if (--budget.left < 0) throw new ValidationError(messages.populateDeepTooLarge(budget.depth, MAX_DEEP_NODES));
    if (attr.kind === 'component') {
      const component = model.components[attr.component];
      if (component) populate[name] = full(model, component, depth - 1, undefined, budget);
    } else if (attr.kind === 'dynamiczone') {
      let merged: PopulateQuery | undefined;
      for (const uid of attr.components) {
        const component = model.components[uid];
        if (component) merged = mergePopulate(merged, full(model, component, depth - 1, undefined, budget).populate);
      }
      populate[name] = merged ? { populate: merged } : {};
    } else if (attr.kind === 'relation') {
      const target = model.contentTypes[attr.target];
      if (target) populate[name] = full(model, target, depth - 1, reached, budget);
    } else if (attr.kind === 'media') {
      populate[name] = {};
    }
  }
  return Object.keys(populate).length > 0 ? { populate } : {};
}

/**
 *   deepPopulate(model, 'api::article.article', 2)
 *   -> { author: {}, category: {}, tags: {}, cover: {}, seo: { populate: { metaImage: {} } }, blocks: {...}, ... }
 */
export function deepPopulate(model: NormalizedModel, uid: string, depth: number): PopulateQuery {
  const type = model.contentTypes[uid];
  if (!type) return {};
  const capped = Math.min(depth, MAX_DEEP_DEPTH);
  return full(model, type, capped, [], { left: MAX_DEEP_NODES, depth: capped }).populate ?? {};
}

/** The populate a read plans: the deep expansion when the query asks for it and the plugin is on, else the query's own. */
export function populateOf(model: NormalizedModel, uid: string, query: ParsedQuery, options: ReadOptions): PopulateQuery | undefined {
  if (query.populateDeep && options.populateDeep) return deepPopulate(model, uid, query.populateDeep.depth ?? options.populateDeep.defaultDepth);
  return query.populate;
}
