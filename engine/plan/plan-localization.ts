/**
 * engine/plan: the i18n plugin's shared attributes. Attributes with `pluginOptions.i18n.localized:
 * false` hold one value for every localization of an entry (relations and uid attributes are always
 * localized, as in Strapi v4). This module plans the read of an entry's shared values and its
 * localizations, turns those values back into a write body (to copy them to a new localization or
 * to keep the others in sync), and plans `POST /api/<plural>/:id/localizations`. Pure.
 */
import type { Attribute, Component, ContentType, NormalizedModel } from '../../compiler/model/types.js';
import { messages, ValidationError } from '../errors/index.js';
import { deepFreeze } from './deep-freeze.js';
import { isRecord } from '../request/is-record.js';
import { planCreate } from './plan-create.js';
import type { WriteOptions } from './plan-options.js';
import type { CreatePlan, Entry, FindOnePlan, PopulateTree } from './types.js';

/** Shared by every localization: not localized, and neither a relation, a uid nor a password. */
export function isShared(attr: Attribute): boolean {
  if (attr.localized || attr.kind === 'relation') return false;
  return !(attr.kind === 'scalar' && (attr.type === 'uid' || attr.type === 'password'));
}

/** `sharedAttributes(product)` -> ['sku', 'price', 'stock', 'dimensions'] (empty on types without i18n). */
export function sharedAttributes(type: ContentType): string[] {
  if (!type.localized) return [];
  return type.order.filter((name) => type.attributes[name] && isShared(type.attributes[name]));
}

/** Does this write body (`data`) set a shared attribute? */
export function touchesShared(type: ContentType, data: Record<string, unknown>): boolean {
  return sharedAttributes(type).some((name) => Object.hasOwn(data, name));
}

const MAX_DEPTH = 10;

/** What to populate to copy `names` of `owner` completely: components deep, links as ids. */
export function copyTree(model: NormalizedModel, owner: ContentType | Component, names: readonly string[], depth: number): PopulateTree {
  const tree: Record<string, PopulateTree[string]> = {};
  if (depth > MAX_DEPTH) return tree;
  for (const name of names) {
    const attr = owner.attributes[name];
    if (!attr) continue;
    if (attr.kind === 'relation' || attr.kind === 'media') tree[name] = { fields: [] };
    else if (attr.kind === 'component') tree[name] = { populate: componentTree(model, attr.component, depth) };
    else if (attr.kind === 'dynamiczone') tree[name] = { on: Object.fromEntries(attr.components.map((uid) => [uid, { populate: componentTree(model, uid, depth) }])) };
  }
  return tree;
}

function componentTree(model: NormalizedModel, uid: string, depth: number): PopulateTree {
  const component = model.components[uid];
  return component ? copyTree(model, component, component.order, depth + 1) : {};
}

/**
 * The read behind a copy or a sync: the entry's locale, publication, shared values and the ids and
 * locales of its other localizations, whatever their publication state.
 *   planReadShared(model, 'api::product.product', 3)
 *   -> { kind: 'findOne', uid, id: 3, fields: ['locale', 'publishedAt', 'sku', ...], populate: { dimensions: {...}, localizations: {...} }, publicationState: 'preview' }
 */
export function planReadShared(model: NormalizedModel, uid: string, id: number): FindOnePlan {
  const type = model.contentTypes[uid];
  const shared = sharedAttributes(type);
  const scalars = shared.filter((name) => type.attributes[name].kind === 'scalar');
  const system = ['locale', ...(type.draftAndPublish ? ['publishedAt'] : [])];
  return {
    kind: 'findOne',
    uid,
    id,
    fields: [...system, ...scalars],
    populate: { ...copyTree(model, type, shared, 0), localizations: { fields: system } },
    publicationState: 'preview',
  };
}

/** The repository's value of one attribute -> the value a write body takes for it. */
function bodyValue(model: NormalizedModel, attr: Attribute, v: unknown): unknown {
  switch (attr.kind) {
    case 'scalar':
      // timestamps come out as epoch-ms strings and go in as dates
      return attr.type === 'timestamp' && typeof v === 'string' && /^-?\d+$/.test(v) ? new Date(Number(v)).toISOString() : v;
    case 'relation':
    case 'media': {
      const many = attr.kind === 'relation' ? attr.toMany : attr.multiple;
      if (many) return ((v as Entry[] | null) ?? []).map((e) => e.id);
      return (v as Entry | null)?.id ?? null;
    }
    case 'component': {
      const component = model.components[attr.component];
      if (v === null || v === undefined) return attr.repeatable ? [] : null;
      return attr.repeatable ? (v as Entry[]).map((c) => valuesOf(model, component, c)) : valuesOf(model, component, v as Entry);
    }
    case 'dynamiczone':
      return ((v as Entry[] | null) ?? []).map((item) => {
        const uid = item.__component as string;
        return { __component: uid, ...valuesOf(model, model.components[uid], item) };
      });
  }
}

function valuesOf(model: NormalizedModel, owner: ContentType | Component, row: Entry, names: readonly string[] = owner.order): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const attr = owner.attributes[name];
    if (!attr || row[name] === undefined) continue;
    out[name] = bodyValue(model, attr, row[name]);
  }
  return out;
}

/** An entry read with planReadShared -> its shared values as a write body's `data` (component ids dropped). */
export function sharedBody(model: NormalizedModel, type: ContentType, entry: Entry): Record<string, unknown> {
  return valuesOf(model, type, entry, sharedAttributes(type));
}

/** The locales an entry and its localizations use (an entry read with planReadShared). */
export function usedLocales(entry: Entry): string[] {
  const others = (entry.localizations as Entry[] | undefined) ?? [];
  return [entry.locale, ...others.map((e) => e.locale)].filter((l): l is string => typeof l === 'string');
}

/**
 * `POST /api/products/3/localizations` with `{ name: 'Chaise', locale: 'fr' }` (an unwrapped body, as
 * Strapi takes it) -> a CreatePlan for the fr entry, linked to entry 3 and its localizations. The
 * shared values are copied from `source` (read with planReadShared) unless the body sends them; relations
 * are not copied. A draft unless the body sends `publishedAt`. Errors are Strapi's: "locale is missing",
 * "locale is invalid", "locale is already used".
 */
export function planCreateLocalization(model: NormalizedModel, uid: string, source: Entry, body: unknown, options: WriteOptions): CreatePlan {
  const type = model.contentTypes[uid];
  const data = isRecord(body) ? body : {};
  const locale = data.locale;
  if (locale === undefined || locale === null || locale === '') throw new ValidationError(messages.localeMissing());
  if (typeof locale !== 'string' || !model.config.i18n.locales.includes(locale)) throw new ValidationError(messages.localeInvalid());
  if (usedLocales(source).includes(locale)) throw new ValidationError(messages.localeUsed());
  const merged: Record<string, unknown> = { ...sharedBody(model, type, source), ...data, locale };
  if (type.draftAndPublish && !Object.hasOwn(data, 'publishedAt')) merged.publishedAt = null;
  return deepFreeze({ ...planCreate(model, uid, { data: merged }, options), localizationOf: source.id });
}
