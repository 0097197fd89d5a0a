/**
 * compiler/diff: two GraphQL SDLs -> Changes, by GraphQL Inspector (@graphql-inspector/core), whose rules
 * (removed types and fields, changed types, arguments turned required, enum values, union members...)
 * and criticality levels we take as they are. Pure: strings in, data out.
 */
import { CriticalityLevel, diff } from '@graphql-inspector/core';
import { buildSchema } from 'graphql';
import type { Change, ChangeLevel } from './change.js';

const LEVEL: Record<CriticalityLevel, ChangeLevel> = {
  [CriticalityLevel.Breaking]: 'breaking',
  [CriticalityLevel.Dangerous]: 'dangerous',
  [CriticalityLevel.NonBreaking]: 'safe',
};

/**
 * `type Tag { name: String! }` -> `type Tag { name: String }` gives
 * `{ level: 'breaking', kind: 'FIELD_TYPE_CHANGED', path: 'Tag.name', message: "Field 'Tag.name' changed type from 'String!' to 'String'" }`.
 */
export async function diffGraphql(oldSdl: string, newSdl: string): Promise<Change[]> {
  const options = { assumeValidSDL: true };
  const changes = await diff(buildSchema(oldSdl, options), buildSchema(newSdl, options));
  return changes.map((c) => ({
    api: 'graphql' as const,
    level: LEVEL[c.criticality.level],
    kind: c.type,
    path: c.path ?? '',
    message: c.message,
  }));
}
