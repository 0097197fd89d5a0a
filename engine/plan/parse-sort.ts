/**
 * engine/plan: SortKey[] (engine/request) -> SortItem[], each path checked against the model: a
 * readable scalar at the end, reached through to-one relations (the requester may find), single media
 * and single components. Unknown, private or to-many names -> 400.
 */
import type { NormalizedModel } from '../../compiler/model/types.js';
import type { SortKey } from '../request/parsed-query.js';
import { MAX_SORT_PATH } from '../request/sort-query.js';
import { invalidParameter } from '../request/invalid-parameter.js';
import type { ReadOptions } from './plan-options.js';
import { readableField } from './readable-field.js';
import { schemaOf } from './schema-of.js';
import type { SortItem } from './types.js';
import { UPLOAD_FILE } from './upload-file.js';

function checkPath(model: NormalizedModel, uid: string, path: readonly string[], options: ReadOptions): void {
  if (path.length > MAX_SORT_PATH) throw invalidParameter('sort');
  let schema = schemaOf(model, uid);
  path.forEach((name, i) => {
    if (name === '') throw invalidParameter('sort');
    const field = readableField(schema, name);
    const last = i === path.length - 1;
    if (!field) throw invalidParameter(name);
    if (last) {
      if (field.kind !== 'scalar' || field.type === 'json' || field.type === 'array') throw invalidParameter(name);
    } else if (field.kind === 'relation' && !field.toMany && options.canFind(field.target)) {
      schema = schemaOf(model, field.target);
    } else if (field.kind === 'media' && !field.multiple) {
      schema = schemaOf(model, UPLOAD_FILE);
    } else if (field.kind === 'component' && !field.repeatable) {
      schema = schemaOf(model, field.component);
    } else {
      throw invalidParameter(name);
    }
  });
}

/**
 *   parseSort(model, 'api::article.article', sortQuery('title:desc,author.name'), opts)
 *   -> [{ path: ['title'], direction: 'desc' }, { path: ['author', 'name'], direction: 'asc' }]
 * Absent -> [].
 */
export function parseSort(model: NormalizedModel, uid: string, keys: readonly SortKey[] | undefined, options: ReadOptions): SortItem[] {
  if (!keys) return [];
  return keys.map(({ path, direction }) => {
    checkPath(model, uid, path, options);
    return { path: [...path], direction };
  });
}
