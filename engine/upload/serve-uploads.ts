/**
 * engine/upload: GET/HEAD `/uploads/<key>` for the local provider. Only names the upload service
 * makes are served (one path segment of letters, digits, `_`, `-` and an extension): no directory
 * listing, no traversal, no hidden or partial files. Content-Type from the key's extension (which
 * the content decided), nosniff and a sandboxing CSP so an uploaded HTML or SVG file cannot run
 * script on this origin; Cache-Control, a weak ETag and Last-Modified with 304s; one byte range.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MethodNotAllowedError, NotFoundError } from '../errors/index.js';
import { contentTypeOf } from './detect-type.js';
import { LOCAL_URL_PREFIX } from './providers/local-provider.js';
import { SAFE_KEY } from './providers/storage-provider.js';

export class UploadsServer {
  constructor(
    private readonly dir: string,
    private readonly cacheMaxAge: number,
  ) {}

  matches(pathname: string): boolean {
    return pathname === LOCAL_URL_PREFIX || pathname.startsWith(LOCAL_URL_PREFIX + '/');
  }

  async serve(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    const method = req.method ?? 'GET';
    const key = pathname.slice(LOCAL_URL_PREFIX.length + 1);
    if (!SAFE_KEY.test(key)) throw new NotFoundError('Not Found');
    if (method !== 'GET' && method !== 'HEAD') throw new MethodNotAllowedError('Method Not Allowed', { allowed: ['GET', 'HEAD'] });
    const path = join(this.dir, key);
    const info = await stat(path).catch(() => undefined);
    if (!info || !info.isFile()) throw new NotFoundError('Not Found');

    // objects are written once under a new key and never modified: size + mtime is a strong validator
    const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    const lastModified = new Date(Math.floor(info.mtimeMs / 1000) * 1000);
    res.setHeader('Content-Type', contentTypeOf(key));
    res.setHeader('Cache-Control', `public, max-age=${this.cacheMaxAge}`);
    res.setHeader('ETag', etag);
    res.setHeader('Last-Modified', lastModified.toUTCString());
    res.setHeader('Accept-Ranges', 'bytes');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox");
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');

    if (notModified(req, etag, lastModified)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    let start = 0;
    let end = info.size - 1;
    const range = parseRange(req, etag, lastModified, info.size);
    if (range === 'unsatisfiable') {
      res.statusCode = 416;
      res.setHeader('Content-Range', `bytes */${info.size}`);
      res.end();
      return;
    }
    if (range) {
      [start, end] = range;
      res.statusCode = 206;
      res.setHeader('Content-Range', `bytes ${start}-${end}/${info.size}`);
    } else res.statusCode = 200;
    res.setHeader('Content-Length', info.size === 0 ? 0 : end - start + 1);
    if (method === 'HEAD' || info.size === 0) {
      res.end();
      return;
    }
    await pipeline(createReadStream(path, { start, end }), res).catch((err: NodeJS.ErrnoException) => {
      // the client went away mid-body: nothing to answer
      if (err.code !== 'ERR_STREAM_PREMATURE_CLOSE') throw err;
    });
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
