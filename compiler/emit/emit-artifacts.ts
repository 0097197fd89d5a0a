/**
 * compiler/emit: model -> the three artifact files, plus the spec's GraphQL extension module copied as it
 * is when there is one. Each emitter is a pure function (no fs, clock or randomness); the documents are
 * validated here (OpenAPI by @readme/openapi-parser, SDL by graphql-js) so an invalid contract fails
 * the build instead of reaching clients.
 */
import { BuildFailed, DefinitionError } from '../errors.js';
import type { NormalizedModel } from '../model/types.js';
import { emitGraphql } from './graphql/emit-graphql.js';
import { emitOpenApi } from './openapi/emit-openapi.js';
import { validateGraphql, validateOpenApi } from './validate-artifacts.js';

export const ARTIFACT_FILES = ['model.json', 'openapi.json', 'schema.graphql'] as const;
/** the spec's GraphQL extension module, copied when plugins.json names one */
export const GRAPHQL_EXTENSION_FILE = 'graphql-extension.mjs';

export interface ArtifactExtras {
  /** the loaded extension module: its spec-relative file, source text and typeDefs */
  readonly graphqlExtension?: { readonly file: string; readonly source: string; readonly typeDefs: string };
  /** the project's code bundled (model.project names the file) */
  readonly projectCode?: string;
}

export function emitModel(model: NormalizedModel): string {
  return JSON.stringify({ 'x-generated-by': 'quire build; do not edit', ...model }, null, 2) + '\n';
}

function emitSdl(model: NormalizedModel, extension: ArtifactExtras['graphqlExtension']): string {
  if (!extension) return emitGraphql(model);
  try {
    return emitGraphql(model, { extensionTypeDefs: extension.typeDefs });
  } catch (err) {
    throw new BuildFailed([new DefinitionError(extension.file, '/typeDefs', `typeDefs do not extend the generated schema: ${(err as Error).message}`)]);
  }
}

export async function emitArtifacts(model: NormalizedModel, extras: ArtifactExtras = {}): Promise<Record<string, string>> {
  const openapi = emitOpenApi(model);
  const extension = extras.graphqlExtension;
  const sdl = emitSdl(model, extension);
  await validateOpenApi(openapi);
  validateGraphql(sdl);
  return {
    'model.json': emitModel(model),
    'openapi.json': JSON.stringify(openapi, null, 2) + '\n',
    'schema.graphql': sdl,
    ...(extension && { [GRAPHQL_EXTENSION_FILE]: `// copied by quire build from ${extension.file}; do not edit\n${extension.source}` }),
    ...(model.project && extras.projectCode !== undefined && { [model.project.file]: extras.projectCode }),
  };
}
