/**
 * engine/plan: a media value in a body -> the file ids in order: a file id (single media), an array
 * of file ids (multiple media) or null (clears). connect/disconnect/set and `{ id }` objects are not
 * accepted for media, as the contract says. Ids that cannot name a file count as missing files, in
 * Strapi's words. Problems are pushed to `issues`; the result is undefined then. Pure.
 */
import type { MediaAttribute } from '../../compiler/model/types.js';
import { messages as m, validationIssue, type MessagePath, type ValidationIssue } from '../errors/index.js';
import { parseEntityId } from './parse-entity-id.js';
import { UPLOAD_FILE } from './upload-file.js';

const isIdLike = (value: unknown) => typeof value === 'number' || typeof value === 'string';

/**
 *   parseMediaWrite(gallery, [3, '4'], ['gallery'], issues) -> [3, 4]
 *   parseMediaWrite(cover, null, ['cover'], issues)         -> []
 *   parseMediaWrite(cover, [1, 2], ['cover'], issues)       -> undefined; "cover must be a file id"
 *   parseMediaWrite(cover, 0, ['cover'], issues)            -> undefined;
 *   "1 relation(s) of type plugin::upload.file associated with this entity do not exist"
 */
export function parseMediaWrite(attr: MediaAttribute, value: unknown, path: MessagePath, out: ValidationIssue[]): number[] | undefined {
  if (value === null) return [];
  const list = attr.multiple ? value : [value];
  if (!Array.isArray(list) || !list.every(isIdLike)) {
    out.push(validationIssue(path, m.mediaId(path, attr.multiple)));
    return undefined;
  }
  const ids = list.map(parseEntityId);
  const missing = ids.filter((id) => id === undefined).length;
  if (missing > 0) {
    out.push(validationIssue(path, m.relationsNotFound(missing, UPLOAD_FILE)));
    return undefined;
  }
  const seen = new Set<number>();
  for (const id of ids as number[]) {
    if (seen.has(id)) {
      out.push(validationIssue(path, m.fileTwice(path, id)));
      return undefined;
    }
    seen.add(id);
  }
  return ids as number[];
}
