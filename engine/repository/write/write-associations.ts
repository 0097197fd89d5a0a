/**
 * engine/repository/write: everything of WriteData besides scalars, written after the row itself
 * (and inside the same transaction): relations, components, dynamic zones, media. Only the keys
 * present are touched; components recurse into their own associations.
 */
import { messages, ValidationError, validationIssue, type MessagePath } from '../../errors/index.js';
import type { WriteData } from '../../plan/types.js';
import type { RunContext } from '../run-context.js';
import type { TypeStorage } from '../storage-map.js';
import { writeComponentAttribute, writeDynamicZone } from './write-components.js';
import { writeMedia } from './write-media.js';
import { writeRelation } from './write-relations.js';

export function hasAssociations(data: WriteData): boolean {
  return [data.relations, data.components, data.dynamicZones, data.media].some((r) => r && Object.keys(r).length > 0);
}

/** the planner names attributes only; a plan built elsewhere is refused the same way */
function wrongKey(name: string): ValidationError {
  return ValidationError.of([validationIssue([name], messages.forbiddenKey(name))]);
}

/** `at`: where `data` sits in the request body (a component's path), so that errors name the full path */
export async function writeAssociations(ctx: RunContext, type: TypeStorage, id: number, data: WriteData, creating = false, at: MessagePath = []): Promise<void> {
  for (const [name, write] of Object.entries(data.relations ?? {})) {
    const attr = type.attributes[name];
    if (attr?.kind !== 'relation') throw wrongKey(name);
    await writeRelation(ctx, id, name, attr, write, creating, [...at, name]);
  }
  for (const [name, value] of Object.entries(data.components ?? {})) {
    const attr = type.attributes[name];
    if (attr?.kind !== 'component') throw wrongKey(name);
    await writeComponentAttribute(ctx, type, id, name, attr, value, creating, writeAssociations, [...at, name]);
  }
  for (const [name, items] of Object.entries(data.dynamicZones ?? {})) {
    const attr = type.attributes[name];
    if (attr?.kind !== 'dynamiczone') throw wrongKey(name);
    await writeDynamicZone(ctx, type, id, name, attr, items, creating, writeAssociations, [...at, name]);
  }
  for (const [name, fileIds] of Object.entries(data.media ?? {})) {
    const attr = type.attributes[name];
    if (attr?.kind !== 'media') throw wrongKey(name);
    await writeMedia(ctx, type, id, name, attr, fileIds, creating, [...at, name]);
  }
}
