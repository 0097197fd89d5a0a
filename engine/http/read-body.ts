/**
 * engine/http: read a request body with a size limit. JSON bodies only (other types are a 415);
 * too large -> 413 before the whole body is buffered; bad JSON, bad UTF-8, prototype keys or NUL
 * characters -> 400 (engine/request/assert-safe-body.ts).
 */
import type { IncomingMessage } from 'node:http';
import { messages, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../errors/index.js';
import { assertSafeBody } from '../request/index.js';

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

/**
 * A JSON body, size-limited, checked (valid UTF-8, no prototype keys or NUL at any depth: assertSafeBody);
 * undefined when empty. 415 for any other content type, 400 for bad JSON.
 */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  return parseJsonBody(await readBodyBuffer(req, limit), req.headers['content-type']);
}

/** `readJsonBody` for bytes already read (`raw` and non-multipart `multipart` routes). */
export function parseJsonBody(buffer: Buffer, contentType: string | undefined): unknown {
  if (buffer.length === 0) return undefined;
  const type = String(contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json' && !/^application\/[a-z0-9.+-]+\+json$/.test(type))
    throw new UnsupportedMediaTypeError(`Unsupported content type "${type || 'none'}": send application/json`);
  let text: string;
  try {
    text = decoder.decode(buffer);
  } catch {
    throw new ValidationError(messages.bodyNotUtf8());
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ValidationError(messages.bodyNotJson());
  }
  assertSafeBody(body);
  return body;
}
