/**
 * engine/webhooks: one HTTP attempt: POST the body with the webhook's headers, then Strapi's
 * (`X-Strapi-Event`, `Content-Type`: the webhook's cannot replace them), the delivery id and, with a secret, the signature.
 * Answers whether the receiver took it (2xx), its status, or why there was none. Never throws.
 */
import { DELIVERY_HEADER, SIGNATURE_HEADER, signPayload } from './sign-payload.js';

export interface PostResult {
  readonly ok: boolean;
  /** the receiver's status; null when it did not answer */
  readonly status: number | null;
  readonly error: string | null;
}

export interface PostRequest {
  url: string;
  event: string;
  body: string;
  headers: Readonly<Record<string, string>>;
  deliveryId?: string;
  secret?: string;
  timeoutMs: number;
  /** aborts the attempt (the server is stopping) */
  signal?: AbortSignal;
}

/**
 *   await postWebhook({ url: 'http://127.0.0.1:4000/hook', event: 'entry.create', body: '{…}', headers: {}, deliveryId, timeoutMs: 10000 })
 *   -> { ok: true, status: 200, error: null }
 */
export async function postWebhook(r: PostRequest): Promise<PostResult> {
  const headers: Record<string, string> = { ...r.headers, 'X-Strapi-Event': r.event, 'Content-Type': 'application/json' };
  if (r.deliveryId) headers[DELIVERY_HEADER] = r.deliveryId;
  if (r.secret) headers[SIGNATURE_HEADER] = signPayload(r.secret, r.body);
  const timeout = AbortSignal.timeout(r.timeoutMs);
  const signal = r.signal ? AbortSignal.any([timeout, r.signal]) : timeout;
  try {
    const res = await fetch(r.url, { method: 'POST', headers, body: r.body, signal });
    await res.arrayBuffer().catch(() => undefined);
    return { ok: res.ok, status: res.status, error: res.ok ? null : `HTTP ${res.status}` };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    const why = timeout.aborted ? `no answer within ${r.timeoutMs} ms` : e.cause?.code ?? e.cause?.message ?? e.message;
    return { ok: false, status: null, error: String(why) };
  }
}
