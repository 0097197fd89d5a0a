/**
 * engine/plan: the `fields` names (engine/request) -> the scalar names to select besides `id` (always
 * returned, so never listed), in order, once each. Relations, components, private or unknown names -> 400.
 */
import type { NormalizedModel } from '../../compiler/model/types.js';
import { invalidParameter } from '../request/invalid-parameter.js';
import { readableField } from './readable-field.js';
import { schemaOf } from './schema-of.js';

/**
 *   parseFields(model, 'api::article.article', ['title', 'id', 'title']) -> ['title']
 *   parseFields(model, 'api::article.article', undefined)               -> undefined (every scalar)
 *   parseFields(model, 'api::article.article', ['id'])                  -> [] (only id)
 */
export function parseFields(model: NormalizedModel, uid: string, names: readonly string[] | undefined): string[] | undefined {
  if (!names) return undefined;
  const schema = schemaOf(model, uid);
  const out: string[] = [];
  for (const name of names) {
    if (name === '') throw invalidParameter('fields');
    if (name === 'id') continue;
    if (readableField(schema, name)?.kind !== 'scalar') throw invalidParameter(name);
    if (!out.includes(name)) out.push(name);
  }
  return out;
}
