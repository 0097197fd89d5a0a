/**
 * engine/plan: PopulateQuery (engine/request) -> PopulateTree, checked against the model. Unknown,
 * private and scalar names are ignored (as Strapi does), so are relations to types the requester may
 * not find; media always populate (Strapi checks only relations). Nested fields/filters/sort are
 * checked like top-level ones; filters/sort apply to relations, media and repeatable components, not
 * to single components or zones. With `options.relationPages`, to-many lists are paged (GraphQL).
 */
import type { ComponentAttribute, DynamicZoneAttribute, NormalizedModel } from '../../compiler/model/types.js';
import type { PopulateNode, PopulateQuery } from '../request/parsed-query.js';
import { LOCALIZATIONS, localizationsField } from './localizations-field.js';
import { mergePopulateTrees } from './merge-populate-trees.js';
import { parseFields } from './parse-fields.js';
import { parseFilters } from './parse-filters.js';
import { parsePagination } from './parse-pagination.js';
import { parseSort } from './parse-sort.js';
import type { PageLimits, ReadOptions } from './plan-options.js';
import { readableField, type ReadableField } from './readable-field.js';
import { schemaOf } from './schema-of.js';
import type { PopulateSpec, PopulateTree } from './types.js';
import { UPLOAD_FILE } from './upload-file.js';

type PopulatableField = Exclude<ReadableField, { kind: 'scalar' }>;

interface Ctx {
  readonly model: NormalizedModel;
  readonly options: ReadOptions;
  readonly limits: PageLimits;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function targetOf(field: Exclude<PopulatableField, { kind: 'dynamiczone' }>): string {
  return field.kind === 'relation' ? field.target : field.kind === 'media' ? UPLOAD_FILE : field.component;
}

function populatable(ctx: Ctx, field: ReadableField | undefined): field is PopulatableField {
  if (!field || field.kind === 'scalar') return false;
  return field.kind !== 'relation' || ctx.options.canFind(field.target);
}

/** One component of a zone, seen as a single component attribute so its spec is planned like one. */
function zoneItem(zone: DynamicZoneAttribute, uid: string): ComponentAttribute {
  return { kind: 'component', name: zone.name, component: uid, repeatable: false, required: false, private: false, localized: zone.localized };
}

/** Dynamic zones: the shared `populate` applies to every component, `on` names per-component specs. */
function planZone(ctx: Ctx, zone: DynamicZoneAttribute, node: PopulateNode, depth: number): PopulateSpec {
  let on: PopulateTree | undefined;
  if (node.populate !== undefined) {
    for (const uid of zone.components) {
      const populate = plan(ctx, uid, node.populate, depth + 1);
      on = mergePopulateTrees(on, { [uid]: Object.keys(populate).length > 0 ? { populate } : {} });
    }
  }
  for (const [uid, item] of Object.entries(node.on ?? {})) {
    if (!zone.components.includes(uid)) continue;
    on = mergePopulateTrees(on, { [uid]: planSpec(ctx, zoneItem(zone, uid), item, depth) });
  }
  return on ? { on } : {};
}

function planSpec(ctx: Ctx, field: PopulatableField, node: PopulateNode, depth: number): PopulateSpec {
  const spec: Mutable<PopulateSpec> = {};
  const list = field.kind === 'relation' ? field.toMany : field.kind === 'media' ? field.multiple : field.kind === 'component' && field.repeatable;
  const pages = ctx.options.relationPages;
  const paged = pages && (pages.relationsOnly ? field.kind === 'relation' && field.toMany : list);
  if (paged) spec.page = parsePagination(node.pagination, { ...ctx.limits, defaultLimit: pages.defaultLimit, withCount: false });
  if (field.kind === 'relation' && node.publicationState !== undefined) spec.publicationState = node.publicationState;
  if (field.kind === 'dynamiczone') return planZone(ctx, field, node, depth);
  const target = targetOf(field);
  const fields = parseFields(ctx.model, target, node.fields);
  if (fields) spec.fields = fields;
  if (field.kind !== 'component' || field.repeatable) {
    const where = parseFilters(ctx.model, target, node.filters, ctx.options);
    if (where) spec.where = where;
    const sort = parseSort(ctx.model, target, node.sort, ctx.options);
    if (sort.length > 0) spec.sort = sort;
  }
  const populate = plan(ctx, target, node.populate, depth + 1);
  if (Object.keys(populate).length > 0) spec.populate = populate;
  return spec;
}

function plan(ctx: Ctx, uid: string, query: PopulateQuery | undefined, depth: number): PopulateTree {
  let tree: PopulateTree = {};
  if (!query) return tree;
  const schema = schemaOf(ctx.model, uid);
  for (const [name, node] of Object.entries(query)) {
    const names = name === '*' ? [...Object.keys(schema.attributes), ...('kind' in schema && schema.localized ? [LOCALIZATIONS] : [])] : [name];
    for (const attr of names) {
      const field = attr === LOCALIZATIONS && 'kind' in schema && schema.localized ? localizationsField(schema.uid) : readableField(schema, attr);
      if (!populatable(ctx, field)) continue;
      tree = mergePopulateTrees(tree, { [attr]: planSpec(ctx, field, node, depth) })!;
    }
  }
  return tree;
}

/**
 *   parsePopulate(model, 'api::article.article', populateQuery(['author', 'seo.metaImage']), opts, limits)
 *   -> { author: {}, seo: { populate: { metaImage: {} } } }
 *   parsePopulate(model, 'api::article.article', { blocks: { on: { 'content.quote': { fields: ['text'] } } } }, opts, limits)
 *   -> { blocks: { on: { 'content.quote': { fields: ['text'] } } } }
 */
export function parsePopulate(model: NormalizedModel, uid: string, query: PopulateQuery | undefined, options: ReadOptions, limits: PageLimits): PopulateTree {
  return plan({ model, options, limits }, uid, query, 0);
}
