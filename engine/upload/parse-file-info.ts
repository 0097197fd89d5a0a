/**
 * engine/upload: `fileInfo` as clients send it -> checked FileInfo values. REST sends a JSON string
 * (an object, or an array matching the files; the field may also be repeated), JSON bodies and
 * GraphQL send objects. Only name, alternativeText and caption are read; other keys are ignored.
 * Pure; throws ValidationError naming every bad key.
 *   parseFileInfos(['{"name":"a.png"}'], 1) -> [{ name: 'a.png' }]
 *   parseFileInfos(['[{"caption":"x"},{}]'], 2) -> [{ caption: 'x' }, {}]
 */
import { messages as m, ValidationError, validationIssue, type MessagePath, type ValidationIssue } from '../errors/index.js';

export interface FileInfo {
  name?: string;
  alternativeText?: string | null;
  caption?: string | null;
}

const MAX = 255;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** a string attribute of fileInfo: undefined when absent or refused (the issue is pushed) */
function text(value: unknown, path: MessagePath, issues: ValidationIssue[]): string | undefined {
  if (typeof value !== 'string') return void issues.push(validationIssue(path, m.type(path, 'string', value)));
  if (value.length > MAX) return void issues.push(validationIssue(path, m.maxLength(path, MAX)));
  return value;
}

function checkOne(value: unknown, raw: unknown, path: MessagePath, issues: ValidationIssue[]): FileInfo {
  if (value === null || value === undefined) return {};
  if (!isObject(value)) {
    // Strapi's words: the form field's text could not be read as an object
    issues.push(validationIssue(path, m.typeCast(path, 'object', null, raw)));
    return {};
  }
  const info: FileInfo = {};
  // an empty name keeps the file's own, as Strapi does
  if (value.name !== undefined && value.name !== null && value.name !== '') {
    const name = text(value.name, [...path, 'name'], issues);
    if (name !== undefined) info.name = name;
  }
  for (const key of ['alternativeText', 'caption'] as const) {
    const v = value[key];
    if (v === undefined) continue;
    if (v === null) info[key] = null;
    else {
      const t = text(v, [...path, key], issues);
      if (t !== undefined) info[key] = t;
    }
  }
  return info;
}

/** the parsed JSON of a form field, or the text itself when it is not JSON (then refused as not an object) */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** One FileInfo per file (`count` of them); raw values are JSON strings or already-parsed values. */
export function parseFileInfos(raw: readonly unknown[], count: number): FileInfo[] {
  const issues: ValidationIssue[] = [];
  const values = raw.map((v) => (typeof v === 'string' ? parseJson(v) : v));
  // one JSON array for several files, or one field per file
  const spread = values.length === 1 && Array.isArray(values[0]);
  const list: unknown[] = spread ? (values[0] as unknown[]) : values;
  const rawOf = (i: number) => (spread ? list[i] : raw[i]);
  if (list.length > Math.max(count, 1)) issues.push(validationIssue(['fileInfo'], m.fileInfoCount(list.length, count)));
  const single = values.length === 1 && !spread;
  const infos = Array.from({ length: Math.max(count, 1) }, (_, i) => checkOne(list[i], rawOf(i), single ? ['fileInfo'] : ['fileInfo', i], issues));
  if (issues.length) throw ValidationError.of(issues);
  return infos;
}

/** GraphQL's FileInfoInput (already typed by the schema) or a JSON body's fileInfo object. */
export function parseFileInfo(value: unknown): FileInfo {
  return parseFileInfos(value === undefined ? [] : [value], 1)[0];
}
