/**
 * engine/graphql: how much work one document may ask for, checked before execution (a violation is a
 * validation error, HTTP 400): document length and tokens (at parse), field depth (`depthLimit`, counted
 * as graphql-depth-limit does: root fields are depth 0, introspection fields are not counted), and
 * fields, aliases and root fields with fragments expanded. List sizes are capped by the planner
 * (`amountLimit`). Walks stop as soon as a limit is passed, so a fragment bomb costs little.
 */
import { GraphQLError, Kind, type ASTNode, type ASTVisitor, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from 'graphql';
import type { NormalizedModel } from '../../compiler/model/types.js';
import { messages } from '../errors/validation-catalog.js';

export interface DocumentLimits {
  /** characters of the query text */
  readonly maxLength: number;
  /** lexer tokens (graphql-js `maxTokens`) */
  readonly maxTokens: number;
  /** `depthLimit` of plugins.json */
  readonly maxDepth: number;
  /** field selections, fragments expanded (introspection included) */
  readonly maxFields: number;
  readonly maxAliases: number;
  /** fields at the top of one operation */
  readonly maxRootFields: number;
}

export const DEFAULT_LIMITS: Omit<DocumentLimits, 'maxDepth'> = {
  maxLength: 50_000,
  maxTokens: 10_000,
  maxFields: 1_500,
  maxAliases: 50,
  maxRootFields: 20,
};

export function documentLimits(model: NormalizedModel): DocumentLimits {
  return { ...DEFAULT_LIMITS, maxDepth: model.config.graphql.depthLimit };
}

type Fragments = ReadonlyMap<string, FragmentDefinitionNode>;

function fragmentsOf(context: ValidationContext): Fragments {
  const map = new Map<string, FragmentDefinitionNode>();
  for (const d of context.getDocument().definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) map.set(d.name.value, d);
  return map;
}

/** Selections a walk may visit (fragment spreads included): bounds the work a fragment bomb causes. */
interface Budget {
  left: number;
}

const budgetFor = (limits: { maxFields: number }): Budget => ({ left: limits.maxFields * 4 });

function tooComplex(name: string, node: ASTNode): GraphQLError {
  return new GraphQLError(messages.graphqlTooComplex(name), { nodes: [node] });
}

/** Deepest field depth under `set`, stopping once past `max` or out of budget. */
function depthOf(set: SelectionSetNode, fragments: Fragments, depth: number, max: number, path: Set<string>, budget: Budget): number {
  if (depth > max) return depth;
  let deepest = depth;
  for (const s of set.selections) {
    if (--budget.left < 0) return deepest;
    let d = depth;
    if (s.kind === Kind.FIELD) {
      if (s.name.value.startsWith('__')) continue;
      d = s.selectionSet ? depthOf(s.selectionSet, fragments, depth + 1, max, path, budget) : depth;
    } else if (s.kind === Kind.INLINE_FRAGMENT) {
      d = depthOf(s.selectionSet, fragments, depth, max, path, budget);
    } else {
      const fragment = fragments.get(s.name.value);
      if (!fragment || path.has(s.name.value)) continue;
      path.add(s.name.value);
      d = depthOf(fragment.selectionSet, fragments, depth, max, path, budget);
      path.delete(s.name.value);
    }
    deepest = Math.max(deepest, d);
    if (deepest > max) return deepest;
  }
  return deepest;
}

/** Rejects operations nested deeper than `max` (graphql-depth-limit's rule and message). */
export function depthLimitRule(max: number, limits: { maxFields: number } = DEFAULT_LIMITS) {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(node) {
      const budget = budgetFor(limits);
      const depth = depthOf(node.selectionSet, fragmentsOf(context), 0, max, new Set(), budget);
      if (budget.left < 0) context.reportError(tooComplex(`'${node.name?.value ?? ''}'`, node));
      else if (depth > max) context.reportError(new GraphQLError(messages.graphqlDepth(node.name?.value ?? '', max), { nodes: [node] }));
    },
  });
}

interface Counts {
  fields: number;
  aliases: number;
}

function count(set: SelectionSetNode, fragments: Fragments, counts: Counts, limits: DocumentLimits, path: Set<string>, budget: Budget): void {
  for (const s of set.selections) {
    if (counts.fields > limits.maxFields || counts.aliases > limits.maxAliases || --budget.left < 0) return;
    if (s.kind === Kind.FIELD) {
      counts.fields++;
      if (s.alias) counts.aliases++;
      if (s.selectionSet) count(s.selectionSet, fragments, counts, limits, path, budget);
    } else if (s.kind === Kind.INLINE_FRAGMENT) {
      count(s.selectionSet, fragments, counts, limits, path, budget);
    } else {
      const fragment = fragments.get(s.name.value);
      if (!fragment || path.has(s.name.value)) continue;
      path.add(s.name.value);
      count(fragment.selectionSet, fragments, counts, limits, path, budget);
      path.delete(s.name.value);
    }
  }
}

/** Rejects operations with too many fields, aliases or root fields (fragments expanded). */
export function costLimitRule(limits: DocumentLimits) {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(node) {
      const fragments = fragmentsOf(context);
      const name = `'${node.name?.value ?? ''}'`;
      const root: Counts = { fields: 0, aliases: 0 };
      const rootOnly: DocumentLimits = { ...limits, maxFields: limits.maxRootFields };
      const rootBudget = budgetFor(rootOnly);
      countRoot(node.selectionSet, fragments, root, rootOnly, new Set(), rootBudget);
      if (rootBudget.left < 0) {
        context.reportError(tooComplex(name, node));
        return;
      }
      if (root.fields > limits.maxRootFields) {
        context.reportError(new GraphQLError(messages.graphqlRootFields(name, limits.maxRootFields), { nodes: [node] }));
        return;
      }
      const counts: Counts = { fields: 0, aliases: 0 };
      const budget = budgetFor(limits);
      count(node.selectionSet, fragments, counts, limits, new Set(), budget);
      if (budget.left < 0 && counts.fields <= limits.maxFields && counts.aliases <= limits.maxAliases) context.reportError(tooComplex(name, node));
      else if (counts.fields > limits.maxFields) context.reportError(new GraphQLError(messages.graphqlFields(name, limits.maxFields), { nodes: [node] }));
      else if (counts.aliases > limits.maxAliases) context.reportError(new GraphQLError(messages.graphqlAliases(name, limits.maxAliases), { nodes: [node] }));
    },
  });
}

/** Root fields only: fragments at the top level are expanded, sub-selections are not entered. */
function countRoot(set: SelectionSetNode, fragments: Fragments, counts: Counts, limits: DocumentLimits, path: Set<string>, budget: Budget): void {
  for (const s of set.selections) {
    if (counts.fields > limits.maxFields || --budget.left < 0) return;
    if (s.kind === Kind.FIELD) counts.fields++;
    else if (s.kind === Kind.INLINE_FRAGMENT) countRoot(s.selectionSet, fragments, counts, limits, path, budget);
    else {
      const fragment = fragments.get(s.name.value);
      if (!fragment || path.has(s.name.value)) continue;
      path.add(s.name.value);
      countRoot(fragment.selectionSet, fragments, counts, limits, path, budget);
      path.delete(s.name.value);
    }
  }
}
