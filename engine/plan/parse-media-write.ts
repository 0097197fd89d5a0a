/**
 * engine/plan: a media value in a body -> the file ids in order: an id, { id }, an array of those
 * (multiple media only) or null (clears). connect/disconnect/set are not accepted for media, as the
 * contract says. Problems are pushed to `issues`; the result is undefined then. Pure.
 */
import type { MediaAttribute } from '../../compiler/model/types.js';
import type { ValidationIssue } from '../errors/errors.js';
import { isRecord } from './is-record.js';
import { issue } from './issue.js';
import { messages } from './validation-messages.js';

type Path = readonly (string | number)[];
const INT32_MAX = 2147483647;

function fileId(value: unknown): number | undefined {
  const raw = isRecord(value) ? value.id : value;
  const n = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : raw;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= INT32_MAX ? n : undefined;
}

/**
 *   parseMediaWrite(gallery, [3, '4'], ['gallery'], issues) -> [3, 4]
 *   parseMediaWrite(cover, null, ['cover'], issues)         -> []
 *   parseMediaWrite(cover, [1, 2], ['cover'], issues)       -> undefined; "cover must be a file id"
 */
export function parseMediaWrite(attr: MediaAttribute, value: unknown, path: Path, out: ValidationIssue[]): number[] | undefined {
  if (value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  if (!attr.multiple && list.length > 1) {
    out.push(issue(path, messages.mediaShape(path, false)));
    return undefined;
  }
  const ids: number[] = [];
  for (const [i, item] of list.entries()) {
    const id = fileId(item);
    if (id === undefined) {
      const at = Array.isArray(value) ? [...path, i] : path;
      out.push(issue(at, isRecord(item) && !('id' in item) ? messages.mediaShape(at, attr.multiple) : messages.relationId(at, isRecord(item) ? item.id : item)));
      return undefined;
    }
    ids.push(id);
  }
  return ids;
}
