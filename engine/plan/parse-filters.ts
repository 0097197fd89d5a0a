/**
 * engine/plan: `filters` (REST `$eq` dialect or GraphQL `eq` dialect) -> WhereNode, checked against
 * the model: fields exist and are readable, relations (also media and components, to any depth) are
 * followed, relations to types the requester may not find are refused. Errors: 400 "Invalid parameter <name>".
 */
import type { NormalizedModel } from '../../compiler/model/types.js';
import { combineNodes } from './combine-nodes.js';
import { invalidParameter } from './invalid-parameter.js';
import { isRecord } from './is-record.js';
import { listOf } from './list-of.js';
import { operatorOf } from './operator-of.js';
import { parseAttributeFilter } from './parse-attribute-filter.js';
import { parseBooleanFlag } from './parse-boolean-flag.js';
import type { ReadOptions } from './plan-options.js';
import { localizationsField } from './parse-populate.js';
import { readableField, type ReadableField } from './readable-field.js';
import { schemaOf, type Schema } from './schema-of.js';
import type { WhereNode } from './types.js';

const UPLOAD_FILE = 'plugin::upload.file';
const MAX_DEPTH = 32;

interface Ctx {
  readonly model: NormalizedModel;
  readonly options: ReadOptions;
  readonly dialect: 'rest' | 'graphql';
}

type LinkField = Extract<ReadableField, { kind: 'relation' | 'media' | 'component' }>;

function skip(value: unknown, ctx: Ctx): boolean {
  return value === undefined || (value === null && ctx.dialect === 'graphql');
}

/** `$null` / `$notNull` on the link itself: is there any linked row? */
function exists(attribute: string, op: '$null' | '$notNull', value: unknown): WhereNode {
  const flag = parseBooleanFlag(value);
  if (flag === undefined) throw invalidParameter(attribute);
  return { kind: 'exists', attribute, negate: op === '$null' ? flag : !flag };
}

function linkNode(field: LinkField, where: WhereNode): WhereNode {
  if (field.kind === 'component') return { kind: 'component', attribute: field.name, component: field.component, where };
  return { kind: 'relation', attribute: field.name, target: field.kind === 'media' ? UPLOAD_FILE : field.target, where };
}

/** A relation, media or component filter: link-level operators apply to the linked id. */
function parseLink(field: LinkField, value: unknown, ctx: Ctx, depth: number): WhereNode | undefined {
  if (field.kind === 'relation' && !ctx.options.canFind(field.target)) throw invalidParameter(field.name);
  const target = schemaOf(ctx.model, field.kind === 'component' ? field.component : field.kind === 'media' ? UPLOAD_FILE : field.target);
  if (!isRecord(value)) {
    const where = parseAttributeFilter('id', 'integer', value, ctx);
    return where && linkNode(field, where);
  }
  const nodes: (WhereNode | undefined)[] = [];
  const idFilter: Record<string, unknown> = Object.create(null);
  const nested: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(value)) {
    const op = operatorOf(key, ctx.dialect);
    if (op?.kind === 'cmp' && (op.op === '$null' || op.op === '$notNull')) {
      if (!skip(value[key], ctx)) nodes.push(exists(field.name, op.op, value[key]));
    } else if (op?.kind === 'cmp') {
      idFilter[key] = value[key];
    } else {
      nested[key] = value[key];
    }
  }
  const where = combineNodes('and', [
    Object.keys(idFilter).length > 0 ? parseAttributeFilter('id', 'integer', idFilter, ctx) : undefined,
    Object.keys(nested).length > 0 ? parseWhere(target, nested, ctx, depth + 1) : undefined,
  ]);
  if (where) nodes.push(linkNode(field, where));
  return combineNodes('and', nodes);
}

function parseWhere(schema: Schema, raw: Record<string, unknown>, ctx: Ctx, depth: number): WhereNode | undefined {
  if (depth > MAX_DEPTH) throw invalidParameter('filters');
  const nodes: (WhereNode | undefined)[] = [];
  for (const key of Object.keys(raw)) {
    const value = raw[key];
    if (skip(value, ctx)) continue;
    const op = operatorOf(key, ctx.dialect);
    if (op && op.kind !== 'logical') throw invalidParameter(key);
    if (op?.op === '$not') {
      if (!isRecord(value)) throw invalidParameter(key);
      const inner = parseWhere(schema, value, ctx, depth + 1);
      if (inner) nodes.push({ kind: 'not', node: inner });
    } else if (op) {
      const list = listOf(value);
      if (!list || !list.every(isRecord)) throw invalidParameter(key);
      nodes.push(combineNodes(op.op === '$and' ? 'and' : 'or', list.map((item) => parseWhere(schema, item as Record<string, unknown>, ctx, depth + 1))));
    } else {
      // `localizations` of a localized type filters through its other localizations
      const field = key === 'localizations' && 'kind' in schema && schema.localized ? localizationsField(schema.uid) : readableField(schema, key);
      if (!field || field.kind === 'dynamiczone') throw invalidParameter(key);
      nodes.push(field.kind === 'scalar' ? parseAttributeFilter(key, field.type, value, ctx) : parseLink(field, value, ctx, depth));
    }
  }
  return combineNodes('and', nodes);
}

/**
 * Parse the `filters` parameter of `uid` (a content-type or, inside populate, any target).
 *   parseFilters(model, 'api::article.article', { author: { name: { $eq: 'Ann' } } }, opts)
 *   -> { kind: 'relation', attribute: 'author', target: 'api::author.author',
 *        where: { kind: 'cmp', field: 'name', op: '$eq', value: 'Ann' } }
 * Absent or empty filters -> undefined.
 */
export function parseFilters(model: NormalizedModel, uid: string, raw: unknown, options: ReadOptions): WhereNode | undefined {
  const ctx: Ctx = { model, options, dialect: options.dialect ?? 'rest' };
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (!isRecord(raw)) throw invalidParameter('filters');
  return parseWhere(schemaOf(model, uid), raw, ctx, 0);
}
