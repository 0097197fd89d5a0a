/**
 * compiler/emit/openapi: the REST operations of every `api` content-type. Collection types get
 * GET/POST /<plural> and GET/PUT/DELETE /<plural>/{id}; single types GET/PUT/DELETE /<singular>.
 * operationId `<singularName>.<action>`, and `x-quire: {uid, action}` for the engine's routing table.
 */
import type { Action, Component, ContentType, NormalizedModel } from '../../model/types.js';
import { accessNote, addOperation, buildOperation, jsonBody, restPath, type OperationSpec } from './operation-builder.js';
import { localeParameter, readParameters } from './query-parameters.js';
import { contentTypeNames, contentTypeOf, MEDIA_UID, ref, type Schema } from './schema-names.js';
import { idParameterRef } from './shared-components.js';

type Paths = Record<string, Record<string, Schema>>;

interface Route {
  readonly method: 'get' | 'post' | 'put' | 'delete';
  readonly byId: boolean;
  readonly action: Action;
}

const COLLECTION_ROUTES: readonly Route[] = [
  { method: 'get', byId: false, action: 'find' },
  { method: 'post', byId: false, action: 'create' },
  { method: 'get', byId: true, action: 'findOne' },
  { method: 'put', byId: true, action: 'update' },
  { method: 'delete', byId: true, action: 'delete' },
];

const SINGLE_ROUTES: readonly Route[] = [
  { method: 'get', byId: false, action: 'find' },
  { method: 'put', byId: false, action: 'update' },
  { method: 'delete', byId: false, action: 'delete' },
];

const SUMMARY: Record<Action, (name: string, single: boolean) => string> = {
  find: (name, single) => (single ? `Get the ${name}` : `List ${name} entries`),
  findOne: (name) => `Get one ${name} entry`,
  create: (name) => `Create a ${name} entry`,
  update: (name, single) => (single ? `Create or update the ${name}` : `Update a ${name} entry`),
  delete: (name, single) => (single ? `Delete the ${name}` : `Delete a ${name} entry`),
};

const DETAIL: Record<Action, (single: boolean) => string> = {
  find: (single) => (single ? 'Answers 404 until the entry exists.' : 'Relations, media, components and dynamic zones are returned only when populated.'),
  findOne: () => 'Relations, media, components and dynamic zones are returned only when populated.',
  create: () => 'Answers the created entry.',
  update: (single) => (single ? 'Creates the entry if it does not exist, otherwise updates it (partial: fields not sent are unchanged).' : 'Partial update: fields not sent are unchanged, null clears a field.'),
  delete: () => 'Answers the deleted entry.',
};

/** media attributes reachable by a file part name: the type's own and those of its single components (nested) */
function mediaFields(model: NormalizedModel, owner: ContentType | Component, prefix: string, depth = 0): [string, boolean][] {
  const out: [string, boolean][] = [];
  for (const name of owner.order) {
    const attr = owner.attributes[name];
    if (attr?.kind === 'media') out.push([`${prefix}${name}`, attr.multiple]);
    else if (attr?.kind === 'component' && !attr.repeatable && depth < 5 && model.components[attr.component]) out.push(...mediaFields(model, model.components[attr.component], `${prefix}${name}.`, depth + 1));
  }
  return out;
}

/**
 * A create or update body: JSON, or (types with media and the upload plugin) multipart/form-data as
 * Strapi v4 takes it: a `data` part with the JSON of `data`, files in `files.<attribute>` parts.
 */
