/**
 * engine/graphql door: the mutations `create<Name>`, `update<Name>`, `delete<Name>`,
 * `create<Name>Localization`. GraphQL input -> the REST body shape (`{ data }`, enum names and
 * dynamic-zone typenames mapped back) -> the same write actions as REST (engine/actions/entries.ts:
 * transaction, creator stamps, i18n sync, read-back with the selected relations, one change event)
 * -> `{ data: entity }`. A create without `publishedAt` is a draft checked in full; `publishedAt: null`
 * skips the required and minLength checks, as Strapi's GraphQL does (selecting a required attribute
 * the draft lacks is then graphql-js's non-null error, as there). A missing id is a NotFoundError
 * (`extensions.code: STRAPI_NOT_FOUND_ERROR`).
 */
import type { GraphQLResolveInfo } from 'graphql';
import type { Component, ContentType, NormalizedModel } from '../../compiler/model/types.js';
import {
  createEntry as createEntryAction, createLocalization as createLocalizationAction, deleteEntry as deleteEntryAction, updateEntry as updateEntryAction, type ReadBack,
} from '../actions/entries.js';
import type { Entry } from '../plan/types.js';
import { enumValueMap } from './enum-values.js';
import type { EntityValue, GraphqlContext } from './graphql-context.js';
import { tagEntries } from './loaded-entries.js';
import { entityOf, graphqlRead, oneQuery, selectionOf } from './read-entries.js';

type Data = Record<string, unknown>;
const isObject = (v: unknown): v is Data => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Component values inside a dynamic-zone input arrive as JSON: map enum names back to stored values. */
function componentJson(model: NormalizedModel, component: Component, value: unknown): unknown {
  if (!isObject(value)) return value;
  const out: Data = { ...value };
  for (const [name, v] of Object.entries(value)) {
    const attr = component.attributes[name];
    if (!attr) continue;
    if (attr.kind === 'scalar' && attr.type === 'enumeration' && typeof v === 'string') out[name] = enumValueMap(attr.enum ?? [])[v] ?? v;
    else if (attr.kind === 'component') {
      const c = model.components[attr.component];
      out[name] = Array.isArray(v) ? v.map((item) => componentJson(model, c, item)) : componentJson(model, c, v);
    }
  }
  return out;
}

/** Dynamic-zone items name their component by GraphQL type (`__typename: "ComponentContentQuote"`). */
function zoneItem(model: NormalizedModel, allowed: readonly string[], item: unknown): unknown {
  if (!isObject(item)) return item;
  const { __typename, ...rest } = item;
  const uid = typeof item.__component === 'string'
    ? item.__component
    : allowed.find((u) => model.components[u]?.graphql.typeName === __typename) ?? (__typename === undefined ? undefined : String(__typename));
  const component = uid ? model.components[uid] : undefined;
  const mapped = component ? (componentJson(model, component, rest) as Data) : rest;
  return uid === undefined ? mapped : { ...mapped, __component: uid };
}

/** `createArticle(data: {...})` input -> the `data` of a REST body. */
export function writeBody(model: NormalizedModel, type: ContentType, data: unknown, locale?: unknown): { data: Data } {
  const out: Data = isObject(data) ? { ...data } : {};
  for (const [name, value] of Object.entries(out)) {
    const attr = type.attributes[name];
    if (attr?.kind === 'dynamiczone' && Array.isArray(value)) out[name] = value.map((item) => zoneItem(model, attr.components, item));
  }
  if (typeof locale === 'string') out.locale = locale;
  return { data: out };
}

/** The read-back of a mutation from its selection, tagged as read under `preview`. */
function readBack(ctx: GraphqlContext, uid: string, info: GraphQLResolveInfo | undefined) {
  const read = selectionOf(ctx, uid, info);
  const back: ReadBack = { query: oneQuery({}, read), extras: graphqlRead(ctx) };
  const answer = (entry: Entry): { data: EntityValue | null } => {
    tagEntries([entry], read.tags, 'preview');
    return { data: entityOf(entry) };
  };
  return { back, answer };
}

type Result = Promise<{ data: EntityValue | null }>;

/** Created entries are drafts unless `publishedAt` is sent, as Strapi's GraphQL creates them. */
const OPTIONS = { draftByDefault: true } as const;

/** `create<Name>(data)`: a draft-and-publish entry sent without `publishedAt` is a draft, as Strapi's GraphQL makes it. */
export async function createEntry(ctx: GraphqlContext, uid: string, args: Data, info?: GraphQLResolveInfo): Result {
  const body = writeBody(ctx.model, ctx.model.contentTypes[uid], args.data, args.locale);
  const { back, answer } = readBack(ctx, uid, info);
  return answer(await createEntryAction(ctx.runtime.actions, ctx.caller, uid, body, back, OPTIONS));
}

/** `update<Name>(id, data)` (single types: `(data, locale)`, creating the entry when there is none). A missing id is a NotFoundError. */
export async function updateEntry(ctx: GraphqlContext, uid: string, args: Data, info?: GraphQLResolveInfo): Result {
  const body = writeBody(ctx.model, ctx.model.contentTypes[uid], args.data);
  const { back, answer } = readBack(ctx, uid, info);
  return answer(await updateEntryAction(ctx.runtime.actions, ctx.caller, uid, args.id ?? undefined, body, back, { ...OPTIONS, locale: args.locale }));
}

/** `delete<Name>(id)` (single types: `(locale)`): the entry as it was. A missing id is a NotFoundError. */
export async function deleteEntry(ctx: GraphqlContext, uid: string, args: Data, info?: GraphQLResolveInfo): Result {
  const { back, answer } = readBack(ctx, uid, info);
  return answer(await deleteEntryAction(ctx.runtime.actions, ctx.caller, uid, args.id ?? undefined, back, { locale: args.locale }));
}

/**
 * `create<Name>Localization(id, data, locale)`: a new localization of entry `id` (single types: of
 * the entry of any locale), shared values copied, linked to the group; a draft unless `data`
 * publishes it. The errors are REST's ("locale is already used", "Entity not found", ...).
 */
export async function createLocalizationEntry(ctx: GraphqlContext, uid: string, args: Data, info?: GraphQLResolveInfo): Result {
  const { data } = writeBody(ctx.model, ctx.model.contentTypes[uid], args.data, args.locale);
  const { back, answer } = readBack(ctx, uid, info);
  return answer(await createLocalizationAction(ctx.runtime.actions, ctx.caller, uid, args.id ?? undefined, data, back, OPTIONS));
}
