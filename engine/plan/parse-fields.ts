/**
 * engine/plan: `fields` -> the scalar names to select besides `id` (always returned, so never listed).
 * Accepts an array, one name, or '*' (all: undefined). Comma strings are not split, as in Strapi:
 * 'title,slug' is one unknown name. Relations, components, private or unknown names -> 400.
 */
import type { NormalizedModel } from '../../compiler/model/types.js';
import { invalidParameter } from './invalid-parameter.js';
import { listOf } from './list-of.js';
import { readableField } from './readable-field.js';
import { schemaOf } from './schema-of.js';

/**
 *   parseFields(model, 'api::article.article', ['title', 'id', 'title']) -> ['title']
 *   parseFields(model, 'api::article.article', '*')                      -> undefined (every scalar)
 *   parseFields(model, 'api::article.article', 'id')                     -> [] (only id)
 */
export function parseFields(model: NormalizedModel, uid: string, raw: unknown): string[] | undefined {
  if (raw === undefined || raw === null || raw === '' || raw === '*') return undefined;
  const names = typeof raw === 'string' ? [raw] : listOf(raw);
  if (!names || !names.every((n): n is string => typeof n === 'string')) throw invalidParameter('fields');
  if (names.includes('*')) return undefined;
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
