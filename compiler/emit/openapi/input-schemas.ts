/**
 * compiler/emit/openapi: request-body schemas. `{data: ArticleInput}` for create (required attributes
 * listed), `{data: ArticleUpdateInput}` for the partial PUT, and component / dynamic-zone inputs.
 * Every attribute is writable, private ones included (marked writeOnly). Drafts skip required and
 * minLength (Strapi v4), so the inputs of draft-and-publish types, and of the components they write,
 * list neither: each such attribute says it in its description ("Required to publish."). Required
 * media are never enforced and never listed. Pure.
 */
import type { Attribute, Component, ContentType, NormalizedModel } from '../../model/types.js';
import { attributeNote, zoneArray } from './entry-schemas.js';
import type { Reachable } from './reachable-types.js';
import { scalarInputSchema } from './scalar-schemas.js';
import { componentNames, componentOf, contentTypeNames, contentTypeOf, describe, orderedAttributes, orNull, ref, SHARED, type Schema } from './schema-names.js';

const RELATION_NOTE = ' Give an id, an array of ids, {id}, {connect, disconnect} or {set}.';
const FILE_ID: Schema = { type: 'integer', minimum: 1 };

const count = (attr: { min?: number; max?: number }): Schema => ({
  ...(attr.min !== undefined ? { minItems: attr.min } : {}),
  ...(attr.max !== undefined ? { maxItems: attr.max } : {}),
});

function baseInput(model: NormalizedModel, attr: Attribute, nullable: boolean, withDefault: boolean): Schema {
  const n = nullable ? { nullable: true } : {};
  switch (attr.kind) {
    case 'scalar':
      return scalarInputSchema(attr, nullable, withDefault);
    case 'relation':
      return ref(nullable ? SHARED.relationInputNullable : SHARED.relationInput);
    case 'media':
      return attr.multiple ? { type: 'array', items: FILE_ID, ...n } : { ...FILE_ID, ...n };
    case 'component': {
      const input = ref(componentNames(componentOf(model, attr.component)).input);
      if (attr.repeatable) return { type: 'array', items: input, ...count(attr), ...n };
      return nullable ? orNull(input) : input;
    }
    case 'dynamiczone':
      return zoneArray(model, attr.components, (c) => componentNames(c).zoneInput, { ...count(attr), ...n });
  }
}

/**
 * The attribute as a draft may send it: not required, no minLength (both apply once published, and
 * its description says so).
 */
function draftView(attr: Attribute): { attr: Attribute; note: string } {
  const notes: string[] = [];
  if (attr.required && attr.kind !== 'media') notes.push('Required to publish.');
  if (attr.kind === 'scalar' && attr.minLength !== undefined) notes.push(`At least ${attr.minLength} characters to publish.`);
  if (notes.length === 0) return { attr, note: '' };
  const view = attr.kind === 'scalar' ? { ...attr, required: false, minLength: undefined } : { ...attr, required: false };
  return { attr: view as Attribute, note: notes.join(' ') };
}

/**
 * Input schema of one attribute; `withDefault` is false for partial updates.
 * `attributeInput(model, article.author, true)` ->
 * `{ description: 'Relation (manyToOne) to api::author.author. Give an id, ...', allOf: [{ $ref: RelationInputNullable }] }`
 */
export function attributeInput(model: NormalizedModel, attr: Attribute, nullable: boolean, withDefault = true, extraNote = ''): Schema {
  let note = attributeNote(attr);
  if (extraNote) note = note ? `${note} ${extraNote}` : extraNote;
  if (attr.kind === 'relation') note += RELATION_NOTE;
  if (attr.kind === 'media') note += ` Give ${attr.multiple ? 'an array of file ids' : 'a file id'} from POST /upload.`;
  if (attr.private) note = (note ? note + ' ' : '') + 'Private: accepted on write, never returned.';
  // a private attribute always has a note, so `describe` never leaves a bare $ref to put writeOnly beside
  const schema = describe(note, baseInput(model, attr, nullable, withDefault));
  return attr.private ? { ...schema, writeOnly: true } : schema;
}

/** Attribute names a create must send: required, without a default, not media (never enforced, as in Strapi v4). */
export function requiredOnCreate(owner: ContentType | Component): string[] {
  return orderedAttributes(owner)
    .filter((a) => a.required && a.kind !== 'media' && !(a.kind === 'scalar' && a.default !== undefined))
    .map((a) => a.name);
}

