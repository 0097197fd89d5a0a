/**
 * engine/plan: `data.locale` of a write. Only localized types take one; elsewhere it is dropped like
 * any unknown key. Whether the locale exists is checked by the stage that knows the locales. Pure.
 */
import type { ContentType } from '../../build/model/types.js';
import type { ValidationIssue } from '../errors/errors.js';
import { issue } from './issue.js';
import { messages } from './validation-messages.js';

/** `parseWriteLocale(localizedType, { locale: 'fr' }, issues)` -> 'fr'; non-localized types -> undefined. */
export function parseWriteLocale(type: ContentType, data: Record<string, unknown>, issues: ValidationIssue[]): string | undefined {
  if (!type.localized || data.locale === undefined || data.locale === null) return undefined;
  if (typeof data.locale === 'string' && data.locale !== '') return data.locale;
  issues.push(issue(['locale'], messages.type(['locale'], 'string', data.locale)));
  return undefined;
}
