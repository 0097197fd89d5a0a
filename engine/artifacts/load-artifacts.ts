/**
 * engine/artifacts: read the three artifacts once (the engine never reads schema.json files) and check
 * they belong together. Returns plain data (`Artifacts`, `OpenApiDocument`, the types every door
 * reads); the lookup tables are built from it by createApp (app.ts). Imports only compiler/model types.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NormalizedModel } from '../../compiler/model/types.js';

export interface Artifacts {
  dir: string;
  model: NormalizedModel;
  openapi: OpenApiDocument;
  sdl: string;
}

export interface OpenApiOperation {
  operationId: string;
  'x-quire'?: { uid: string; action: string };
  requestBody?: unknown;
  parameters?: unknown[];
  [key: string]: unknown;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  [key: string]: unknown;
}

export class ArtifactsError extends Error {}

export function loadArtifacts(dir: string): Artifacts {
  const read = (name: string) => {
    const path = join(dir, name);
    if (!existsSync(path)) throw new ArtifactsError(`${path} not found: build the artifacts first (quire build --src <spec> --out ${dir})`);
    return readFileSync(path, 'utf8');
  };
  let model: NormalizedModel;
  let openapi: OpenApiDocument;
  try {
    model = JSON.parse(read('model.json')) as NormalizedModel;
    openapi = JSON.parse(read('openapi.json')) as OpenApiDocument;
  } catch (err) {
    if (err instanceof ArtifactsError) throw err;
    throw new ArtifactsError(`artifacts in ${dir} are not valid JSON: ${(err as Error).message}`);
  }
  if (model.version !== 1) throw new ArtifactsError(`${join(dir, 'model.json')}: unsupported model version ${String(model.version)}`);
  return { dir, model, openapi, sdl: read('schema.graphql') };
}
