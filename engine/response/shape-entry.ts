/**
 * engine/response: repository Entry (flat) -> REST entry `{ id, attributes, meta }`, recursively for
 * populated relations and media (`{data: {id, attributes}}`, no entry meta), components (inline with
 * id) and dynamic zones (`__component`). Anything the model marks private, and any key it does not
 * know, is dropped here: this is the last gate before a value leaves the server.
 */
import type { Attribute, Component, ContentType, NormalizedModel } from '../../compiler/model/types.js';
import { AVAILABLE_LOCALES_KEY, type Entry } from '../plan/types.js';

export interface RestEntry {
  id: number;
  attributes: Record<string, unknown>;
  meta: Record<string, unknown>;
}

const SYSTEM_FIELDS = ['createdAt', 'updatedAt', 'publishedAt', 'locale'] as const;

/** what attributes() does with one key of a row of one owner: drop, copy, the localizations, or an attribute's value */
const SKIP = 0;
const COPY = 1;
const LOCALIZATIONS = 2;
type KeyRule = typeof SKIP | typeof COPY | typeof LOCALIZATIONS | Attribute;

/** the rule for `key` in rows of `owner`: private and unknown keys are dropped */
function ruleOf(owner: ContentType | Component, key: string): KeyRule {
  if (key === 'id') return SKIP;
  const attr = Object.hasOwn(owner.attributes, key) ? owner.attributes[key] : undefined;
  if (attr) return attr.private ? SKIP : attr;
  if (!('kind' in owner)) return SKIP;
  if ((SYSTEM_FIELDS as readonly string[]).includes(key)) return COPY;
  if (key === 'localizations') return owner.localized ? LOCALIZATIONS : SKIP;
  if (key === 'createdBy' || key === 'updatedBy') return owner.populateCreatorFields ? COPY : SKIP;
  return SKIP;
}

export class EntryShaper {
  /** per owner, the rule of each key seen so far (rows only carry keys the planner selected: a bounded set) */
  private readonly rules = new Map<ContentType | Component, Map<string, KeyRule>>();

  constructor(private readonly model: NormalizedModel) {}

  entry(uid: string, row: Entry): RestEntry {
    const ct = this.model.contentTypes[uid];
    return { id: row.id, attributes: this.attributes(ct, row), meta: entryMeta(row) };
  }

  private attributes(owner: ContentType | Component, row: Record<string, unknown>): Record<string, unknown> {
    let rules = this.rules.get(owner);
    if (!rules) this.rules.set(owner, (rules = new Map()));
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(row)) {
      let rule = rules.get(key);
      if (rule === undefined) rules.set(key, (rule = ruleOf(owner, key)));
      if (rule === SKIP) continue;
      if (rule === COPY) out[key] = row[key];
      else if (rule === LOCALIZATIONS) out[key] = this.linked(owner.uid, true, row[key]);
      else out[key] = this.value(rule, row[key]);
    }
    return out;
  }

  private value(attr: Attribute, v: unknown): unknown {
    switch (attr.kind) {
      case 'scalar':
        return v;
      case 'relation':
        return this.linked(attr.target, attr.toMany, v);
      case 'media': {
        // an empty multiple media field is `{ data: null }`, as Strapi v4 answers it (an empty relation list is `[]`)
        const files = this.linked('plugin::upload.file', attr.multiple, v) as { data: unknown };
        return attr.multiple && Array.isArray(files.data) && files.data.length === 0 ? { data: null } : files;
      }
      case 'component':
        if (v === null || v === undefined) return attr.repeatable ? [] : null;
        return attr.repeatable ? (v as Record<string, unknown>[]).map((c) => this.component(attr.component, c)) : this.component(attr.component, v as Record<string, unknown>);
      case 'dynamiczone':
        return ((v as Record<string, unknown>[] | null) ?? []).map((item) => ({
          ...this.component(item.__component as string, item),
          __component: item.__component,
        }));
    }
  }

  private linked(uid: string, many: boolean, v: unknown): unknown {
    if (many) return { data: ((v as Entry[] | null) ?? []).map((e) => this.linkedEntry(uid, e)) };
    return { data: v ? this.linkedEntry(uid, v as Entry) : null };
  }

  /** A populated relation or media entry: `{ id, attributes }` (the contract's shape; no entry meta). */
  private linkedEntry(uid: string, e: Entry): Omit<RestEntry, 'meta'> {
    const owner = this.model.contentTypes[uid];
    return { id: e.id, attributes: this.attributes(owner, e) };
  }

  private component(uid: string, row: Record<string, unknown>): Record<string, unknown> {
    const comp = this.model.components[uid];
    if (!comp) return { id: row.id };
    return { id: row.id, ...this.attributes(comp, row) };
  }
}

/** Entry-level meta: `availableLocales` (`{ id, locale, publishedAt }` of the other localizations) when the read asked for it. */
function entryMeta(row: Entry): Record<string, unknown> {
  const others = row[AVAILABLE_LOCALES_KEY] as Entry[] | undefined;
  if (!others) return {};
  return { availableLocales: others.map((e) => ({ id: e.id, locale: e.locale, ...(e.publishedAt !== undefined && { publishedAt: e.publishedAt }) })) };
}
