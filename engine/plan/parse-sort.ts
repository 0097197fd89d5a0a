/**
 * engine/plan: `sort` in every Strapi form -> SortItem[]: 'title', 'title:desc', 'a:asc,b:desc',
 * arrays of those, objects { title: 'desc' } and nested { author: { name: 'asc' } }, dotted paths
 * through to-one relations and single components. Unknown, private or to-many names -> 400.
 */
import type { NormalizedModel } from '../../compiler/model/types.js';
import { ValidationError } from '../errors/errors.js';
import { invalidParameter } from './invalid-parameter.js';
import { isRecord } from './is-record.js';
import type { ReadOptions } from './plan-options.js';
import { readableField } from './readable-field.js';
import { schemaOf } from './schema-of.js';
import type { SortItem } from './types.js';

const UPLOAD_FILE = 'plugin::upload.file';
/** joins a single sort key may take; deeper paths are refused rather than planned */
const MAX_PATH = 8;

interface RawSort {
  path: string[];
  direction: string;
}

function fromString(text: string, out: RawSort[]): void {
  for (const part of text.split(',')) {
    const item = part.trim();
    if (item === '') continue;
    const [name, direction = 'asc', ...rest] = item.split(':');
    if (rest.length > 0) throw invalidParameter('sort');
    out.push({ path: name.split('.'), direction });
  }
}

function fromObject(value: Record<string, unknown>, prefix: string[], out: RawSort[]): void {
  for (const key of Object.keys(value)) {
    const sub = value[key];
    if (prefix.length + 1 > MAX_PATH) throw invalidParameter('sort');
    if (typeof sub === 'string') out.push({ path: [...prefix, key], direction: sub });
    else if (isRecord(sub)) fromObject(sub, [...prefix, key], out);
    else throw invalidParameter('sort');
  }
}

function collect(raw: unknown): RawSort[] {
  const out: RawSort[] = [];
  const items = Array.isArray(raw) ? raw : [raw];
  for (const item of items) {
    if (typeof item === 'string') fromString(item, out);
    else if (isRecord(item)) fromObject(item, [], out);
    else throw invalidParameter('sort');
  }
  return out;
}

function direction(text: string): 'asc' | 'desc' {
  const lower = text.trim().toLowerCase();
  if (lower === 'asc' || lower === 'desc') return lower;
  throw new ValidationError(`Invalid sort direction "${text}" (expected asc or desc)`);
}

function checkPath(model: NormalizedModel, uid: string, path: string[], options: ReadOptions): void {
  if (path.length > MAX_PATH) throw invalidParameter('sort');
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
 *   parseSort(model, 'api::article.article', 'title:desc,author.name', opts)
 *   -> [{ path: ['title'], direction: 'desc' }, { path: ['author', 'name'], direction: 'asc' }]
 * Absent or empty -> [].
 */
export function parseSort(model: NormalizedModel, uid: string, raw: unknown, options: ReadOptions): SortItem[] {
  if (raw === undefined || raw === null) return [];
  return collect(raw).map(({ path, direction: dir }) => {
    checkPath(model, uid, path, options);
    return { path, direction: direction(dir) };
  });
}
