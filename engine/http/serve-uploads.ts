/**
 * engine/http: GET/HEAD `/uploads/<key>` for the upload plugin's local provider. Only names the
 * upload service makes are served (one path segment of letters, digits, `_`, `-` and an extension):
 * no directory listing, no traversal, no hidden or partial files. Content-Type from the key's
 * extension (which the content decided), nosniff and a sandboxing CSP so an uploaded HTML or SVG
 * file cannot run script on this origin; Cache-Control, a weak ETag and Last-Modified with 304s; one
 * byte range.
 */
import { stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { NotFoundError } from '../errors/index.js';
import type { Reply, Route } from './route.js';
import { contentTypeOf } from '../upload/detect-type.js';
import { SAFE_KEY } from '../upload/providers/storage-provider.js';

export class UploadsServer {
  constructor(
    private readonly dir: string,
    private readonly cacheMaxAge: number,
  ) {}

  /** `GET`/`HEAD` `/uploads/*`: no credentials are read (the files are public, as Strapi serves them) */
  route(): Route {
    return { authenticate: false, query: 'none', body: 'none', handle: (r) => this.reply(r.raw, r.params['*'] ?? '') };
  }

  /** the answer for the object `key` (the path after `/uploads/`) */
  async reply(req: IncomingMessage, key: string): Promise<Reply> {
    if (!SAFE_KEY.test(key)) throw new NotFoundError('Not Found');
    const path = join(this.dir, key);
    const info = await stat(path).catch(() => undefined);
    if (!info || !info.isFile()) throw new NotFoundError('Not Found');

    // objects are written once under a new key and never modified: size + mtime is a strong validator
    const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    const lastModified = new Date(Math.floor(info.mtimeMs / 1000) * 1000);
    const headers: Record<string, string> = {
      'Content-Type': contentTypeOf(key),
      'Cache-Control': `public, max-age=${this.cacheMaxAge}`,
      ETag: etag,
      'Last-Modified': lastModified.toUTCString(),
      'Accept-Ranges': 'bytes',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
      'Cross-Origin-Resource-Policy': 'cross-origin',
    };
    if (notModified(req, etag, lastModified)) return { status: 304, headers };
    const range = parseRange(req, etag, lastModified, info.size);
    if (range === 'unsatisfiable') return { status: 416, headers: { ...headers, 'Content-Range': `bytes */${info.size}` } };
    if (range) {
      const [start, end] = range;
      return { status: 206, headers: { ...headers, 'Content-Range': `bytes ${start}-${end}/${info.size}` }, file: { path, start, end } };
    }
    return { status: 200, headers, file: { path, start: 0, end: info.size - 1 } };
  }
}

function notModified(req: IncomingMessage, etag: string, lastModified: Date): boolean {
  const inm = req.headers['if-none-match'];
  if (inm !== undefined) return inm.split(',').some((t) => t.trim() === '*' || t.trim().replace(/^W\//, '') === etag);
  const ims = req.headers['if-modified-since'];
  if (ims === undefined) return false;
  const since = Date.parse(ims);
  return !Number.isNaN(since) && lastModified.getTime() <= since;
}

/** `Range: bytes=a-b` (one range) -> [start, end]; several ranges or a stale If-Range -> the whole file. */
function parseRange(req: IncomingMessage, etag: string, lastModified: Date, size: number): [number, number] | 'unsatisfiable' | undefined {
  const header = req.headers.range;
  if (!header || size === 0) return undefined;
  const ifRange = req.headers['if-range'] as string | undefined;
  if (ifRange !== undefined && ifRange !== etag && Date.parse(ifRange) !== lastModified.getTime()) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return [start, end];
}
