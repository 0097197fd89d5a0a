/**
 * engine/upload: `fileInfo` as clients send it -> checked FileInfo values. REST sends a JSON string
 * (an object, or an array matching the files; the field may also be repeated), JSON bodies and
 * GraphQL send objects. Only name, alternativeText and caption are read; other keys are ignored.
 * Pure; throws ValidationError naming every bad key.
 *   parseFileInfos(['{"name":"a.png"}'], 1) -> [{ name: 'a.png' }]
 *   parseFileInfos(['[{"caption":"x"},{}]'], 2) -> [{ caption: 'x' }, {}]
 */
import { ValidationError, type ValidationIssue } from '../errors/index.js';

export interface FileInfo {
  name?: string;
  alternativeText?: string | null;
  caption?: string | null;
}

const MAX = 255;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkOne(value: unknown, path: (string | number)[], issues: ValidationIssue[]): FileInfo {
  if (value === null || value === undefined) return {};
  if (!isObject(value)) {
    issues.push({ path, message: `${path.join('.')} must be an object`, name: 'ValidationError' });
    return {};
  }
  const info: FileInfo = {};
  if (value.name !== undefined && value.name !== null) {
    if (typeof value.name !== 'string' || value.name.trim() === '' || value.name.length > MAX) {
      issues.push({ path: [...path, 'name'], message: `${[...path, 'name'].join('.')} must be a non-empty string of at most ${MAX} characters`, name: 'ValidationError' });
    } else info.name = value.name;
  }
  for (const key of ['alternativeText', 'caption'] as const) {
    const v = value[key];
    if (v === undefined) continue;
    if (v !== null && (typeof v !== 'string' || v.length > MAX)) {
      issues.push({ path: [...path, key], message: `${[...path, key].join('.')} must be a string of at most ${MAX} characters or null`, name: 'ValidationError' });
    } else info[key] = v;
  }
  return info;
}

function parseJson(text: string, path: (string | number)[], issues: ValidationIssue[]): unknown {
  try {
    return JSON.parse(text);
  } catch {
    issues.push({ path, message: `${path.join('.')} must be valid JSON`, name: 'ValidationError' });
    return undefined;
  }
}

/** One FileInfo per file (`count` of them); raw values are JSON strings or already-parsed values. */
export function parseFileInfos(raw: readonly unknown[], count: number): FileInfo[] {
  const issues: ValidationIssue[] = [];
  const values = raw.map((v, i) => (typeof v === 'string' ? parseJson(v, raw.length > 1 ? ['fileInfo', i] : ['fileInfo'], issues) : v));
  let list: unknown[];
  if (values.length === 1 && Array.isArray(values[0])) list = values[0];
  else list = values;
  if (list.length > Math.max(count, 1)) issues.push({ path: ['fileInfo'], message: `fileInfo has ${list.length} entries for ${count} file(s)`, name: 'ValidationError' });
  const single = values.length === 1 && !Array.isArray(values[0]);
  const infos = Array.from({ length: Math.max(count, 1) }, (_, i) => checkOne(list[i], single ? ['fileInfo'] : ['fileInfo', i], issues));
  if (issues.length) throw ValidationError.of(issues);
  return infos;
}

/** GraphQL's FileInfoInput (already typed by the schema) or a JSON body's fileInfo object. */
export function parseFileInfo(value: unknown): FileInfo {
  return parseFileInfos(value === undefined ? [] : [value], 1)[0];
}
