/**
 * build: the compiler pipeline without I/O of its own beyond loading: spec dir -> checked model ->
 * artifacts (file name -> content). Throws BuildFailed with every problem when the spec is bad.
 */
import { BuildFailed, DefinitionError } from './errors.js';
import { emitArtifacts } from './emit/emit-artifacts.js';
import { loadSpec } from './load/load-spec.js';
import type { NormalizedModel } from './model/types.js';
import { normalize } from './normalize/normalize.js';
import { specifiedRules } from './rules/index.js';
import { createRuleContext } from './rules/rule-context.js';

export interface CompileResult {
  model: NormalizedModel;
  /** file name -> exact content */
  files: Record<string, string>;
}

export async function compileSpec(dir: string): Promise<CompileResult> {
  const spec = await loadSpec(dir);
  const problems: DefinitionError[] = [...spec.problems];
  const ctx = createRuleContext(spec, problems);
  if (problems.length === 0) for (const rule of specifiedRules) rule(ctx);
  if (problems.length > 0) throw new BuildFailed(problems);
  const model = normalize(ctx);
  const files = await emitArtifacts(model, { graphqlExtension: spec.graphqlExtension });
  return { model, files };
}
