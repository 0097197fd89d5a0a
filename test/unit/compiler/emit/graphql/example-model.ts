/**
 * test helper (GraphQL emitter): the example spec's NormalizedModel, compiled once per process, and
 * deep-mutable structured clones of it for tests that switch shadowCRUD options or types on and off.
 * Not a test file itself (the runner only picks `*.test.js`).
 */
import { join } from 'node:path';
import { compileSpec } from '../../../../../compiler/compile.js';
import type { NormalizedModel } from '../../../../../compiler/model/types.js';

export type Mutable<T> = T extends readonly (infer U)[]
  ? Mutable<U>[]
  : T extends object ? { -readonly [K in keyof T]: Mutable<T[K]> } : T;

let cached: Promise<NormalizedModel> | undefined;

/** The model of specs/example (tests run from the repo root). */
export function exampleModel(): Promise<NormalizedModel> {
  cached ??= compileSpec(join(process.cwd(), 'specs/example')).then((r) => r.model);
  return cached;
}

/** A deep copy of the example model that a test may edit freely. */
export async function editableModel(): Promise<Mutable<NormalizedModel>> {
  return structuredClone(await exampleModel()) as Mutable<NormalizedModel>;
}

/** Field names of `type`/`input` `name` in an SDL text (`[]` when the type is absent). */
export function fieldsOf(sdl: string, keyword: 'type' | 'input', name: string): string[] {
  const m = sdl.match(new RegExp(`^${keyword} ${name} \\{\\n([\\s\\S]*?)\\n\\}`, 'm'));
  if (!m) return [];
  return m[1].split('\n').map((l) => l.trim().match(/^([A-Za-z_][A-Za-z0-9_]*)/)?.[1] ?? '').filter(Boolean);
}
