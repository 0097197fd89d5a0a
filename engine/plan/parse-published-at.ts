/**
 * engine/plan: `data.publishedAt` of a draft-and-publish type: null makes (or keeps) a draft, a
 * datetime publishes at that moment (normalized ISO), absent returns `undefined` (the caller picks
 * the default: now on create, unchanged on update). Types without draft and publish ignore it.
 */
import type { ContentType } from '../../compiler/model/types.js';
import { messages, validationIssue, type ValidationIssue } from '../errors/index.js';
import { parseTemporal } from './parse-temporal.js';

/** `parsePublishedAt(article, { publishedAt: null }, issues)` -> null; `(tag, { publishedAt: null })` -> undefined. */
export function parsePublishedAt(type: ContentType, data: Record<string, unknown>, issues: ValidationIssue[]): string | null | undefined {
  if (!type.draftAndPublish || !Object.hasOwn(data, 'publishedAt') || data.publishedAt === undefined) return undefined;
  if (data.publishedAt === null) return null;
  // a string, as the contract types it (Strapi also takes epoch milliseconds here)
  const iso = typeof data.publishedAt === 'string' ? parseTemporal('datetime', data.publishedAt) : undefined;
  if (iso === undefined) issues.push(validationIssue(['publishedAt'], messages.datetime()));
  return iso;
}