/** `drafts`: the owner may be written as a draft (required and minLength are left to the description) */
function inputProperties(model: NormalizedModel, owner: ContentType | Component, withDefault: boolean, drafts: boolean): Record<string, Schema> {
  const props: Record<string, Schema> = {};
  for (const attr of orderedAttributes(owner)) {
    const { attr: view, note } = drafts ? draftView(attr) : { attr, note: '' };
    // required media are never enforced (Strapi v4): they take null too
    props[attr.name] = attributeInput(model, view, !view.required || view.kind === 'media', withDefault, note);
  }
  return props;
}

const PUBLISHED_AT: Schema = {
  description: 'Publication date. null saves a draft; omitted on create publishes the entry now.',
  type: 'string',
  format: 'date-time',
  nullable: true,
};

function contentTypeInputs(model: NormalizedModel, ct: ContentType): [string, Schema][] {
  const n = contentTypeNames(ct);
  const drafts = ct.draftAndPublish;
  const props = inputProperties(model, ct, false, drafts);
  if (ct.draftAndPublish) props.publishedAt = PUBLISHED_AT;
  const update: Schema = describe(`Fields of ${ct.uid} to change; fields not sent are unchanged, null clears a field.`, {
    type: 'object',
    properties: props,
  });
  const out: [string, Schema][] = [
    [n.updateInput, update],
    [n.updateRequest, { type: 'object', required: ['data'], properties: { data: ref(n.updateInput) } }],
  ];
  if (ct.kind === 'collectionType') {
    const createProps = inputProperties(model, ct, true, drafts);
    if (ct.draftAndPublish) createProps.publishedAt = PUBLISHED_AT;
    if (ct.localized) createProps.locale = { type: 'string', description: `Locale of the new entry; the default locale (${model.config.i18n.defaultLocale}) when omitted.` };
    const required = drafts ? [] : requiredOnCreate(ct);
    const toPublish = drafts ? requiredOnCreate(ct) : [];
    const note = toPublish.length > 0 ? ` A published entry needs ${toPublish.join(', ')}; a draft (publishedAt: null) may leave them out.` : '';
    out.push([n.input, describe(`Fields of a new ${ct.uid} entry.${note}`, {
      type: 'object',
      ...(required.length > 0 ? { required } : {}),
      properties: createProps,
    })]);
    out.push([n.request, { type: 'object', required: ['data'], properties: { data: ref(n.input) } }]);
  }
  return out;
}

const COMPONENT_ID: Schema = {
  type: 'integer',
  minimum: 1,
  description: 'Id of an existing instance of this component to update in place; omit it to create a new one.',
};

function componentInputs(model: NormalizedModel, c: Component, zone: boolean, drafts: boolean): Schema {
  const required = drafts ? [] : requiredOnCreate(c);
  const props: Record<string, Schema> = zone ? { __component: { type: 'string', enum: [c.uid] } } : {};
  Object.assign(props, { id: COMPONENT_ID }, inputProperties(model, c, true, drafts));
  // with an id the item is a partial update of that instance: the required attributes are
  // required only of a new one (no id)
  return describe(`Input of component ${c.uid} (${c.displayName})${zone ? ' inside a dynamic zone' : ''}.`, {
    type: 'object',
    ...(zone ? { required: ['__component'] } : {}),
    properties: props,
    ...(required.length > 0 ? { anyOf: [{ required: ['id'] }, { required }] } : {}),
  });
}

/** Components a draft-and-publish type writes, directly or nested: a draft skips their required and minLength too. */
function draftComponents(model: NormalizedModel, apiTypes: readonly string[]): Set<string> {
  const out = new Set<string>();
  const queue: string[] = [];
  const push = (owner: ContentType | Component) => {
    for (const attr of Object.values(owner.attributes)) {
      if (attr.kind === 'component') queue.push(attr.component);
      if (attr.kind === 'dynamiczone') queue.push(...attr.components);
    }
  };
  for (const uid of apiTypes) if (contentTypeOf(model, uid).draftAndPublish) push(contentTypeOf(model, uid));
  while (queue.length > 0) {
    const uid = queue.shift() as string;
    if (out.has(uid) || !model.components[uid]) continue;
    out.add(uid);
    push(model.components[uid]);
  }
  return out;
}

export function inputComponentSchemas(model: NormalizedModel, reach: Reachable): [string, Schema][] {
  const out: [string, Schema][] = [];
  const drafts = draftComponents(model, reach.apiTypes);
  for (const uid of reach.apiTypes) out.push(...contentTypeInputs(model, contentTypeOf(model, uid)));
  for (const uid of reach.inputComponents) out.push([componentNames(componentOf(model, uid)).input, componentInputs(model, componentOf(model, uid), false, drafts.has(uid))]);
  for (const uid of reach.zoneInputComponents) out.push([componentNames(componentOf(model, uid)).zoneInput, componentInputs(model, componentOf(model, uid), true, drafts.has(uid))]);
  return out;
}