function writeBody(model: NormalizedModel, ct: ContentType, request: string): Schema {
  const body = jsonBody(ref(request));
  const fields = model.contentTypes[MEDIA_UID] ? mediaFields(model, ct, '') : [];
  if (fields.length === 0) return body;
  const binary = { type: 'string', format: 'binary' };
  const properties: Record<string, Schema> = {
    data: { type: 'string', description: `The JSON of the request's data object (${request}.data).` },
  };
  for (const [field, multiple] of fields) properties[`files.${field}`] = multiple ? { type: 'array', items: binary, description: 'Files added to the attribute.' } : { ...binary, description: 'The file of the attribute.' };
  return {
    ...body,
    content: {
      ...(body.content as Record<string, Schema>),
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: ['data'],
          properties,
          description: 'The entry and its files in one request, stored in one transaction: files of repeatable components and dynamic-zone items go in files.<attribute>[<index>].<attribute> parts.',
          additionalProperties: binary,
        },
      },
    },
  };
}

function operationFor(model: NormalizedModel, ct: ContentType, route: Route): OperationSpec {
  const n = contentTypeNames(ct);
  const single = ct.kind === 'singleType';
  const list = route.action === 'find' && !single;
  const parameters: Schema[] = route.byId ? [idParameterRef] : [];
  if (route.method === 'get') parameters.push(...readParameters(model, ct, single ? 'single' : route.byId ? 'one' : 'list'));
  else if (single && ct.localized) parameters.push(localeParameter(model));
  const description = [ct.description, DETAIL[route.action](single), accessNote(model, `${ct.uid}.${route.action}`)]
    .filter((s) => s !== '')
    .join('\n\n');
  return {
    tag: ct.displayName,
    summary: SUMMARY[route.action](ct.displayName, single),
    description,
    operationId: `${ct.singularName}.${route.action}`,
    uid: ct.uid,
    action: route.action,
    parameters,
    ...(route.action === 'create' ? { requestBody: writeBody(model, ct, n.request) } : {}),
    ...(route.action === 'update' ? { requestBody: writeBody(model, ct, n.updateRequest) } : {}),
    success: single && ct.localized && route.action === 'find' ? singleLocalizedResponse(ct) : ref(list ? n.listResponse : n.response),
    successDescription: list ? `A page of ${ct.displayName} entries.` : `The ${ct.displayName} entry.`,
    addressed: route.byId || single,
  };
}

/** A localized single type's GET: one entry, or every localization with `locale=all`. */
function singleLocalizedResponse(ct: ContentType): Schema {
  const n = contentTypeNames(ct);
  return {
    oneOf: [
      ref(n.response),
      { type: 'object', required: ['data', 'meta'], description: 'locale=all: every localization.', properties: { data: { type: 'array', items: ref(n.entry) }, meta: { type: 'object' } } },
    ],
  };
}

/**
 * Add the routes of every `api` type to `paths`: all of them, or, for a project with code
 * (`model.project`), the core routes its routers declare.
 */
export function addContentTypePaths(model: NormalizedModel, prefix: string, apiTypes: readonly string[], paths: Paths): void {
  const declared = model.project && new Set(model.project.routes.filter((r) => r.core).map((r) => `${r.uid}.${r.action}`));
  for (const uid of apiTypes) {
    const ct = contentTypeOf(model, uid);
    const routes = ct.kind === 'singleType' ? SINGLE_ROUTES : COLLECTION_ROUTES;
    for (const route of routes) {
      if (declared && !declared.has(`${uid}.${route.action}`)) continue;
      const path = ct.kind === 'singleType'
        ? restPath(prefix, ct.singularName)
        : route.byId ? restPath(prefix, ct.pluralName, '{id}') : restPath(prefix, ct.pluralName);
      addOperation(paths, path, route.method, buildOperation(operationFor(model, ct, route)));
    }
  }
}

/** Top-level tags: one per routed type, named by its displayName (first description wins on a clash). */
export function contentTypeTags(model: NormalizedModel, uids: readonly string[]): [string, string][] {
  return uids.map((uid) => {
    const ct = contentTypeOf(model, uid);
    const kind = ct.kind === 'singleType' ? 'Single type' : 'Collection type';
    return [ct.displayName, `${kind} ${ct.uid}.${ct.description ? ' ' + ct.description : ''}`];
  });
}
