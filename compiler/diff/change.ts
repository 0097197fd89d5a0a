/**
 * compiler/diff: the one record every contract comparison produces. A change is classed by what it does
 * to an existing client: `breaking` (a working client may fail), `dangerous` (may change behaviour),
 * `safe`. Plain data, sorted by level, then API, then path, so output never depends on walk order.
 */

export type ChangeLevel = 'breaking' | 'dangerous' | 'safe';
export type ChangeApi = 'rest' | 'graphql';

export interface Change {
  readonly api: ChangeApi;
  readonly level: ChangeLevel;
  /** stable kebab-case name of the rule, e.g. `operation-removed`, `FIELD_REMOVED` for GraphQL Inspector's */
  readonly kind: string;
  /** where: `GET /api/tags`, `TagAttributes.name`, `Query.tags` */
  readonly path: string;
  readonly message: string;
}

export const LEVELS: readonly ChangeLevel[] = ['breaking', 'dangerous', 'safe'];

/** breaking first, then REST before GraphQL, then by path and message. */
export function sortChanges(changes: readonly Change[]): Change[] {
  const apiRank = (a: ChangeApi) => (a === 'rest' ? 0 : 1);
  return [...changes].sort(
    (a, b) =>
      LEVELS.indexOf(a.level) - LEVELS.indexOf(b.level) ||
      apiRank(a.api) - apiRank(b.api) ||
      (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) ||
      (a.message < b.message ? -1 : a.message > b.message ? 1 : 0),
  );
}

/** `{ breaking: 1, dangerous: 0, safe: 3 }` */
export function countChanges(changes: readonly Change[]): Record<ChangeLevel, number> {
  const counts: Record<ChangeLevel, number> = { breaking: 0, dangerous: 0, safe: 0 };
  for (const c of changes) counts[c.level]++;
  return counts;
}
