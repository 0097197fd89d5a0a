/**
 * engine/http REST door: the Content API routes of every content-type (`/api/<plural>`,
 * `/api/<plural>/:id`, `/api/<single>`, `/api/<plural>/:id/localizations`). Each route is bound at
 * boot to its action (engine/actions/entries.ts) and only translates: path, query and body in, the
 * REST envelope out (`{ data: { id, attributes, meta }, meta }`, `meta.pagination` on lists). Create
 * and update also take multipart/form-data (a `data` part and `files.<attribute>` parts, as Strapi v4):
 * engine/actions/entry-files.ts.
 */
import type { ContentType, NormalizedModel } from '../../../compiler/model/types.js';
import type { ActionContext } from '../../actions/action-context.js';
import { createEntry, createLocalization, deleteEntry, readsEveryLocale, updateEntry, type ReadBack, type ReadExtras } from '../../actions/entries.js';
import { answerEntry, answerRead } from '../../actions/read-answer.js';
import { NotFoundError } from '../../errors/index.js';
import type { Entry, FindOnePlan, FindPlan } from '../../plan/types.js';
import { restEntryShape, restListShape } from '../../response/rest-shape.js';
import { flatEntry } from '../../response/shape-flat.js';
import { ok, type BodyKind, type HttpRequest, type Reply, type Route } from '../route.js';
import { parseJsonBody } from '../read-body.js';
import { createEntryWithFiles, multipartBody, updateEntryWithFiles } from '../../actions/entry-files.js';
import type { MultipartBody } from '../read-multipart.js';

export interface RestDoor {
  readonly actions: ActionContext;
  /**
   * how REST reads: createdBy / updatedBy of types with `populateCreatorFields`, entries'
   * `meta.availableLocales`, and `populate=deep` when the project enables its plugin (restReadExtras)
   */
  readonly read: ReadExtras;
}

/** REST's read extras for `model`; `populateDeep` (POPULATE_DEEP) overrides whether the project's strapi-plugin-populate-deep is on. */
export function restReadExtras(model: NormalizedModel, populateDeep?: boolean): ReadExtras {
  const deep = populateDeep === false ? undefined : (model.config.populateDeep ?? (populateDeep ? { defaultDepth: 5 } : undefined));
  // a populated to-many relation answers at most maxLimit entries at every depth, whatever its populate asks
  const relationPages = { defaultLimit: model.config.rest.maxLimit, relationsOnly: true };
  return { creators: true, availableLocales: true, relationPages, ...(deep && { populateDeep: deep }) };
}

type Handler = (door: RestDoor, type: ContentType, r: HttpRequest) => Promise<Reply>;

const dataOf = (body: unknown): Record<string, unknown> | undefined => {
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
};

const back = (door: RestDoor, r: HttpRequest): ReadBack => ({ query: r.query, extras: door.read });

/** an answer's JSON text */
const text = (body: string): Reply => ({ status: 200, jsonText: body });

/** the written entry, answered as a read of the request's query answers it */
const one = (door: RestDoor, r: HttpRequest, uid: string, entry: Entry): Reply =>
  text(answerEntry(door.actions, r.caller, uid, entry, r.query, door.read, (plan) => restEntryShape(door.actions.model, plan)));

/** a read of `type` answered in Strapi v4's REST shape; `one`: an entry by id or the single type's (404 when there is none) */
async function read(door: RestDoor, type: ContentType, r: HttpRequest, list: boolean, id?: string): Promise<Reply> {
  const { model } = door.actions;
  const answer = await answerRead(door.actions, r.caller, {
    uid: type.uid, list, ...(id !== undefined && { id }), query: r.query, extras: door.read,
    shape: (plan) => (plan.kind === 'find' ? restListShape(model, plan as FindPlan) : restEntryShape(model, plan as FindOnePlan)),
    // the plan and shape depend on the query string alone (the door's extras are fixed)
    key: `rest ${list ? 'find' : id === undefined ? 'single' : 'findOne'} ${type.uid} ${r.search}`,
  });
  if (!answer.found) throw new NotFoundError('Not Found');
  return text(answer.text);
}

