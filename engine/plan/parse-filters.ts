/**
 * engine/plan: a FilterExpr (engine/request; REST and GraphQL alike) -> WhereNode, checked against
 * the model: fields exist and are readable, relations (also media and components, to any depth) are
 * followed, relations to types the requester may not find are refused. Errors: 400 "Invalid parameter <name>".
 */
import type { NormalizedModel } from '../../compiler/model/types.js';
import type { FilterExpr } from '../request/parsed-query.js';
import { combineNodes } from './combine-nodes.js';
import { invalidParameter } from '../request/invalid-parameter.js';
import { localizationsField } from './localizations-field.js';
import { parseAttributeFilter } from './parse-attribute-filter.js';
import { parseBooleanFlag } from '../request/parse-boolean-flag.js';
import type { ReadOptions } from './plan-options.js';
import { readableField, type ReadableField } from './readable-field.js';
import { schemaOf, type Schema } from './schema-of.js';
import type { WhereNode } from './types.js';
import { UPLOAD_FILE } from './upload-file.js';

interface Ctx {
  readonly model: NormalizedModel;
  readonly options: ReadOptions;
}

type LinkField = Extract<ReadableField, { kind: 'relation' | 'media' | 'component' }>;

function linkNode(field: LinkField, where: WhereNode): WhereNode {
  if (field.kind === 'component') return { kind: 'component', attribute: field.name, component: field.component, where };
  return { kind: 'relation', attribute: field.name, target: field.kind === 'media' ? UPLOAD_FILE : field.target, where };
}

/** the conjuncts of an expression (`and` flattened), so each can be placed on the link or on the linked row */
function conjuncts(expr: FilterExpr): FilterExpr[] {
  return expr.kind === 'and' ? expr.items.flatMap(conjuncts) : [expr];
}

/** A condition on a linked row: comparisons apply to its id, names to its attributes. */
function rowWhere(schema: Schema, expr: FilterExpr, ctx: Ctx): WhereNode | undefined {
  switch (expr.kind) {
    case 'cmp':
      return parseAttributeFilter('id', 'integer', expr);
    case 'and':
    case 'or':
      return combineNodes(expr.kind, expr.items.map((item) => rowWhere(schema, item, ctx)));
    case 'not': {
      const inner = rowWhere(schema, expr.item, ctx);
      return inner && { kind: 'not', node: inner };
    }
    case 'field':
      return fieldWhere(schema, expr.name, expr.filter, ctx);
  }
}

/**
 * A relation, media or component filter: `$null` / `$notNull` apply to the link itself (is there
 * any linked row?); every other condition to one linked row, together.
 */
function linkWhere(field: LinkField, expr: FilterExpr, ctx: Ctx): WhereNode | undefined {
  if (field.kind === 'relation' && !ctx.options.canFind(field.target)) throw invalidParameter(field.name);
  const target = schemaOf(ctx.model, field.kind === 'component' ? field.component : field.kind === 'media' ? UPLOAD_FILE : field.target);
  const nodes: (WhereNode | undefined)[] = [];
  const row: FilterExpr[] = [];
  for (const part of conjuncts(expr)) {
    if (part.kind === 'cmp' && (part.op === '$null' || part.op === '$notNull')) {
      const flag = parseBooleanFlag(part.value);
      if (flag === undefined) throw invalidParameter(field.name);
      nodes.push({ kind: 'exists', attribute: field.name, negate: part.op === '$null' ? flag : !flag });
    } else row.push(part);
  }
  const where = combineNodes('and', row.map((part) => rowWhere(target, part, ctx)));
  if (where) nodes.push(linkNode(field, where));
  return combineNodes('and', nodes);
}

function fieldWhere(schema: Schema, name: string, expr: FilterExpr, ctx: Ctx): WhereNode | undefined {
  // `localizations` of a localized type filters through its other localizations
  const field = name === 'localizations' && 'kind' in schema && schema.localized ? localizationsField(schema.uid) : readableField(schema, name);
  if (!field || field.kind === 'dynamiczone') throw invalidParameter(name);
  return field.kind === 'scalar' ? parseAttributeFilter(name, field.type, expr) : linkWhere(field, expr, ctx);
}

function typeWhere(schema: Schema, expr: FilterExpr, ctx: Ctx): WhereNode | undefined {
  switch (expr.kind) {
    case 'and':
    case 'or':
      return combineNodes(expr.kind, expr.items.map((item) => typeWhere(schema, item, ctx)));
    case 'not': {
      const inner = typeWhere(schema, expr.item, ctx);
      return inner && { kind: 'not', node: inner };
    }
    case 'field':
      return fieldWhere(schema, expr.name, expr.filter, ctx);
    case 'cmp':
      // a comparison needs a name to compare
      throw invalidParameter(expr.op);
  }
}

/**
 * The `filters` of `uid` (a content-type or, inside populate, any target).
 *   parseFilters(model, 'api::article.article', filterQuery({ author: { name: { $eq: 'Ann' } } }), opts)
 *   -> { kind: 'relation', attribute: 'author', target: 'api::author.author',
 *        where: { kind: 'cmp', field: 'name', op: '$eq', value: 'Ann' } }
 * Absent or empty filters -> undefined.
 */
export function parseFilters(model: NormalizedModel, uid: string, expr: FilterExpr | undefined, options: ReadOptions): WhereNode | undefined {
  if (!expr) return undefined;
  return typeWhere(schemaOf(model, uid), expr, { model, options });
}
