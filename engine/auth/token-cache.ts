/**
 * engine/auth: a short-lived, per-process memory of API token rows keyed by the key's hash, so a
 * busy client costs one token lookup per TTL instead of one per request. Only found tokens are kept
 * (unknown keys always reach the database); expiry is still checked on every request by the caller.
 * A token row changed or deleted in the database is seen by every process within TTL_MS. The hashes
 * of keys that found a token are remembered too (at most MAX_ENTRIES), so a known key costs no HMAC.
 */
import type { ApiTokenRecord } from '../repository/types.js';

export const TOKEN_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 1_000;

export class ApiTokenCache {
  private readonly entries = new Map<string, { token: ApiTokenRecord; until: number }>();
  /** key -> hash of keys that found a token (an HMAC-SHA512 per request costs more than the lookup) */
  private readonly hashes = new Map<string, string>();

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

  /** the hash of `key`: remembered when the key found a token (see `found`), else `hash(key)` */
  hashOf(key: string, hash: (key: string) => string): string {
    return this.hashes.get(key) ?? hash(key);
  }

  /** `key` found a token: its hash is remembered (at most MAX_ENTRIES keys, the oldest dropped) */
  found(key: string, hash: string): void {
    if (this.hashes.has(key)) return;
    if (this.hashes.size >= MAX_ENTRIES) this.hashes.delete(this.hashes.keys().next().value as string);
    this.hashes.set(key, hash);
  }

  /** after a touch: later requests see the new lastUsedAt (so the touch is not repeated) */
  touched(hash: string, lastUsedAt: string): void {
    const hit = this.entries.get(hash);
    if (hit) hit.token = { ...hit.token, lastUsedAt };
  }
}
