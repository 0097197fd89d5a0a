/**
 * engine/plan: a create request (REST POST /api/<plural>, PUT on an empty single type, GraphQL
 * `create<Name>`) -> CreatePlan. Validates the whole body, collecting every issue before throwing one
 * ValidationError; applies defaults; publishes at `options.now` unless `publishedAt: null` or, without
 * `publishedAt`, `options.draftByDefault`. A draft sent as such (`publishedAt: null`) skips the required
 * and minLength checks, as Strapi v4 does; a create without `publishedAt` is checked in full even when
 * it becomes a draft (Strapi's GraphQL does the same). Pure.
 */
import type { ContentType, NormalizedModel } from '../../compiler/model/types.js';
import { ValidationError, type ValidationIssue } from '../errors/index.js';
import { deepFreeze } from './deep-freeze.js';
import { parsePublishedAt } from './parse-published-at.js';
import { parseWriteData } from './parse-write-data.js';
import { parseWriteLocale } from './parse-write-locale.js';
import type { WriteOptions } from './plan-options.js';
import { readBodyData } from './read-body-data.js';
import { schemaOf } from './schema-of.js';
import type { CreatePlan } from './types.js';

/**
 *   planCreate(model, 'api::tag.tag', { data: { name: 'news', id: 4 } }, { now })
 *   -> { kind: 'create', uid: 'api::tag.tag',
 *        data: { scalars: { name: 'news' }, relations: {}, media: {}, components: {}, dynamicZones: {} } }
 */
export function planCreate(model: NormalizedModel, uid: string, body: unknown, options: WriteOptions): CreatePlan {
  const type = schemaOf(model, uid, 'contentType') as ContentType;
  const data = readBodyData(body);
  const issues: ValidationIssue[] = [];
  const sent = parsePublishedAt(type, data, issues);
  const publishedAt = type.draftAndPublish ? (sent === undefined ? (options.draftByDefault ? null : options.now.toISOString()) : sent) : undefined;
  const isDraft = sent === null && options.strictDrafts !== true;
  const write = parseWriteData({ model, isDraft, issues, parseData: parseWriteData }, type, data, 'create', []);
  const locale = type.localized ? (parseWriteLocale(model, type, data, issues) ?? model.config.i18n.defaultLocale) : undefined;
  if (issues.length > 0) throw ValidationError.of(issues);
  return deepFreeze({
    kind: 'create',
    uid,
    data: write,
    ...(publishedAt !== undefined && { publishedAt }),
    ...(locale !== undefined && { locale }),
  });
}
