/**
 * build/emit: model -> the three artifact files. Each emitter is a pure function (no fs, clock or
 * randomness); the documents are validated here (OpenAPI by @readme/openapi-parser, SDL by graphql-js)
 * so an invalid contract fails the build instead of reaching clients.
 */
import type { NormalizedModel } from '../model/types.js';
import { emitGraphql } from './graphql/emit-graphql.js';
import { emitOpenApi } from './openapi/emit-openapi.js';
import { validateGraphql, validateOpenApi } from './validate-artifacts.js';

export const ARTIFACT_FILES = ['model.json', 'openapi.json', 'schema.graphql'] as const;

export function emitModel(model: NormalizedModel): string {
  return JSON.stringify({ 'x-generated-by': 'quire build; do not edit', ...model }, null, 2) + '\n';
}

export async function emitArtifacts(model: NormalizedModel): Promise<Record<string, string>> {
  const openapi = emitOpenApi(model);
  const sdl = emitGraphql(model);
  await validateOpenApi(openapi);
  validateGraphql(sdl);
  return {
    'model.json': emitModel(model),
    'openapi.json': JSON.stringify(openapi, null, 2) + '\n',
    'schema.graphql': sdl,
  };
}
