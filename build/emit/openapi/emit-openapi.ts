import type { NormalizedModel } from '../../model/types.js';
export function emitOpenApi(model: NormalizedModel): Record<string, unknown> {
  return { openapi: '3.0.3', info: { title: 'quire', version: '1.0.0' }, paths: {}, 'x-types': Object.keys(model.contentTypes) };
}
