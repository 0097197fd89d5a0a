/**
 * test helper (OpenAPI emitter): the example spec's NormalizedModel, built with load + rules +
 * normalize only (so these tests do not depend on the other emitters), the document emitted from it,
 * and accessors for components and operations. Not a test file itself (the runner picks `*.test.js`).
 */
import { join } from 'node:path';
import { DefinitionError } from '../../../../../compiler/errors.js';
import { emitOpenApi } from '../../../../../compiler/emit/openapi/emit-openapi.js';
import { loadSpec } from '../../../../../compiler/load/load-spec.js';
import type { NormalizedModel } from '../../../../../compiler/model/types.js';
import { normalize } from '../../../../../compiler/normalize/normalize.js';
import { specifiedRules } from '../../../../../compiler/rules/index.js';
import { createRuleContext } from '../../../../../compiler/rules/rule-context.js';

export type Json = Record<string, any>;

export type Mutable<T> = T extends readonly (infer U)[]
  ? Mutable<U>[]
  : T extends object ? { -readonly [K in keyof T]: Mutable<T[K]> } : T;

let cached: Promise<NormalizedModel> | undefined;

async function build(dir: string): Promise<NormalizedModel> {
  const spec = await loadSpec(dir);
  const problems: DefinitionError[] = [...spec.problems];
  const ctx = createRuleContext(spec, problems);
  if (problems.length === 0) for (const rule of specifiedRules) rule(ctx);
  if (problems.length > 0) throw new Error(problems.map((p) => p.message).join('\n'));
  return normalize(ctx);
}

/** The model of specs/example (tests run from the repo root). */
export function exampleModel(): Promise<NormalizedModel> {
  cached ??= build(join(process.cwd(), 'specs/example'));
  return cached;
}

/** A deep copy of the example model that a test may edit freely. */
export async function editableModel(): Promise<Mutable<NormalizedModel>> {
  return structuredClone(await exampleModel()) as Mutable<NormalizedModel>;
}

/** A fresh document emitted from the example model. */
export async function exampleDoc(): Promise<Json> {
  return emitOpenApi(await exampleModel()) as Json;
}

export function schemaOf(doc: Json, name: string): Json {
  const s = doc.components.schemas[name];
  if (!s) throw new Error(`no component schema ${name}`);
  return s;
}

export interface FoundOperation {
  method: string;
  path: string;
  op: Json;
}

/** Every operation of the document, in path order. */
export function operationsOf(doc: Json): FoundOperation[] {
  const out: FoundOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) out.push({ method, path, op: op as Json });
  }
  return out;
}

export function operationById(doc: Json, operationId: string): FoundOperation {
  const found = operationsOf(doc).find((o) => o.op.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId}`);
  return found;
}

/** Resolve a `#/components/...` reference. */
export function deref(doc: Json, schema: Json): Json {
  if (typeof schema.$ref !== 'string') return schema;
  return schema.$ref.split('/').slice(1).reduce((node: Json, key: string) => node[key], doc);
}
