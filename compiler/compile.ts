/**
 * build: the compiler pipeline without I/O of its own beyond loading: spec dir -> checked model ->
 * artifacts (file name -> content). Throws BuildFailed with every problem when the spec is bad.
 */
import { BuildFailed, DefinitionError, type DefinitionWarning } from './errors.js';
import { emitArtifacts } from './emit/emit-artifacts.js';
import { loadSpec } from './load/load-spec.js';
import type { NormalizedModel } from './model/types.js';
import { normalize } from './normalize/normalize.js';
import { specifiedRules } from './rules/index.js';
import { createRuleContext } from './rules/rule-context.js';
import { specifiedTolerances } from './tolerate/index.js';

export interface CompileResult {
  model: NormalizedModel;
  /** file name -> exact content */
  files: Record<string, string>;
  /** what was built although it is odd, and the project parts quire does not run */
  warnings: DefinitionWarning[];
}

export async function compileSpec(dir: string): Promise<CompileResult> {
  const spec = await loadSpec(dir);
  const problems: DefinitionError[] = [...spec.problems];
  const warnings: DefinitionWarning[] = [...spec.warnings];
  const ctx = createRuleContext(spec, problems, warnings);
  if (problems.length === 0) for (const step of [...specifiedTolerances, ...specifiedRules]) step(ctx);
  if (problems.length > 0) throw new BuildFailed(problems, warnings);
  const model = normalize(ctx);
  try {
    const files = await emitArtifacts(model, { graphqlExtension: spec.graphqlExtension });
    return { model, files, warnings };
  } catch (err) {
    if (err instanceof BuildFailed) throw new BuildFailed(err.problems, warnings);
    throw err;
  }
}
