/**
 * engine/plan: a write body must be `{ data: { ... } }`. Anything else is Strapi's 400
 * 'Missing "data" payload in the request body'. Returns the `data` object; reads nothing else.
 */
import { messages, ValidationError } from '../errors/index.js';
import { isRecord } from '../request/is-record.js';

/** `readBodyData({ data: { title: 'x' } })` -> { title: 'x' }; `readBodyData({ title: 'x' })` -> 400. */
export function readBodyData(body: unknown): Record<string, unknown> {
  if (!isRecord(body) || !isRecord(body.data)) throw new ValidationError(messages.missingData());
  return body.data;
}
