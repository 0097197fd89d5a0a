/**
 * engine/plan: publishing a draft runs the full checks. A draft may have been saved without its
 * required attributes or with values shorter than their minLength (Strapi v4 skips both for drafts);
 * an update that publishes it must leave no such gap, in the values it sends (planUpdate checks them
 * in full) and in the stored ones it does not send (checked here). Strapi 4.26.2 publishes such an
 * entry as it is; quire refuses, because both published contracts promise a published entry its
 * required attributes. Pure: the caller reads the stored entry with `planReadPublishable`.
 */
import type { Attribute, Component, ContentType, NormalizedModel } from '../../compiler/model/types.js';
import { messages as m, validationIssue, type MessagePath, type ValidationIssue } from '../errors/index.js';
import { copyTree } from './plan-localization.js';
import type { Entry, FindOnePlan } from './types.js';

/** the scalars whose stored value can fail a publish: required ones and those with a minLength */
const checkedScalars = (owner: ContentType | Component): string[] =>
  owner.order.filter((name) => {
    const attr = owner.attributes[name];
    return attr?.kind === 'scalar' && (attr.required || attr.minLength !== undefined);
  });

/**
 * The stored entry as the publish check reads it: the checked scalars, components deep, relation ids.
 *   planReadPublishable(model, 'api::post.post', 4)
 *   -> { kind: 'findOne', uid, id: 4, fields: ['title', 'summary', ...], populate: { seo: {...}, category: { fields: [] }, ... }, publicationState: 'preview' }
 */
export function planReadPublishable(model: NormalizedModel, uid: string, id: number): FindOnePlan {
  const type = model.contentTypes[uid];
  const names = type.order.filter((name) => type.attributes[name] && type.attributes[name].kind !== 'scalar' && type.attributes[name].kind !== 'media');
  return { kind: 'findOne', uid, id, fields: checkedScalars(type), populate: copyTree(model, type, names, 0), publicationState: 'preview' };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkStored(model: NormalizedModel, owner: ContentType | Component, row: Entry, path: MessagePath, out: ValidationIssue[]): void {
  for (const name of owner.order) {
    const attr = owner.attributes[name];
    if (attr) checkValue(model, attr, row[name], [...path, name], out);
  }
}

function checkValue(model: NormalizedModel, attr: Attribute, value: unknown, path: MessagePath, out: ValidationIssue[]): void {
  const missing = value === null || value === undefined || (Array.isArray(value) && value.length === 0);
  switch (attr.kind) {
    case 'scalar':
      if (attr.required && (value === null || value === undefined)) out.push(validationIssue(path, m.defined(path)));
      else if (attr.minLength !== undefined && typeof value === 'string' && value.length < attr.minLength) out.push(validationIssue(path, m.minLength(path, attr.minLength)));
      return;
    case 'relation':
      if (attr.required && missing) out.push(validationIssue(path, m.defined(path)));
      return;
    case 'media':
      // required media are not enforced, as in Strapi v4
      return;
    case 'component': {
      const component = model.components[attr.component];
      const rows = (Array.isArray(value) ? value : value ? [value] : []) as Entry[];
      if (attr.required && !attr.repeatable && missing) out.push(validationIssue(path, m.defined(path)));
      else if (attr.repeatable && attr.min !== undefined && attr.required && rows.length < attr.min) out.push(validationIssue(path, m.minItems(path, attr.min)));
      rows.forEach((row, i) => checkStored(model, component, row, attr.repeatable ? [...path, i] : path, out));
      return;
    }
    case 'dynamiczone': {
      const items = (Array.isArray(value) ? value : []) as Entry[];
      if (attr.required && attr.min !== undefined && items.length < attr.min) out.push(validationIssue(path, m.minItems(path, attr.min)));
      items.forEach((item, i) => {
        const component = model.components[String(item.__component)];
        if (component) checkStored(model, component, item, [...path, i], out);
      });
    }
  }
}

/**
 * The gaps a publish would leave in the attributes the update does not send (`data`), in Strapi's words.
 *   publishIssues(model, post, { id: 4, title: null, summary: 'short', seo: null, category: null }, { publishedAt: '2024-05-01T00:00:00Z' })
 *   -> [title must be defined., summary must be at least 10 characters, seo must be defined., category must be defined.]
 */
export function publishIssues(model: NormalizedModel, type: ContentType, stored: Entry, data: Record<string, unknown>): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  for (const name of type.order) {
    const attr = type.attributes[name];
    if (!attr || (isRecord(data) && Object.hasOwn(data, name) && data[name] !== undefined)) continue;
    checkValue(model, attr, stored[name], [name], out);
  }
  return out;
}
