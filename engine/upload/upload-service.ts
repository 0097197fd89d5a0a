/**
 * engine/upload: the upload plugin's logic, shared by REST (upload-routes.ts) and GraphQL
 * (graphql-upload.ts): spooled files -> checked type, dimensions and formats -> objects in the
 * storage provider -> `files` rows (and media links) in one transaction. Objects are stored before
 * the transaction and removed again when anything fails, so a failed upload leaves neither a record
 * nor a file; deleting a record removes its objects after the commit. Answers flat file records.
 */
import { createReadStream } from 'node:fs';
import type { BaseLogger as Logger } from 'pino';
import type { NormalizedModel } from '../../compiler/model/types.js';
import type { Permissions, Principal } from '../auth/permissions.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors/index.js';
import { planFind, planFindOne } from '../plan/index.js';
import type { Entry, WriteData } from '../plan/types.js';
import type { Repository } from '../repository/types.js';
import { mediaTypeOf } from '../repository/write/write-media.js';
import { flatEntry, type FlatEntry } from '../response/shape-flat.js';
import { detectType } from './detect-type.js';
import { baseName, cleanFileName, extensionOf, fileHash } from './file-naming.js';
import { imageInfo, resizeImage } from './image-formats.js';
import type { FileInfo } from './parse-file-info.js';
import type { StorageProvider } from './providers/storage-provider.js';
import type { UploadedFile } from './uploaded-file.js';

export const FILE_UID = 'plugin::upload.file';
/** permissions are `plugin::upload.content-api.<upload|find|findOne|destroy>` */
export const UPLOAD_PERMISSION_UID = 'plugin::upload.content-api';

/** Attach the uploaded files to a media attribute of an entry at once (`ref`, `refId`, `field`). */
export interface UploadLink {
  ref: string;
  refId: string | number;
  field: string;
}

export interface UploadEngine {
  model: NormalizedModel;
  repo: Repository;
  permissions: Permissions;
}

/** A format as Strapi records it in `formats`. */
interface FormatRecord {
  name: string;
  hash: string;
  ext: string;
  mime: string;
  path: null;
  width: number;
  height: number;
  size: number;
  sizeInBytes: number;
  url: string;
}

/** A file ready for its row: bytes already in the provider under `keys`. */
interface StoredFile {
  scalars: Record<string, unknown>;
  keys: string[];
}

const ID = /^[1-9][0-9]{0,9}$/;
const kilobytes = (bytes: number) => Math.round((bytes / 1000) * 100) / 100;
const writeData = (scalars: Record<string, unknown>, media: Record<string, readonly number[]> = {}): WriteData =>
  ({ scalars, relations: {}, media, components: {}, dynamicZones: {} });

function fileId(raw: unknown, notFound: string): number {
  const s = typeof raw === 'number' ? String(raw) : raw;
  if (typeof s !== 'string' || !ID.test(s) || Number(s) > 2147483647) throw new NotFoundError(notFound);
  return Number(s);
}

export class UploadService {
  constructor(
    private readonly engine: UploadEngine,
    readonly provider: StorageProvider,
    private readonly log: Logger,
  ) {}

  private flat(row: Entry): FlatEntry {
    return flatEntry(this.engine.model, FILE_UID, row);
  }

  /** Every storage key of a record (the original and its formats). */
  private keysOf(row: Record<string, unknown>): string[] {
    if (row.provider !== this.provider.name || typeof row.hash !== 'string') return [];
    const keys = [`${row.hash}${typeof row.ext === 'string' ? row.ext : ''}`];
    const formats = row.formats;
    if (formats && typeof formats === 'object') {
      for (const f of Object.values(formats as Record<string, Partial<FormatRecord>>)) {
        if (f && typeof f.hash === 'string') keys.push(`${f.hash}${typeof f.ext === 'string' ? f.ext : ''}`);
      }
    }
    return keys;
  }

