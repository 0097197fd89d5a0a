/**
 * engine/http: a multipart/form-data request body -> its text fields and its files, each file
 * spooled to a private temporary file (busboy streams; nothing is held in memory). Limits: bytes per
 * file (413, checked while streaming), files, fields and field size per request. Any failure removes
 * every temporary file it made; on success the caller owns them until `dispose()`.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { messages, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../errors/index.js';
import { UPLOADED_FILE, type UploadedFile } from '../upload/uploaded-file.js';

export interface MultipartLimits {
  maxFileSize: number;
  maxFiles: number;
  /** bytes of one text field */
  maxFieldSize: number;
  tmpDir: string;
}

export interface MultipartBody {
  /** text fields in arrival order; a repeated name keeps every value */
  fields: Map<string, string[]>;
  files: UploadedFile[];
  /** remove the temporary files (idempotent) */
  dispose(): Promise<void>;
}

const MAX_FIELDS = 50;

export function isMultipart(req: IncomingMessage): boolean {
  return /^multipart\/form-data\b/i.test(String(req.headers['content-type'] ?? ''));
}

const tooLarge = (limit: number) => new PayloadTooLargeError(`File is larger than ${limit} bytes`, { limit });

async function removeAll(paths: readonly string[]): Promise<void> {
  await Promise.all(paths.map((p) => unlink(p).catch(() => undefined)));
}

/**
 *   readMultipart(req, limits) -> { fields: Map { 'fileInfo' => ['{"name":"a.png"}'] },
 *                                   files: [{ field: 'files', filename: 'a.png', path: '/tmp/quire-upload-…', size: 14267 }] }
 */
export async function readMultipart(req: IncomingMessage, limits: MultipartLimits): Promise<MultipartBody> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  // room for every file at its limit plus the fields and part headers
  if (declared > limits.maxFiles * limits.maxFileSize + (MAX_FIELDS + 1) * limits.maxFieldSize + 1024 * 1024) {
    req.resume();
    throw tooLarge(limits.maxFileSize);
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      // busboy reports 'limit' on reaching fileSize: one byte more lets a file of exactly the maximum through
      limits: { fileSize: limits.maxFileSize + 1, files: limits.maxFiles, fields: MAX_FIELDS, fieldSize: limits.maxFieldSize, parts: limits.maxFiles + MAX_FIELDS, headerPairs: 100 },
    });
  } catch {
    req.resume();
    throw new UnsupportedMediaTypeError('Expected a multipart/form-data body with a boundary');
  }
  await mkdir(limits.tmpDir, { recursive: true });

  const fields = new Map<string, string[]>();
  const files: UploadedFile[] = [];
  const temps: string[] = [];
  const active = new Set<Readable>();
  const writes: Promise<void>[] = [];

  return new Promise<MultipartBody>((resolve, reject) => {
    let failure: Error | undefined;
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      void Promise.allSettled(writes).then(async () => {
        if (failure) {
          await removeAll(temps);
          reject(failure);
          return;
        }
        let disposed: Promise<void> | undefined;
        resolve({ fields, files, dispose: () => (disposed ??= removeAll(temps)) });
      });
    };
    const fail = (err: Error) => {
      if (failure) return;
      failure = err;
      req.unpipe(parser);
      req.resume();
      // with an error: a file stream destroyed without one can leave its pipeline unsettled
      for (const s of active) s.destroy(err);
      settle();
    };

    parser.on('field', (name, value, info) => {
      if (failure) return;
      if (info.valueTruncated) return fail(new PayloadTooLargeError(`Field "${name}" is larger than ${limits.maxFieldSize} bytes`, { limit: limits.maxFieldSize }));
      fields.set(name, [...(fields.get(name) ?? []), value]);
    });
    parser.on('file', (field, stream, info) => {
      if (failure) {
        stream.resume();
        return;
      }
      const path = join(limits.tmpDir, `quire-upload-${randomBytes(12).toString('hex')}`);
      temps.push(path);
      const file: UploadedFile = { [UPLOADED_FILE]: true, field, filename: info.filename ?? '', declaredMime: info.mimeType, path, size: 0 };
      active.add(stream);
      stream.on('data', (chunk: Buffer) => {
        file.size += chunk.length;
      });
      stream.on('limit', () => fail(tooLarge(limits.maxFileSize)));
      const out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
      // a destroyed write stream may still open (and create) its file: settle only once it has closed
      writes.push(new Promise<void>((done) => out.once('close', () => done())));
      writes.push(
        pipeline(stream, out).then(
          () => {
            active.delete(stream);
            if (!failure) files.push(file);
          },
          (err: Error) => {
            active.delete(stream);
            fail(failure ?? err);
          },
        ),
      );
    });
    parser.on('filesLimit', () => fail(new PayloadTooLargeError(`At most ${limits.maxFiles} files per request`, { limit: limits.maxFiles })));
    parser.on('fieldsLimit', () => fail(new PayloadTooLargeError(`At most ${MAX_FIELDS} fields per request`, { limit: MAX_FIELDS })));
    parser.on('partsLimit', () => fail(new PayloadTooLargeError('Too many parts in the request body')));
    parser.on('error', () => fail(new ValidationError(messages.multipartMalformed())));
    parser.on('close', settle);
    req.on('aborted', () => fail(new ValidationError(messages.requestAborted())));
    req.on('error', (err) => fail(err));
    req.pipe(parser);
  }).then((body) => {
    // files finished in arrival order of their parts, not of their last bytes
    body.files.sort((a, b) => temps.indexOf(a.path) - temps.indexOf(b.path));
    return body;
  });
}
