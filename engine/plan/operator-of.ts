/**
 * engine/plan: classify a filter key in the dialect of the front door. REST writes `$eq`, `$and`;
 * GraphQL writes `eq`, `and`. A `$`-prefixed REST key that is not an operator is `unknown` (quire
 * answers 400 where Strapi ignores it); a key that is no operator at all returns undefined (a field).
 */
import { OPERATORS, type Operator } from './types.js';

export type LogicalOperator = '$and' | '$or' | '$not';

export type OperatorKey =
  | { readonly kind: 'logical'; readonly op: LogicalOperator }
  | { readonly kind: 'cmp'; readonly op: Operator }
  | { readonly kind: 'unknown' };

const COMPARISONS: ReadonlySet<string> = new Set(OPERATORS);
const LOGICAL: ReadonlySet<string> = new Set(['$and', '$or', '$not']);

/**
 *   operatorOf('$containsi', 'rest')    -> { kind: 'cmp', op: '$containsi' }
 *   operatorOf('or', 'graphql')         -> { kind: 'logical', op: '$or' }
 *   operatorOf('$foo', 'rest')          -> { kind: 'unknown' }
 *   operatorOf('title', 'rest')         -> undefined
 */
export function operatorOf(key: string, dialect: 'rest' | 'graphql'): OperatorKey | undefined {
  const name = dialect === 'rest' ? key : `$${key}`;
  if (dialect === 'rest' && !key.startsWith('$')) return undefined;
  if (LOGICAL.has(name)) return { kind: 'logical', op: name as LogicalOperator };
  if (COMPARISONS.has(name)) return { kind: 'cmp', op: name as Operator };
  return dialect === 'rest' ? { kind: 'unknown' } : undefined;
}
