/**
 * compiler/diff: two builds' contracts -> every change between them, REST (diff-openapi.ts) and GraphQL
 * (diff-graphql.ts), sorted. Pure apart from GraphQL Inspector's promise; a contract present on one
 * side only is itself a change.
 */
import { sortChanges, type Change } from './change.js';
import { diffGraphql } from './diff-graphql.js';
import { diffOpenApi } from './diff-openapi.js';
import { CONTRACT_FILES, type Contracts } from './load-contracts.js';

export async function diffContracts(before: Contracts, after: Contracts): Promise<Change[]> {
  const changes: Change[] = [];
  if (before.openapi && after.openapi) changes.push(...diffOpenApi(before.openapi, after.openapi));
  else if (before.openapi || after.openapi) changes.push(presence('rest', CONTRACT_FILES.openapi, !!after.openapi));
  if (before.sdl !== undefined && after.sdl !== undefined) changes.push(...(await diffGraphql(before.sdl, after.sdl)));
  else if (before.sdl !== undefined || after.sdl !== undefined) changes.push(presence('graphql', CONTRACT_FILES.sdl, after.sdl !== undefined));
  return sortChanges(changes);
}

function presence(api: Change['api'], file: string, added: boolean): Change {
  return added
    ? { api, level: 'safe', kind: 'contract-added', path: file, message: `${file} added` }
    : { api, level: 'breaking', kind: 'contract-removed', path: file, message: `${file} removed: every operation of this API is gone` };
}
