/**
 * build: the compiler pipeline without I/O of its own beyond loading: spec dir -> checked model ->
 * artifacts (file name -> content). Throws BuildFailed with every problem when the spec is bad.
 */
import { BuildFailed, DefinitionError, DefinitionWarning } from './errors.js';
import { emitArtifacts } from './emit/emit-artifacts.js';
import { loadSpec } from './load/load-spec.js';
import type { NormalizedModel } from './model/types.js';
import { normalize } from './normalize/normalize.js';
import { projectRoutes } from './normalize/project-routes.js';
import { supportedApis } from './model/strapi-api.js';
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
  let model = normalize(ctx);
  const code = spec.projectCode;
  if (code) {
    const { project, problems: routeProblems, warnings: routeWarnings } = projectRoutes(code, model);
    warnings.push(...routeWarnings, ...project.unsupported.map((u) => new DefinitionWarning(u.at, '', `${u.api} is not provided by quire: quire serve refuses to start until it is gone (quire provides ${supportedApis()})`)));
    if (routeProblems.length > 0) throw new BuildFailed(routeProblems, warnings);
    model = { ...model, project };
  }
  try {
    const files = await emitArtifacts(model, { graphqlExtension: spec.graphqlExtension, ...(code && { projectCode: code.source }) });
    return { model, files, warnings };
  } catch (err) {
    if (err instanceof BuildFailed) throw new BuildFailed(err.problems, warnings);
    throw err;
  }
}
