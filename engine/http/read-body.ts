/**
 * engine/http: read a request body with a size limit. JSON bodies only (other types are a 415);
 * too large -> 413 before the whole body is buffered; bad JSON or bad UTF-8 -> 400.
 */
import type { IncomingMessage } from 'node:http';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../errors/index.js';

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The raw body, refused with 413 as soon as it (or its declared length) passes `limit` bytes. */
export async function readBodyBuffer(req: IncomingMessage, limit: number): Promise<Buffer> {
  const tooLarge = () => new PayloadTooLargeError(`Request body is larger than ${limit} bytes`, { limit });
  if (Number(req.headers['content-length'] ?? NaN) > limit) {
    req.resume();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      req.resume();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const buffer = await readBodyBuffer(req, limit);
  if (buffer.length === 0) return undefined;
  const type = String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json' && !/^application\/[a-z0-9.+-]+\+json$/.test(type))
    throw new UnsupportedMediaTypeError(`Unsupported content type "${type || 'none'}": send application/json`);
  let text: string;
  try {
    text = decoder.decode(buffer);
  } catch {
    throw new ValidationError('Request body is not valid UTF-8');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ValidationError('Request body is not valid JSON');
  }
}
