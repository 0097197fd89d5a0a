/**
 * engine/actions: a multipart create or update of an entry, as Strapi v4 takes it: a `data` part (the
 * JSON of `{ data }`) and file parts named `files.<attribute>`, `files.<component>.<attribute>` or
 * `files.<component>[i].<attribute>` (repeatable components and dynamic-zone items by index). The
 * file part that names no media attribute is ignored (not stored) and named in a log line, as Strapi
 * ignores it. The files go to the storage provider first (type checked against the attribute's
 * `allowedTypes`); then
 * one transaction makes their rows, puts their ids into the body at their attribute (after any ids it
 * sends; an update appends to the files an entry already has), and writes the entry. If anything fails,
 * no entry, row, link or stored object remains.
 */
import type { Attribute, Component, ContentType, MediaAttribute, NormalizedModel } from '../../compiler/model/types.js';
import { messages, ValidationError, validationIssue } from '../errors/index.js';
import { planUpdate } from '../plan/index.js';
import type { Entry } from '../plan/types.js';
import type { StoredFile } from '../upload/stored-files.js';
import type { UploadedFile } from '../upload/uploaded-file.js';
import type { ActionContext, Caller } from './action-context.js';
import { createEntry, updateEntry, type ReadBack, type WriteOptions } from './entries.js';
import { parseEntryId } from './entry-id.js';
import { insertFileRows } from './upload-files.js';

type Data = Record<string, unknown>;
type Segment = string | number;

/** where a group of files goes: the path of its media attribute inside `data` */
interface FileTarget {
  readonly field: string;
  readonly path: readonly Segment[];
  readonly attr: MediaAttribute;
  readonly files: UploadedFile[];
}

const isObject = (v: unknown): v is Data => typeof v === 'object' && v !== null && !Array.isArray(v);
/** a part name that leads to no media attribute (ignored by the caller) */
const refuse = (field: string) => new Error(`${field} names no media attribute`);

