/**
 * engine/plan: `populate` -> PopulateTree, checked against the model. Unknown, private and scalar
 * names are ignored (as Strapi does), so are relations to types the requester may not find; media
 * always populate (Strapi checks only relations). Nested fields/filters/sort are validated like top-level
 * ones; filters/sort apply to relations, media and repeatable components, not to single components or zones.
 */
import type { ComponentAttribute, DynamicZoneAttribute, NormalizedModel } from '../../compiler/model/types.js';
import { ValidationError } from '../errors/errors.js';
import { isRecord } from './is-record.js';
import { mergePopulateTrees } from './merge-populate-trees.js';
import { parseFields } from './parse-fields.js';
import { parseFilters } from './parse-filters.js';
import { parsePagination } from './parse-pagination.js';
import { parsePublicationState } from './parse-publication-state.js';
import { parseSort } from './parse-sort.js';
import type { PageLimits, ReadOptions } from './plan-options.js';
import { populateEntries, type PopulateRequest } from './populate-entries.js';
import { readableField, type ReadableField } from './readable-field.js';
import { schemaOf } from './schema-of.js';
import type { PopulateSpec, PopulateTree } from './types.js';

const UPLOAD_FILE = 'plugin::upload.file';
/** populate levels followed before answering 400 (the contract sets no limit; a hostile one must end) */
const MAX_POPULATE_DEPTH = 20;
/** GraphQL lists (relations, multiple media, repeatable components) answer 10 rows unless paginated (FACTS) */
const RELATION_PAGE_SIZE = 10;

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

const LOCALIZATIONS = 'localizations';

/** `localizations` of a localized type: a to-many relation to the type itself (Strapi v4's i18n plugin). */
export function localizationsField(uid: string): Exclude<PopulatableField, { kind: 'component' | 'media' | 'dynamiczone' }> {
  return {
    kind: 'relation', name: LOCALIZATIONS, relation: 'oneToMany', target: uid, toMany: true, owner: true,
    joinTable: undefined as never, required: false, private: false, localized: true,
  };
}

/** One component of a zone, seen as a single component attribute so its spec is planned like one. */
function zoneItem(zone: DynamicZoneAttribute, uid: string): ComponentAttribute {
  return { kind: 'component', name: zone.name, component: uid, repeatable: false, required: false, private: false, localized: zone.localized };
}

/** Dynamic zones: the shared `populate` applies to every component, `on` names per-component specs. */
function planZone(ctx: Ctx, zone: DynamicZoneAttribute, req: Record<string, unknown>, depth: number): PopulateSpec {
  let on: PopulateTree | undefined;
  if (req.populate !== undefined) {
    for (const uid of zone.components) {
      const populate = plan(ctx, uid, req.populate, depth + 1);
      on = mergePopulateTrees(on, { [uid]: Object.keys(populate).length > 0 ? { populate } : {} });
    }
  }
  if (isRecord(req.on)) {
    for (const uid of Object.keys(req.on)) {
      if (!zone.components.includes(uid)) continue;
      const entry = populateEntries({ [uid]: req.on[uid] })[0][1];
      if (entry === false) continue;
      on = mergePopulateTrees(on, { [uid]: planSpec(ctx, zoneItem(zone, uid), entry, depth) });
    }
  }
  return on ? { on } : {};
}

function planSpec(ctx: Ctx, field: PopulatableField, req: PopulateRequest, depth: number): PopulateSpec {
  const spec: Mutable<PopulateSpec> = {};
  const list = field.kind === 'relation' ? field.toMany : field.kind === 'media' ? field.multiple : field.kind === 'component' && field.repeatable;
  if (ctx.options.dialect === 'graphql' && list) {
    spec.page = parsePagination(isRecord(req) ? req.pagination : undefined, { ...ctx.limits, defaultLimit: RELATION_PAGE_SIZE, withCount: false });
  }
  if (!isRecord(req)) return spec;
  if (ctx.options.dialect === 'graphql' && field.kind === 'relation' && req.publicationState !== undefined && req.publicationState !== null) {
    spec.publicationState = parsePublicationState(req.publicationState, 'graphql');
  }
  if (field.kind === 'dynamiczone') return planZone(ctx, field, req, depth);
  const target = targetOf(field);
  const fields = parseFields(ctx.model, target, req.fields);
  if (fields) spec.fields = fields;
  if (field.kind !== 'component' || field.repeatable) {
    const where = parseFilters(ctx.model, target, req.filters, ctx.options);
    if (where) spec.where = where;
    const sort = parseSort(ctx.model, target, req.sort, ctx.options);
    if (sort.length > 0) spec.sort = sort;
  }
  const populate = plan(ctx, target, req.populate, depth + 1);
  if (Object.keys(populate).length > 0) spec.populate = populate;
  return spec;
}

function plan(ctx: Ctx, uid: string, raw: unknown, depth: number): PopulateTree {
  if (depth > MAX_POPULATE_DEPTH) throw new ValidationError(`populate is nested deeper than ${MAX_POPULATE_DEPTH} levels`);
  const schema = schemaOf(ctx.model, uid);
  let tree: PopulateTree = {};
  for (const [name, req] of populateEntries(raw)) {
    if (req === false) continue;
    const names = name === '*' ? [...Object.keys(schema.attributes), ...('kind' in schema && schema.localized ? [LOCALIZATIONS] : [])] : [name];
    for (const attr of names) {
      const field = attr === LOCALIZATIONS && 'kind' in schema && schema.localized ? localizationsField(schema.uid) : readableField(schema, attr);
      if (!populatable(ctx, field)) continue;
      tree = mergePopulateTrees(tree, { [attr]: planSpec(ctx, field, req, depth) })!;
    }
  }
  return tree;
}

/**
 *   parsePopulate(model, 'api::article.article', ['author', 'seo.metaImage'], opts)
 *   -> { author: {}, seo: { populate: { metaImage: {} } } }
 *   parsePopulate(model, 'api::article.article', { blocks: { on: { 'content.quote': { fields: ['text'] } } } }, opts)
 *   -> { blocks: { on: { 'content.quote': { fields: ['text'] } } } }
 */
export function parsePopulate(model: NormalizedModel, uid: string, raw: unknown, options: ReadOptions, limits: PageLimits): PopulateTree {
  return plan({ model, options, limits }, uid, raw, 0);
}
