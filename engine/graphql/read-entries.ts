/**
 * engine/graphql door: the read operations behind `Query.<names>`, `Query.<name>` and the single-type
 * query. GraphQL arguments + the selection set -> the query of the find / findOne actions
 * (engine/actions/entries.ts; GraphQL dialect), which also populate every selected relation -> the
 * `{ data, meta }` shapes the SDL's wrapper types resolve from (default resolvers, no per-type code).
 */
import { getNamedType, type GraphQLResolveInfo } from 'graphql';
import { findEntries as findEntriesAction, findEntry as findEntryAction, type ReadExtras } from '../actions/entries.js';
import { NotFoundError } from '../errors/index.js';
import type { Entry, PagePlan, PublicationState } from '../plan/types.js';
import type { ParsedQuery } from '../request/parsed-query.js';
import { graphqlPaging, graphqlPublicationState, graphqlQuery } from './graphql-query.js';
import type { EntityCollectionValue, EntityValue, GraphqlContext } from './graphql-context.js';
import { tagEntries } from './loaded-entries.js';
import { SelectionReader, type PopulateRead } from './selection-populate.js';

/** `{ id: 3, attributes: entry }` or null. */
export function entityOf(entry: Entry | null | undefined): EntityValue | null {
  return entry ? { id: entry.id, attributes: entry } : null;
}

/** `meta.pagination` of a GraphQL list: always page-shaped, also for start/limit. */
export function collectionPagination(page: PagePlan, total: number | undefined): EntityCollectionValue['meta']['pagination'] {
  const count = total ?? 0;
  if (page.style === 'page') return { total: count, page: page.page, pageSize: page.pageSize, pageCount: Math.ceil(count / page.pageSize) };
  return { total: count, page: Math.floor(page.start / page.limit) + 1, pageSize: page.limit, pageCount: Math.ceil(count / page.limit) };
}

interface Selection extends PopulateRead {
  /** `meta` is selected (so the total must be counted) */
  readonly meta: boolean;
}

/**
 * What the field being resolved selects below its `<X>Entity.attributes`: the populate of its read
 * and the tags saying with which arguments each attribute is loaded. No `info`: nothing.
 */
export function selectionOf(ctx: GraphqlContext, uid: string, info: GraphQLResolveInfo | undefined): Selection {
  const owner = ctx.runtime.index.byUid.get(uid);
  if (!info || !owner) return { populate: {}, tags: {}, meta: true };
  return readSelection(ctx, owner, info);
}

function readSelection(ctx: GraphqlContext, owner: Parameters<SelectionReader['read']>[0], info: GraphQLResolveInfo): Selection {
  const reader = new SelectionReader(info, ctx.runtime.index);
  const sets = info.fieldNodes.filter((n) => n.selectionSet).map((n) => n.selectionSet!);
  const wrapper = getNamedType(info.returnType).name;
  return { ...reader.read(owner, reader.attributeSets(wrapper, sets)), meta: reader.selects(wrapper, sets, 'meta') };
}

/** How GraphQL reads: `defaultLimit` pages capped at `maxLimit`, relation lists paged too, no entry meta, every plan charged to the request's row budget when there is one. */
export function graphqlRead(ctx: GraphqlContext): ReadExtras {
  const rows = ctx.rows;
  return { ...graphqlPaging(ctx.model), ...(rows && { inspect: (plan) => rows.chargePlan(plan) }) };
}

/** `articles(filters, pagination, sort, publicationState, locale)` -> `{ data, meta }`. */
export async function findEntries(ctx: GraphqlContext, uid: string, args: Record<string, unknown>, info?: GraphQLResolveInfo): Promise<EntityCollectionValue> {
  const read = selectionOf(ctx, uid, info);
  const query = graphqlQuery(args, read, read.meta);
  const found = await findEntriesAction(ctx.runtime.actions, ctx.caller, uid, query, graphqlRead(ctx));
  tagEntries(found.entries, read.tags, publicationStateOf(args));
  return { data: found.entries.map((e) => entityOf(e)!), meta: { pagination: collectionPagination(found.page, found.total) } };
}

/** The state a read ran under: `PREVIEW` or (default) `LIVE`. */
export function publicationStateOf(args: Record<string, unknown>): PublicationState {
  return graphqlPublicationState(args.publicationState) ?? 'live';
}

/** The query of a one-entry read or a write's read-back: the selection's fields and relations. */
export function oneQuery(args: Record<string, unknown>, read: PopulateRead): ParsedQuery {
  return graphqlQuery({ publicationState: args.publicationState, locale: args.locale }, read);
}

/** `article(id)`, or the single type's query (id undefined): `{ data: entity }`, `{ data: null }` when there is none. */
export async function findEntry(ctx: GraphqlContext, uid: string, id: string | number | undefined, args: Record<string, unknown>, info?: GraphQLResolveInfo): Promise<{ data: EntityValue | null }> {
  const read = selectionOf(ctx, uid, info);
  let entry: Entry;
  try {
    entry = await findEntryAction(ctx.runtime.actions, ctx.caller, uid, id, oneQuery(args, read), graphqlRead(ctx));
  } catch (err) {
    // Strapi's GraphQL answers a missing entry with `data: null`
    if (err instanceof NotFoundError) return { data: null };
    throw err;
  }
  tagEntries([entry], read.tags, publicationStateOf(args));
  return { data: entityOf(entry) };
}
