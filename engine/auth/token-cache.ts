/**
 * engine/auth: a short-lived, per-process memory of API token rows keyed by the key's hash, so a
 * busy client costs one token lookup per TTL instead of one per request. Only found tokens are kept
 * (unknown keys always reach the database); expiry is still checked on every request by the caller.
 * A token row changed or deleted in the database is seen by every process within TTL_MS.
 */
import type { ApiTokenRecord } from '../repository/types.js';

export const TOKEN_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 1_000;

export class ApiTokenCache {
  private readonly entries = new Map<string, { token: ApiTokenRecord; until: number }>();

  constructor(private readonly ttlMs = TOKEN_CACHE_TTL_MS) {}

  /** the cached row for `hash`, or `load(hash)` (remembered when found) */
  async lookup(hash: string, now: number, load: (hash: string) => Promise<ApiTokenRecord | undefined>): Promise<ApiTokenRecord | undefined> {
    const hit = this.entries.get(hash);
    if (hit && hit.until > now) return hit.token;
    const token = await load(hash);
    if (!token) {
      this.entries.delete(hash);
      return undefined;
    }
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(hash, { token, until: now + this.ttlMs });
    return token;
  }

  /** after a touch: later requests see the new lastUsedAt (so the touch is not repeated) */
  touched(hash: string, lastUsedAt: string): void {
    const hit = this.entries.get(hash);
    if (hit) hit.token = { ...hit.token, lastUsedAt };
  }
}
