/**
 * engine/plan: join filter nodes under `and` / `or`, keeping plans small: no node -> undefined,
 * one node -> that node. Pure.
 */
import type { WhereNode } from './types.js';

/** `combineNodes('and', [a])` -> a; `combineNodes('or', [a, b])` -> { kind: 'or', nodes: [a, b] }. */
export function combineNodes(kind: 'and' | 'or', nodes: readonly (WhereNode | undefined)[]): WhereNode | undefined {
  const present = nodes.filter((n): n is WhereNode => n !== undefined);
  if (present.length === 0) return undefined;
  return present.length === 1 ? present[0] : { kind, nodes: present };
}
