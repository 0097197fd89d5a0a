/**
 * engine/plan: the `locale` of a read (REST `?locale=`, GraphQL `locale:`; a string or absent once the
 * request stage has read it) or of a single type's write. On a localized type: absent -> the default
 * locale, `all` -> every locale (lists and single types), a configured code -> that locale, anything
 * else -> 400. Types without i18n ignore it, as Strapi v4 does (a non-string is still a 400). Pure.
 */
import type { ContentType, NormalizedModel } from '../../compiler/model/types.js';
import { messages, ValidationError, validationIssue, type MessagePath } from '../errors/index.js';
import { invalidParameter } from '../request/invalid-parameter.js';

export const ALL_LOCALES = 'all';

/**
 * `parseLocale(model, product, 'fr')` -> 'fr'; `(model, product, undefined)` -> 'en' (the default);
 * `(model, product, 'all')` -> 'all'; `(model, product, 'xx')` -> 400; `(model, tag, 'fr')` -> undefined.
 */
export function parseLocale(model: NormalizedModel, type: ContentType, raw: unknown, allowAll = true): string | undefined {
  if (raw !== undefined && raw !== null && typeof raw !== 'string') throw invalidParameter('locale');
  if (!type.localized) return undefined;
  const { defaultLocale } = model.config.i18n;
  if (raw === undefined || raw === null || raw === '') return defaultLocale;
  if (raw === ALL_LOCALES && allowAll) return ALL_LOCALES;
  return checkLocale(model, raw, ['locale'], allowAll);
}

/** `checkLocale(model, 'de', ['locale'])` -> 'de'; an unconfigured code -> 400 naming the allowed ones. */
export function checkLocale(model: NormalizedModel, code: string, path: MessagePath, allowAll = false): string {
  const { locales } = model.config.i18n;
  if (locales.includes(code)) return code;
  throw ValidationError.of([validationIssue(path, localeMessage(model, allowAll, path))]);
}

/** `locale must be one of the following values: en, fr, de` (plus `all` where reads accept it). */
export function localeMessage(model: NormalizedModel, allowAll = false, path: MessagePath = ['locale']): string {
  return messages.locale(path, [...model.config.i18n.locales, ...(allowAll ? [ALL_LOCALES] : [])]);
}