/** `files.links[0].image` -> ['links', 0, 'image'] */
function segmentsOf(field: string): Segment[] {
  return (field.slice('files.'.length).match(/[^.[\]]+/g) ?? []).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** the media attribute a part's name leads to through `data`, or a 400 naming the part */
function resolveTarget(model: NormalizedModel, type: ContentType, data: Data, field: string): { path: Segment[]; attr: MediaAttribute } {
  const path = segmentsOf(field);
  let owner: ContentType | Component = type;
  let value: unknown = data;
  for (let i = 0; i < path.length; i++) {
    const name = path[i];
    const attr: Attribute | undefined = typeof name === 'string' ? owner.attributes[name] : undefined;
    if (!attr) throw refuse(field);
    if (attr.kind === 'media') {
      if (i !== path.length - 1) throw refuse(field);
      return { path, attr };
    }
    const inner: unknown = isObject(value) ? value[attr.name] : undefined;
    if (attr.kind === 'component' && !attr.repeatable) {
      owner = model.components[attr.component];
      value = inner;
      continue;
    }
    if (attr.kind !== 'component' && attr.kind !== 'dynamiczone') throw refuse(field);
    const index = path[++i];
    const item: unknown = Array.isArray(inner) && typeof index === 'number' ? inner[index] : undefined;
    if (!isObject(item)) throw refuse(field);
    const uid: string = attr.kind === 'component' ? attr.component : String(item.__component);
    if (!model.components[uid]) throw refuse(field);
    owner = model.components[uid];
    value = item;
  }
  throw refuse(field);
}

/** group the file parts by attribute (parts for no media attribute go to `ignored`); a single media takes one file */
function targetsOf(model: NormalizedModel, type: ContentType, data: Data, files: readonly UploadedFile[], ignored: string[]): FileTarget[] {
  const byField = new Map<string, FileTarget>();
  for (const file of files) {
    const known = byField.get(file.field);
    if (known) {
      known.files.push(file);
      continue;
    }
    let target: { path: Segment[]; attr: MediaAttribute };
    try {
      if (!file.field.startsWith('files.')) throw refuse(file.field);
      target = resolveTarget(model, type, data, file.field);
    } catch {
      if (!ignored.includes(file.field)) ignored.push(file.field);
      continue;
    }
    byField.set(file.field, { field: file.field, ...target, files: [file] });
  }
  for (const t of byField.values()) {
    if (!t.attr.multiple && t.files.length > 1) throw ValidationError.of([validationIssue([t.field], messages.uploadSingleFile(t.field.slice('files.'.length)))]);
  }
  return [...byField.values()];
}

/** `data` with `ids` at `path` (a copy; single components made when absent) */
function withIds(data: Data, path: readonly Segment[], attr: MediaAttribute, ids: readonly number[], before: readonly number[]): Data {
  const root = structuredClone(data);
  let node: Record<string | number, unknown> = root;
  for (const seg of path.slice(0, -1)) {
    const next = node[seg];
    if (next === undefined || next === null) node[seg] = {};
    node = node[seg] as Record<string | number, unknown>;
  }
  const last = path[path.length - 1];
  const sent = node[last];
  const prior = Array.isArray(sent) ? (sent as number[]) : sent === undefined || sent === null ? [...before] : [sent as number];
  node[last] = attr.multiple ? [...prior, ...ids] : ids[0];
  return root;
}

async function storeAll(ctx: ActionContext, targets: readonly FileTarget[]): Promise<Map<FileTarget, StoredFile[]>> {
  const files = ctx.files;
  if (!files) throw new ValidationError(messages.filesEmpty());
  const out = new Map<FileTarget, StoredFile[]>();
  try {
    for (const t of targets) {
      const stored: StoredFile[] = [];
      out.set(t, stored);
      for (const f of t.files) stored.push(await files.store(f, {}, t.attr.allowedTypes));
    }
  } catch (err) {
    await files.discard([...out.values()].flat().flatMap((s) => s.keys));
    throw err;
  }
  return out;
}

/** the body of a multipart request: `{ data }` from its `data` part */
export function multipartBody(fields: ReadonlyMap<string, readonly string[]>, parse: (text: string) => unknown): { data: Data } {
  const text = fields.get('data')?.at(-1);
  const data = text === undefined ? undefined : parse(text);
  if (!isObject(data)) throw ValidationError.of([validationIssue(['data'], messages.multipartData())]);
  return { data };
}

async function writeWithFiles(
  ctx: ActionContext, uid: string, body: { data: Data }, files: readonly UploadedFile[], currentId: number | undefined,
  write: (complete: Parameters<typeof createEntry>[6]) => Promise<Entry>,
): Promise<Entry> {
  const type = ctx.model.contentTypes[uid];
  const ignored: string[] = [];
  const targets = targetsOf(ctx.model, type, body.data, files, ignored);
  if (ignored.length > 0) ctx.log?.info({ uid, ignored }, 'multipart write: file parts that name no media attribute were ignored');
  const stored = await storeAll(ctx, targets);
  try {
    return await write(async (tx, queue) => {
      let data = body.data;
      for (const t of targets) {
        const rows = await insertFileRows(tx, queue, stored.get(t) ?? []);
        let before: number[] = [];
        // an update appends to the files the entry has (an attribute of the entry itself, not sent)
        if (currentId !== undefined && t.attr.multiple && t.path.length === 1 && body.data[t.attr.name] === undefined) {
          const entry = await tx.findOne({ kind: 'findOne', uid, id: currentId, fields: [], populate: { [t.attr.name]: { fields: [] } }, publicationState: 'preview' });
          before = ((entry?.[t.attr.name] as Entry[] | null | undefined) ?? []).map((e) => e.id);
        }
        data = withIds(data, t.path, t.attr, rows.map((r) => r.id), before);
      }
      return { data };
    });
  } catch (err) {
    await ctx.files?.discard([...stored.values()].flat().flatMap((s) => s.keys));
    throw err;
  }
}

/** multipart `POST /api/<plural>`: the entry and its files, in one transaction */
export async function createEntryWithFiles(ctx: ActionContext, caller: Caller, uid: string, body: { data: Data }, files: readonly UploadedFile[], back: ReadBack, options: WriteOptions = {}): Promise<Entry> {
  return writeWithFiles(ctx, uid, body, files, undefined, (complete) => createEntry(ctx, caller, uid, body, back, options, complete));
}

/** multipart `PUT /api/<plural>/:id` (single types: `rawId` undefined): the entry and its new files, in one transaction */
export async function updateEntryWithFiles(ctx: ActionContext, caller: Caller, uid: string, rawId: unknown, body: { data: Data }, files: readonly UploadedFile[], back: ReadBack, options: WriteOptions = {}): Promise<Entry> {
  const type = ctx.model.contentTypes[uid];
  const id = type?.kind === 'collectionType' ? parseEntryId(rawId) : undefined;
  // the body's own mistakes first, before any file is stored (as lenient as a draft: the write checks the rest)
  if (type) planUpdate(ctx.model, uid, id, body, { now: ctx.now(), draft: true });
  return writeWithFiles(ctx, uid, body, files, id, (complete) => updateEntry(ctx, caller, uid, rawId, body, back, options, complete));
}
