/**
 * engine/graphql: the mutations `create<Name>`, `update<Name>`, `delete<Name>` (single types: update
 * creates the entry when there is none). GraphQL input -> the REST body shape -> planCreate/planUpdate
 * -> one transaction that writes, records the admin behind the token (createdBy/updatedBy, as REST
 * does; GraphQL never returns them) and reads the entry back with the selected relations populated.
 * Drafts are validated like published entries (`strictDrafts`): the SDL declares required attributes
 * non-null, so a draft without them could not be read. A missing entry answers `{ data: null }`, as
 * Strapi's GraphQL does.
 */
import type { GraphQLResolveInfo } from 'graphql';
import type { Component, ContentType, NormalizedModel } from '../../compiler/model/types.js';
import { stampCreator } from '../auth/stamp-creator.js';
import { createLocalization, singleEntryId, syncSharedAttributes, writeSingleType } from '../i18n/localizations.js';
import { parseLocale, planCreate, planUpdate } from '../plan/index.js';
import type { FindOnePlan } from '../plan/types.js';
import type { Repository } from '../repository/types.js';
import { enumValueMap } from './enum-values.js';
import type { EntityValue, GraphqlContext } from './graphql-context.js';
import { planOne, readOne, selectionOf } from './read-entries.js';

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

/** A single type's entry in the `locale` argument (the default locale when absent; any entry without i18n). */
async function singleId(ctx: GraphqlContext, tx: Repository, uid: string, locale: unknown): Promise<number | undefined> {
  return singleEntryId(tx, uid, parseLocale(ctx.model, ctx.model.contentTypes[uid], locale, false));
}

/** Plan the read-back from the selection before writing (a bad selection writes nothing); run it with the new id. */
function readBack(ctx: GraphqlContext, uid: string, info: GraphQLResolveInfo | undefined) {
  const read = selectionOf(ctx, uid, info);
  // planned with a placeholder id (single types: none), replaced by the written entry's
  const plan = planOne(ctx, uid, ctx.model.contentTypes[uid].kind === 'singleType' ? undefined : 1, {}, read);
  return (tx: Repository, id: number) => {
    const back: FindOnePlan | undefined = plan && { ...plan, id, publicationState: 'preview' };
    return readOne(ctx, tx, back, read);
  };
}

type Result = Promise<{ data: EntityValue | null }>;

export async function createEntry(ctx: GraphqlContext, uid: string, args: Data, info?: GraphQLResolveInfo): Result {
  const { model } = ctx;
  const plan = planCreate(model, uid, writeBody(model, model.contentTypes[uid], args.data, args.locale), { now: new Date(), strictDrafts: true });
  const back = readBack(ctx, uid, info);
  return ctx.runtime.repo.transaction(async (tx) => {
    const id = await tx.create(plan);
    await stampCreator(tx, ctx.principal, uid, id, true);
    return back(tx, id);
  });
}

export async function updateEntry(ctx: GraphqlContext, uid: string, args: Data, info?: GraphQLResolveInfo): Result {
  const { model } = ctx;
  const type = model.contentTypes[uid];
  const body = writeBody(model, type, args.data);
  const options = { now: new Date(), strictDrafts: true };
  const back = readBack(ctx, uid, info);
  if (type.kind === 'singleType') {
    const locale = parseLocale(model, type, args.locale, false);
    return ctx.runtime.repo.transaction(async (tx) => {
      const { id, created } = await writeSingleType(tx, model, uid, locale, body, options);
      await stampCreator(tx, ctx.principal, uid, id, created);
      return back(tx, id);
    });
  }
  const id = validId(args.id);
  if (id === undefined) return { data: null };
  const plan = planUpdate(model, uid, id, body, options);
  return ctx.runtime.repo.transaction(async (tx) => {
    const updated = await tx.update(plan);
    if (updated === undefined) return { data: null };
    await syncSharedAttributes(tx, model, uid, updated, body.data, options.now);
    await stampCreator(tx, ctx.principal, uid, updated, false);
    return back(tx, updated);
  });
}

export async function deleteEntry(ctx: GraphqlContext, uid: string, args: Data, info?: GraphQLResolveInfo): Result {
  const type = ctx.model.contentTypes[uid];
  const back = readBack(ctx, uid, info);
  return ctx.runtime.repo.transaction(async (tx) => {
    const id = type.kind === 'singleType' ? await singleId(ctx, tx, uid, args.locale) : validId(args.id);
    if (id === undefined) return { data: null };
    const before = await back(tx, id);
    if (!before.data) return { data: null };
    if ((await tx.delete({ kind: 'delete', uid, id })) === undefined) return { data: null };
    return before;
  });
}

/**
 * `create<Name>Localization(id, data, locale)`: a new localization of entry `id` (single types: of
 * the entry of any locale), shared values copied, linked to the group; a draft unless `data`
 * publishes it. The errors are REST's ("locale is already used", "Entity not found", ...).
 */
export async function createLocalizationEntry(ctx: GraphqlContext, uid: string, args: Data, info?: GraphQLResolveInfo): Result {
  const { model } = ctx;
  const type = model.contentTypes[uid];
  const { data } = writeBody(model, type, args.data, args.locale);
  const sourceId = type.kind === 'singleType' && (args.id === undefined || args.id === null) ? undefined : validId(args.id) ?? 0;
  const back = readBack(ctx, uid, info);
  return ctx.runtime.repo.transaction(async (tx) => {
    const id = await createLocalization(tx, model, uid, sourceId || undefined, data, new Date(), true);
    await stampCreator(tx, ctx.principal, uid, id, true);
    return back(tx, id);
  });
}

function validId(raw: unknown): number | undefined {
  const n = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : raw;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 2147483647 ? n : undefined;
}
