/**
 * engine/plan: `locale` is passed through as the string the client sent ('fr', 'all'); whether the
 * locale exists is checked later, by the stage that knows the entries. Non-strings -> 400. Pure.
 */
import { invalidParameter } from './invalid-parameter.js';

/** `parseLocale('fr')` -> 'fr'; `parseLocale('')` / `parseLocale(undefined)` -> undefined; `parseLocale(['a'])` -> 400. */
export function parseLocale(raw: unknown): string | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string') throw invalidParameter('locale');
  return raw;
}