// a single type read in every locale is a list, without pagination (Strapi v4)
const find: Handler = (door, type, r) => read(door, type, r, type.kind !== 'singleType' || readsEveryLocale(door.actions, type.uid, r.query.locale));

const findOne: Handler = (door, type, r) => read(door, type, r, false, r.params.id);

/** the `data` part of a multipart write, read and checked as a JSON body is */
const multipartData = (r: HttpRequest) => multipartBody((r.multipart as MultipartBody).fields, (text) => parseJsonBody(Buffer.from(text, 'utf8'), 'application/json'));

const create: Handler = async (door, type, r) => {
  if (r.multipart) return one(door, r, type.uid, await createEntryWithFiles(door.actions, r.caller, type.uid, multipartData(r), r.multipart.files, back(door, r)));
  return one(door, r, type.uid, await createEntry(door.actions, r.caller, type.uid, r.body, back(door, r)));
};

const update: Handler = async (door, type, r) => {
  const body = r.multipart ? multipartData(r) : r.body;
  // a single type's locale: `?locale=`, else `data.locale`, else the default
  const locale = type.kind === 'singleType' ? (r.query.locale ?? dataOf(body)?.locale) : undefined;
  if (r.multipart) return one(door, r, type.uid, await updateEntryWithFiles(door.actions, r.caller, type.uid, r.params.id, body as { data: Record<string, unknown> }, r.multipart.files, back(door, r), { locale }));
  return one(door, r, type.uid, await updateEntry(door.actions, r.caller, type.uid, r.params.id, body, back(door, r), { locale }));
};

const remove: Handler = async (door, type, r) => one(door, r, type.uid, await deleteEntry(door.actions, r.caller, type.uid, r.params.id, back(door, r), { locale: r.query.locale }));

/**
 * `POST /api/<plural>/:id/localizations` (single types: `/api/<singular>/localizations`): the body is
 * unwrapped and the answer flat, as Strapi's i18n plugin does; the new entry lists its localizations.
 */
const localization: Handler = async (door, type, r) => {
  const entry = await createLocalization(door.actions, r.caller, type.uid, r.params.id, r.body, { query: { populate: { localizations: {} } } });
  return ok(flatEntry(door.actions.model, type.uid, entry));
};

const HANDLERS: Readonly<Record<string, { handler: Handler; body: BodyKind }>> = {
  find: { handler: find, body: 'none' },
  findOne: { handler: findOne, body: 'none' },
  create: { handler: create, body: 'multipart' },
  update: { handler: update, body: 'multipart' },
  delete: { handler: remove, body: 'none' },
  createLocalization: { handler: localization, body: 'json' },
};

/**
 * The handler of `action` on content-type `uid` (what the route runs after the lifecycle's checks), or
 * undefined when quire has no such action: Strapi's core controller actions, as a project's code calls them.
 */
export function contentHandler(door: RestDoor, uid: string, action: string): ((r: HttpRequest) => Promise<Reply>) | undefined {
  const type = door.actions.model.contentTypes[uid];
  const bound = Object.hasOwn(HANDLERS, action) ? HANDLERS[action] : undefined;
  return type && bound ? (r) => bound.handler(door, type, r) : undefined;
}

/** The route of REST operation `operationId` (action `action` of content-type `uid`), or undefined when quire has no such action. */
export function contentRoute(door: RestDoor, operationId: string, uid: string, action: string): Route | undefined {
  const type = door.actions.model.contentTypes[uid];
  const bound = Object.hasOwn(HANDLERS, action) ? HANDLERS[action] : undefined;
  if (!type || !bound) return undefined;
  const permission = [uid, action] as const;
  return {
    operationId,
    authenticate: true,
    permission,
    query: 'content',
    body: bound.body,
    ...(bound.body === 'multipart' && { multipart: { json: true } }),
    contractBody: bound.body !== 'none',
    handle: (r) => bound.handler(door, type, r),
  };
}
