/**
 * engine/upload: the storage side of uploaded files. `StoredFiles` turns a spooled file into objects
 * in the storage provider (type checked against the content, dimensions, Strapi's image formats)
 * and the scalar values of its `files` row, and removes a record's objects again. It writes no row:
 * the upload actions (engine/actions/upload-files.ts) do, in one transaction, and call `discard`
 * when that transaction fails, so a failed upload leaves neither a record nor an object.
 */
import { createReadStream } from 'node:fs';
import type { BaseLogger as Logger } from 'pino';
import { ValidationError } from '../errors/index.js';
import { mediaTypeOf } from '../repository/write/write-media.js';
import { detectType } from './detect-type.js';
import { baseName, cleanFileName, extensionOf, fileHash } from './file-naming.js';
import { DEFAULT_IMAGE_SETTINGS, imageInfo, optimizeImage, resizeImage, type ImageSettings } from './image-formats.js';
import type { FileInfo } from './parse-file-info.js';
import type { StorageProvider } from './providers/storage-provider.js';
import type { UploadedFile } from './uploaded-file.js';
import { messages, validationIssue } from '../errors/validation-catalog.js';

export const FILE_UID = 'plugin::upload.file';
/** permissions are `plugin::upload.content-api.<upload|find|findOne|destroy>` */
export const UPLOAD_PERMISSION_UID = 'plugin::upload.content-api';

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
export interface StoredFile {
  readonly scalars: Record<string, unknown>;
  readonly keys: string[];
}

const kilobytes = (bytes: number) => Math.round((bytes / 1000) * 100) / 100;

export class StoredFiles {
  constructor(
    readonly provider: StorageProvider,
    private readonly log: Logger,
    private readonly images: ImageSettings = DEFAULT_IMAGE_SETTINGS,
  ) {}

  /** Every storage key of a record (the original and its formats). */
  keysOf(row: Record<string, unknown>): string[] {
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
  async discard(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.provider.delete(key).catch((err: unknown) => this.log.error({ err, key }, 'upload: could not delete a stored object'))));
  }

  /** Type (refused unless `allowedTypes` has it), dimensions, formats; then the bytes into the provider. */
  async store(file: UploadedFile, info: FileInfo, allowedTypes: readonly string[] = []): Promise<StoredFile> {
    const original = cleanFileName(file.filename);
    const { mime, ext } = await detectType(file.path, original);
    if (allowedTypes.length && !allowedTypes.includes(mediaTypeOf(mime))) {
      throw ValidationError.of([validationIssue(['files'], messages.uploadNotAllowed(original, mime, allowedTypes))]);
    }
    const name = info.name !== undefined ? cleanFileName(info.name) : original;
    // Strapi: basename of (fileInfo.name || filename) without the original's extension
    const hash = fileHash(baseName(name, extensionOf(original) || ext));
    const image = await imageInfo(file.path, mime);
    const resized = image ? await resizeImage(file.path, image, this.images) : [];
    const optimized = image ? await optimizeImage(file.path, image, file.size, this.images) : undefined;
    const size = optimized ? optimized.data.length : file.size;
    const keys: string[] = [];
    try {
      const key = `${hash}${ext}`;
      const stored = await this.provider.upload(optimized ? optimized.data : createReadStream(file.path), key, mime, size);
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
          width: optimized?.width ?? image?.width ?? null,
          height: optimized?.height ?? image?.height ?? null,
          formats: resized.length ? formats : null,
          hash,
          ext,
          mime,
          size: kilobytes(size),
          url: stored.url,
          previewUrl: null,
          provider: this.provider.name,
          provider_metadata: stored.providerMetadata,
        },
      };
    } catch (err) {
      await this.discard(keys);
      throw err;
    }
  }
}
