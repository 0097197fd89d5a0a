/**
 * test helper (unit, engine): a read as a door makes it, for the planner tables: REST (a query
 * string or qs output -> engine/request -> ParsedQuery) or GraphQL (arguments, populate in the
 * selection's form -> the GraphQL door's conversion), then planFind / planFindOne with the door's
 * read options. One-entry reads take the id as the door received it (parsed by the action layer's
 * parser: a bad id is a 404).
 */
import type { NormalizedModel } from '../../../compiler/model/types.js';
import { parseEntryId } from '../../../engine/actions/entry-id.js';
import { NotFoundError } from '../../../engine/errors/index.js';
import { graphqlFilters, graphqlPaging, graphqlPopulateNode, graphqlQuery } from '../../../engine/graphql/graphql-query.js';
import { planFind } from '../../../engine/plan/plan-find.js';
import { planFindOne } from '../../../engine/plan/plan-find-one.js';
import type { ReadOptions } from '../../../engine/plan/plan-options.js';
import type { FindOnePlan, FindPlan } from '../../../engine/plan/types.js';
import { isRecord } from '../../../engine/request/is-record.js';
import { parseQuery } from '../../../engine/request/parse-query.js';
import { parseQueryString } from '../../../engine/request/parse-query-string.js';
import type { ParsedQuery, PopulateNode, PopulateQuery } from '../../../engine/request/parsed-query.js';

/** read options plus the door the query comes through */
export type Reader = ReadOptions & { readonly door?: 'rest' | 'graphql' };

/** REST's read options (no door: REST) */
export function restReader(canFind: (uid: string) => boolean): Reader {
  return { canFind, availableLocales: true };
}

/** GraphQL's read options for `model`: amountLimit caps, 10-row relation lists, no entry meta */
export function graphqlReader(model: NormalizedModel, canFind: (uid: string) => boolean): Reader {
  return { canFind, door: 'graphql', ...graphqlPaging(model) };
}

/** A populate in the GraphQL selection's form (`{ tags: { filters: { name: { eq } }, pagination, populate } }`) -> PopulateQuery. */
function graphqlPopulate(raw: unknown): PopulateQuery | undefined {
  if (!isRecord(raw)) return undefined;
  const out: Record<string, PopulateNode> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === false) continue;
    const args = isRecord(value) ? value : {};
    const node: { -readonly [K in keyof PopulateNode]: PopulateNode[K] } = graphqlPopulateNode(args);
    if (Array.isArray(args.fields)) node.fields = args.fields as string[];
    const populate = graphqlPopulate(args.populate);
    if (populate) node.populate = populate;
    if (isRecord(args.on)) node.on = graphqlPopulate(args.on);
    out[name] = node;
  }
  return out;
}

/** The typed query a door makes of `query` */
export function queryOf(query: string | Record<string, unknown> | undefined, reader: Reader): ParsedQuery {
  if (reader.door === 'graphql') {
    const args = (typeof query === 'string' ? parseQueryString(query) : query) ?? {};
    const fields = Array.isArray(args.fields) ? (args.fields as string[]) : typeof args.fields === 'string' ? [args.fields] : undefined;
    const q = graphqlQuery(args, { fields, populate: graphqlPopulate(args.populate) });
    return args.filters !== undefined && !isRecord(args.filters) ? { ...q, filters: graphqlFilters(args.filters) } : q;
  }
  return parseQuery(typeof query === 'string' ? parseQueryString(query) : query);
}

/** planFind as a door runs it */
export function findPlan(model: NormalizedModel, uid: string, query: string | Record<string, unknown> | undefined, reader: Reader): FindPlan {
  const { door, ...options } = reader;
  return planFind(model, uid, queryOf(query, { ...options, door }), options);
}

/** planFindOne as the action layer runs it: the id parsed first (a bad one is a 404), `undefined` for single types */
export function findOnePlan(model: NormalizedModel, uid: string, rawId: unknown, query: string | Record<string, unknown> | undefined, reader: Reader): FindOnePlan {
  const { door, ...options } = reader;
  const single = model.contentTypes[uid]?.kind === 'singleType';
  const id = rawId === undefined && single ? undefined : parseEntryId(rawId);
  if (id === undefined && !single && model.contentTypes[uid]) throw new NotFoundError('Not Found');
  return planFindOne(model, uid, id, queryOf(query, { ...options, door }), options);
}
