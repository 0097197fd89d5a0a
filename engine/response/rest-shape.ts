/**
 * engine/response: the Strapi v4 REST answer of a read plan, as an AnswerShape (answer-shape.ts):
 * `{ data: { id, attributes, meta }, meta }`, lists with `meta.pagination`, populated relations and
 * media as `{ data }` of `{ id, attributes }` (an empty multiple media field is `{ data: null }`),
 * components inline with their id, dynamic-zone items with `__component` last, localizations,
 * `meta.availableLocales` and creator fields where the plan asks. Private attributes and names the
 * model does not know are never members: this is where a REST answer's keys are decided. Pure.
 */
import type { Component, ContentType, NormalizedModel } from '../../compiler/model/types.js';
import { defaultFields } from '../plan/default-fields.js';
import type { FindOnePlan, FindPlan, PopulateSpec, PopulateTree } from '../plan/types.js';
import { zoneItemSpec } from '../plan/zone-item-spec.js';
import type { AnswerShape, Member } from './answer-shape.js';

const FILE_UID = 'plugin::upload.file';
const SYSTEM_FIELDS = new Set(['createdAt', 'updatedAt', 'publishedAt', 'locale']);

type Owner = ContentType | Component;

const field = (name: string): Member => ({ kind: 'field', key: name, field: name, form: 'json' });
const ID: Member = { kind: 'id', key: 'id', text: false };

/** the scalar members of a row of `owner`: the plan's fields (or the defaults), private and unknown names left out */
function scalarMembers(owner: Owner, fields: readonly string[] | undefined): Member[] {
  const isType = 'kind' in owner;
  const out: Member[] = [];
  for (const name of fields ?? defaultFields(owner)) {
    if (name === 'id') continue;
    const attr = Object.hasOwn(owner.attributes, name) ? owner.attributes[name] : undefined;
    if (attr ? attr.kind !== 'scalar' || attr.private : !(isType && SYSTEM_FIELDS.has(name))) continue;
    out.push(field(name));
  }
  return out;
}

class RestShapes {
  constructor(private readonly model: NormalizedModel) {}

  private owner(uid: string): Owner | undefined {
    return Object.hasOwn(this.model.contentTypes, uid) ? this.model.contentTypes[uid] : this.model.components[uid];
  }

  /** the members of `attributes` (or, for a component, of the item itself): scalars, then populated attributes in populate order */
  attributes(owner: Owner, fields: readonly string[] | undefined, populate: PopulateTree | undefined): Member[] {
    const out = scalarMembers(owner, fields);
    for (const [name, spec] of Object.entries(populate ?? {})) {
      const m = this.populated(owner, name, spec);
      if (m) out.push(m);
    }
    return out;
  }

  /** a linked entry: `{ id, attributes }` (no entry meta) */
  private entry(uid: string, spec: PopulateSpec): Member[] {
    const owner = this.owner(uid);
    return [ID, { kind: 'object', key: 'attributes', members: owner ? this.attributes(owner, spec.fields, spec.populate) : [] }];
  }

  private populated(owner: Owner, name: string, spec: PopulateSpec): Member | undefined {
    const attr = Object.hasOwn(owner.attributes, name) ? owner.attributes[name] : undefined;
    if (!attr) {
      if (name !== 'localizations' || !('kind' in owner) || !owner.localized) return undefined;
      return { kind: 'object', key: name, members: [{ kind: 'link', key: 'data', field: name, many: true, members: this.entry(owner.uid, spec) }] };
    }
    if (attr.private) return undefined;
    switch (attr.kind) {
      case 'relation':
        return { kind: 'object', key: name, members: [{ kind: 'link', key: 'data', field: name, many: attr.toMany, members: this.entry(attr.target, spec) }] };
      case 'media':
        if (!this.model.contentTypes[FILE_UID]) return undefined;
        return {
          kind: 'object', key: name,
          members: [{ kind: 'link', key: 'data', field: name, many: attr.multiple, members: this.entry(FILE_UID, spec), ...(attr.multiple && { emptyAs: 'null' as const }) }],
        };
      case 'component': {
        const component = this.model.components[attr.component];
        return { kind: 'link', key: name, field: name, many: attr.repeatable, members: [ID, ...(component ? this.attributes(component, spec.fields, spec.populate) : [])] };
      }
      case 'dynamiczone': {
        const items: Record<string, readonly Member[]> = {};
        for (const uid of attr.components) {
          const component = this.model.components[uid];
          if (!component || (spec.on && !spec.on[uid])) continue;
          const own = zoneItemSpec(spec, uid, {
            hasAttribute: (n) => Object.hasOwn(component.attributes, n),
            hasField: (n) => n === 'id' || (Object.hasOwn(component.attributes, n) && component.attributes[n].kind === 'scalar'),
          });
          items[uid] = [ID, ...this.attributes(component, own.fields, own.populate), { kind: 'const', key: '__component', json: JSON.stringify(uid) }];
        }
        return { kind: 'zone', key: name, field: name, items };
      }
      default:
        return undefined;
    }
  }

  /** a top-level entry: `{ id, attributes, meta }`, creator fields after the populated attributes */
  top(plan: FindPlan | FindOnePlan): Member[] {
    const type = this.model.contentTypes[plan.uid];
    const attributes = this.attributes(type, plan.fields, plan.populate);
    if (plan.creators) attributes.push({ kind: 'creator', key: 'createdBy', field: 'createdBy' }, { kind: 'creator', key: 'updatedBy', field: 'updatedBy' });
    const meta: Member[] = plan.availableLocales && type.localized ? [{ kind: 'locales', key: 'availableLocales', publishedAt: type.draftAndPublish }] : [];
    return [ID, { kind: 'object', key: 'attributes', members: attributes }, { kind: 'object', key: 'meta', members: meta }];
  }
}

/**
 * A list: `{ data: [entry...], meta: { pagination } }`; a single type read in every locale is a list
 * without pagination (`meta: {}`), as Strapi v4 answers it.
 *   restListShape(model, { uid: 'api::tag.tag', page: { style: 'page', page: 1, pageSize: 25, withCount: true }, .. })
 *   -> { list: true, members: [rows data [id, attributes{name,..}, meta{}], meta{ pagination{ page, pageSize, pageCount, total } }] }
 */
export function restListShape(model: NormalizedModel, plan: FindPlan): AnswerShape {
  const shapes = new RestShapes(model);
  const p = plan.page;
  let pagination: Member[] | undefined;
  if (model.contentTypes[plan.uid].kind !== 'singleType') {
    const page = (value: 'page' | 'pageSize' | 'pageCount' | 'total' | 'start' | 'limit'): Member => ({ kind: 'page', key: value, value });
    pagination = p.style === 'page'
      ? [page('page'), page('pageSize'), ...(p.withCount ? [page('pageCount'), page('total')] : [])]
      : [page('start'), page('limit'), ...(p.withCount ? [page('total')] : [])];
  }
  return {
    list: true,
    members: [
      { kind: 'rows', key: 'data', members: shapes.top(plan) },
      { kind: 'object', key: 'meta', members: pagination ? [{ kind: 'object', key: 'pagination', members: pagination }] : [] },
    ],
  };
}

/** One entry: `{ data: entry | null, meta: {} }` (a read by id, a single type, the answer of a write). */
export function restEntryShape(model: NormalizedModel, plan: FindOnePlan): AnswerShape {
  return { list: false, members: [{ kind: 'rows', key: 'data', members: new RestShapes(model).top(plan) }, { kind: 'object', key: 'meta', members: [] }] };
}