  /** Best effort: an object left behind costs storage, never correctness. */
  private async deleteObjects(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.provider.delete(key).catch((err: unknown) => this.log.error({ err, key }, 'upload: could not delete a stored object'))));
  }

  /** Type (refused unless `allowedTypes` has it), dimensions, formats; then the bytes into the provider. */
  private async store(file: UploadedFile, info: FileInfo, allowedTypes: readonly string[] = []): Promise<StoredFile> {
    const original = cleanFileName(file.filename);
    const { mime, ext } = await detectType(file.path, original);
    if (allowedTypes.length && !allowedTypes.includes(mediaTypeOf(mime))) {
      throw ValidationError.of([{ path: ['files'], message: `${original} (${mime}) is not of an allowed type (${allowedTypes.join(', ')})`, name: 'ValidationError' }]);
    }
    const name = info.name !== undefined ? cleanFileName(info.name) : original;
    // Strapi: basename of (fileInfo.name || filename) without the original's extension
    const hash = fileHash(baseName(name, extensionOf(original) || ext));
    const image = await imageInfo(file.path, mime);
    const resized = image ? await resizeImage(file.path, image) : [];
    const keys: string[] = [];
    try {
      const key = `${hash}${ext}`;
      const stored = await this.provider.upload(createReadStream(file.path), key, mime, file.size);
      keys.push(key);
      const formats: Record<string, FormatRecord> = {};
      for (const r of resized) {
        const formatHash = `${r.key}_${hash}`;
        const put = await this.provider.upload(r.data, `${formatHash}${ext}`, mime, r.data.length);
        keys.push(`${formatHash}${ext}`);
        formats[r.key] = {
          name: `${r.key}_${name}`, hash: formatHash, ext, mime, path: null,
          width: r.width, height: r.height, size: kilobytes(r.data.length), sizeInBytes: r.data.length, url: put.url,
        };
      }
      return {
        keys,
        scalars: {
          name,
          alternativeText: info.alternativeText ?? null,
          caption: info.caption ?? null,
          width: image?.width ?? null,
          height: image?.height ?? null,
          formats: resized.length ? formats : null,
          hash,
          ext,
          mime,
          size: kilobytes(file.size),
          url: stored.url,
          previewUrl: null,
          provider: this.provider.name,
          provider_metadata: stored.providerMetadata,
        },
      };
    } catch (err) {
      await this.deleteObjects(keys);
      throw err;
    }
  }

  /** The entry and media attribute `link` names, checked before anything is stored. */
  private checkLink(link: UploadLink, principal: Principal, count: number): { uid: string; id: number; field: string; multiple: boolean; allowedTypes: readonly string[] } {
    const issue = (path: string, message: string) => ValidationError.of([{ path: [path], message, name: 'ValidationError' }]);
    const ct = this.engine.model.contentTypes[link.ref];
    if (!ct || ct.uid === FILE_UID) throw issue('ref', `ref must be the uid of a content-type, got "${link.ref}"`);
    const attr = ct.attributes[link.field];
    if (!attr || attr.kind !== 'media') throw issue('field', `field must be a media attribute of ${link.ref}, got "${link.field}"`);
    const raw = typeof link.refId === 'number' ? String(link.refId) : link.refId;
    if (typeof raw !== 'string' || !ID.test(raw)) throw issue('refId', 'refId must be an entry id');
    if (!attr.multiple && count > 1) throw issue('field', `${link.field} holds a single file`);
    // attaching edits the entry: the requester must be allowed to update it (Strapi checks upload only)
    if (!this.engine.permissions.can(principal, ct.uid, 'update')) throw new ForbiddenError('Forbidden');
    return { uid: ct.uid, id: Number(raw), field: link.field, multiple: attr.multiple, allowedTypes: attr.allowedTypes };
  }

  /**
   * Upload `files` (fileInfo per file) and optionally link them to an entry; the new records in
   * the order the files were sent.
   */
  async upload(files: readonly UploadedFile[], infos: readonly FileInfo[], link: UploadLink | undefined, principal: Principal): Promise<FlatEntry[]> {
    if (files.length === 0) throw new ValidationError('Files are empty');
    const target = link ? this.checkLink(link, principal, files.length) : undefined;
    const stored: StoredFile[] = [];
    try {
      for (const [i, file] of files.entries()) stored.push(await this.store(file, infos[i] ?? {}, target?.allowedTypes));
      const rows = await this.engine.repo.transaction(async (tx) => {
        const ids: number[] = [];
        for (const s of stored) ids.push(await tx.create({ kind: 'create', uid: FILE_UID, data: writeData(s.scalars) }));
        if (target) {
          const entry = await tx.findOne({ kind: 'findOne', uid: target.uid, id: target.id, fields: [], populate: { [target.field]: { fields: [] } }, publicationState: 'preview' });
          if (!entry) throw ValidationError.of([{ path: ['refId'], message: `${target.uid} ${target.id} does not exist`, name: 'ValidationError' }]);
          const before = target.multiple ? ((entry[target.field] as Entry[] | null) ?? []).map((e) => e.id) : [];
          await tx.update({ kind: 'update', uid: target.uid, id: target.id, data: writeData({}, { [target.field]: [...before, ...ids] }) });
        }
        const { entries } = await tx.find({
          kind: 'find', uid: FILE_UID, where: { kind: 'cmp', field: 'id', op: '$in', value: ids }, sort: [],
          page: { style: 'offset', start: 0, limit: ids.length, withCount: false }, populate: {}, publicationState: 'live',
        });
        const byId = new Map(entries.map((e) => [e.id, e]));
        return ids.map((id) => byId.get(id)!);
      });
      return rows.map((r) => this.flat(r));
    } catch (err) {
      await this.deleteObjects(stored.flatMap((s) => s.keys));
      throw err;
    }
  }

  private async mustFind(id: number, notFound: string, repo: Repository = this.engine.repo): Promise<Entry> {
    const row = await repo.findOne({ kind: 'findOne', uid: FILE_UID, id, populate: {}, publicationState: 'live' });
    if (!row) throw new NotFoundError(notFound);
    return row;
  }

  /** `POST /api/upload?id=` without files, GraphQL updateFileInfo: name, alternativeText, caption. */
  async updateInfo(rawId: unknown, info: FileInfo): Promise<FlatEntry> {
    const id = fileId(rawId, 'Entity not found');
    const scalars: Record<string, unknown> = {};
    if (info.name !== undefined) scalars.name = cleanFileName(info.name);
    if (info.alternativeText !== undefined) scalars.alternativeText = info.alternativeText;
    if (info.caption !== undefined) scalars.caption = info.caption;
    const row = await this.engine.repo.transaction(async (tx) => {
      if ((await tx.update({ kind: 'update', uid: FILE_UID, id, data: writeData(scalars) })) === undefined) throw new NotFoundError('Entity not found');
      return this.mustFind(id, 'Entity not found', tx);
    });
    return this.flat(row);
  }

  /**
   * `POST /api/upload?id=` with one file: new content for the record (its links stay). Unlike
   * Strapi, which keeps the hash, the content gets a new key (so no URL ever serves two contents)
   * and the old objects are removed after the commit.
   */
  async replace(rawId: unknown, file: UploadedFile, info: FileInfo): Promise<FlatEntry> {
    const id = fileId(rawId, 'Entity not found');
    const old = await this.mustFind(id, 'Entity not found');
    const stored = await this.store(file, info);
    let row: Entry;
    try {
      row = await this.engine.repo.transaction(async (tx) => {
        const scalars = { ...stored.scalars };
        if (info.alternativeText === undefined) scalars.alternativeText = old.alternativeText ?? null;
        if (info.caption === undefined) scalars.caption = old.caption ?? null;
        if ((await tx.update({ kind: 'update', uid: FILE_UID, id, data: writeData(scalars) })) === undefined) throw new NotFoundError('Entity not found');
        return this.mustFind(id, 'Entity not found', tx);
      });
    } catch (err) {
      await this.deleteObjects(stored.keys);
      throw err;
    }
    await this.deleteObjects(this.keysOf(old));
    return this.flat(row);
  }

  /** `GET /api/upload/files`: the planner's filters, sort, fields and pagination; a plain array. */
  async find(query: unknown, canFind: (uid: string) => boolean): Promise<FlatEntry[]> {
    const plan = planFind(this.engine.model, FILE_UID, query, { canFind });
    const { entries } = await this.engine.repo.find({ ...plan, page: { ...plan.page, withCount: false } });
    return entries.map((e) => this.flat(e));
  }

  async findOne(rawId: unknown, query: unknown, canFind: (uid: string) => boolean): Promise<FlatEntry> {
    const id = fileId(rawId, 'file.notFound');
    const row = await this.engine.repo.findOne(planFindOne(this.engine.model, FILE_UID, id, query, { canFind }));
    if (!row) throw new NotFoundError('file.notFound');
    return this.flat(row);
  }

  /** Delete the record (its media links go with it) and then its objects; the record as it was. */
  async remove(rawId: unknown, notFound = 'file.notFound'): Promise<FlatEntry> {
    const id = fileId(rawId, notFound);
    const row = await this.engine.repo.transaction(async (tx) => {
      const found = await this.mustFind(id, notFound, tx);
      if ((await tx.delete({ kind: 'delete', uid: FILE_UID, id })) === undefined) throw new NotFoundError(notFound);
      return found;
    });
    await this.deleteObjects(this.keysOf(row));
    return this.flat(row);
  }
}
