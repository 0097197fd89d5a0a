/**
 * engine/plan: `data.locale` of a write. Only localized types take one; elsewhere it is dropped like
 * any unknown key (Strapi v4). A create without one gets the default locale; an update passes it on
 * so the handler can refuse a change of locale (the entry's own is known only to the repository).
 * An unconfigured code is an issue of the body. Pure.
 */
import type { ContentType, NormalizedModel } from '../../compiler/model/types.js';
import { messages, validationIssue, type ValidationIssue } from '../errors/index.js';
import { localeMessage } from './parse-locale.js';

/**
 * `parseWriteLocale(model, product, { locale: 'fr' }, issues)` -> 'fr'; absent -> undefined;
 * `{ locale: 'xx' }` -> an issue; non-localized types -> undefined.
 */
export function parseWriteLocale(model: NormalizedModel, type: ContentType, data: Record<string, unknown>, issues: ValidationIssue[]): string | undefined {
  if (!type.localized || data.locale === undefined || data.locale === null) return undefined;
  if (typeof data.locale !== 'string') {
    issues.push(validationIssue(['locale'], messages.type(['locale'], 'string', data.locale)));
    return undefined;
  }
  if (!model.config.i18n.locales.includes(data.locale)) {
    issues.push(validationIssue(['locale'], localeMessage(model)));
    return undefined;
  }
  return data.locale;
}
