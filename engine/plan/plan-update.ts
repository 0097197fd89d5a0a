/**
 * engine/plan: an update request (REST PUT /api/<plural>/:id or /api/<single>, GraphQL `update<Name>`)
 * -> UpdatePlan. Partial: only the attributes sent; a required one may not be set to null.
 * `publishedAt: null` unpublishes, a datetime publishes. Collects every issue, then throws once.
 */
import type { ContentType, NormalizedModel } from '../../compiler/model/types.js';
import { ValidationError, type ValidationIssue } from '../errors/index.js';
import { deepFreeze } from './deep-freeze.js';
import { parseEntryId } from './parse-entry-id.js';
import { parsePublishedAt } from './parse-published-at.js';
import { parseWriteData } from './parse-write-data.js';
import { parseWriteLocale } from './parse-write-locale.js';
import type { WriteOptions } from './plan-options.js';
import { readBodyData } from './read-body-data.js';
import { schemaOf } from './schema-of.js';
import type { UpdatePlan } from './types.js';

/**
 * `options.now` is accepted for symmetry with planCreate (an update needs no clock today).
 * `options.draft`: the entry is a draft; an update that keeps it one skips the required (not-null)
 * and minLength checks, as Strapi v4 does; one that publishes it is checked in full (the stored values
 * too: see check-publishable.ts). A published entry is always checked in full, even when the same
 * update unpublishes it (Strapi decides by the entry's state before the write).
 *   planUpdate(model, 'api::article.article', '3', { data: { publishedAt: null, featured: 't' } })
 *   -> { kind: 'update', uid: 'api::article.article', id: 3, publishedAt: null,
 *        data: { scalars: { featured: true }, relations: {}, media: {}, components: {}, dynamicZones: {} } }
 */
export function planUpdate(model: NormalizedModel, uid: string, id: string | number | undefined, body: unknown, options?: WriteOptions): UpdatePlan {
  const type = schemaOf(model, uid, 'contentType') as ContentType;
  const entryId = parseEntryId(type, id);
  const data = readBodyData(body);
  const issues: ValidationIssue[] = [];
  const publishedAt = parsePublishedAt(type, data, issues);
  const isDraft = options?.draft === true && (publishedAt === undefined || publishedAt === null) && options.strictDrafts !== true;
  const write = parseWriteData({ model, isDraft, issues, parseData: parseWriteData }, type, data, 'update', []);
  const locale = parseWriteLocale(model, type, data, issues);
  if (issues.length > 0) throw ValidationError.of(issues);
  return deepFreeze({
    kind: 'update',
    uid,
    ...(entryId !== undefined && { id: entryId }),
    data: write,
    ...(publishedAt !== undefined && { publishedAt }),
    ...(locale !== undefined && { locale }),
  });
}
