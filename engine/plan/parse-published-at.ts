/**
 * engine/plan: `data.publishedAt` of a draft-and-publish type: null makes (or keeps) a draft, a
 * datetime publishes at that moment (normalized ISO), absent returns `undefined` (the caller picks
 * the default: now on create, unchanged on update). Types without draft and publish ignore it.
 */
import type { ContentType } from '../../compiler/model/types.js';
import type { ValidationIssue } from '../errors/errors.js';
import { issue } from './issue.js';
import { parseTemporal } from './parse-temporal.js';
import { messages } from './validation-messages.js';

/** `parsePublishedAt(article, { publishedAt: null }, issues)` -> null; `(tag, { publishedAt: null })` -> undefined. */
export function parsePublishedAt(type: ContentType, data: Record<string, unknown>, issues: ValidationIssue[]): string | null | undefined {
  if (!type.draftAndPublish || !Object.hasOwn(data, 'publishedAt') || data.publishedAt === undefined) return undefined;
  if (data.publishedAt === null) return null;
  const iso = parseTemporal('datetime', data.publishedAt);
  if (iso === undefined) issues.push(issue(['publishedAt'], messages.temporal(['publishedAt'], 'datetime')));
  return iso;
}
