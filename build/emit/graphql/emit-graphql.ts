import type { NormalizedModel } from '../../model/types.js';
export function emitGraphql(model: NormalizedModel): string {
  return `type Query {\n  types: Int\n}\n# ${Object.keys(model.contentTypes).length}\n`;
}
