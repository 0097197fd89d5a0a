/**
 * engine/webhooks: the signature of a delivery's body, so a receiver holding the secret can tell the
 * request came from this server unchanged: HMAC-SHA256 of the exact body, hex, as `sha256=<hex>`
 * (the form GitHub's X-Hub-Signature-256 uses). Pure.
 *   signPayload('s3cret', '{"event":"entry.create"}') -> 'sha256=6f0d…'
 */
import { createHmac } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Quire-Signature';
export const DELIVERY_HEADER = 'X-Quire-Delivery';

export function signPayload(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}
