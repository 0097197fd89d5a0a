/**
 * engine/auth: brute-force brake for login and register. Failed attempts are counted per client IP
 * and per identifier (hashed) in the database, so every server process on it sees the same counts;
 * once either count reaches `max` within the window the request is refused with 429 before any
 * password is checked. A successful login clears its identifier's count (not the IP's).
 */
import { createHash } from 'node:crypto';
import { RateLimitError } from '../errors/index.js';
import type { Repository } from '../repository/types.js';

export interface RateLimitSettings {
  /** failures allowed per window; 0 turns the limiter off */
  max: number;
  windowMs: number;
}

export interface LimitBuckets {
  ip?: string;
  identifier?: string;
}

const tooMany = () => new RateLimitError('Too many requests, please try again later.');

export class AuthRateLimiter {
  constructor(private readonly repo: Repository, private readonly settings: RateLimitSettings, private readonly clock: () => number = Date.now) {}

  /** 'login', '10.0.0.7', 'Alice' -> { ip: 'login:ip:10.0.0.7', identifier: 'login:id:<sha256 of alice>' } */
  buckets(action: string, ip: string | undefined, identifier: string | undefined): LimitBuckets {
    const out: LimitBuckets = {};
    if (ip) out.ip = `${action}:ip:${ip.slice(0, 64)}`;
    if (identifier) out.identifier = `${action}:id:${createHash('sha256').update(identifier.trim().toLowerCase()).digest('hex').slice(0, 40)}`;
    return out;
  }

  /** throws RateLimitError when a bucket is full */
  async guard(b: LimitBuckets): Promise<void> {
    if (this.settings.max === 0) return;
    const keys = [b.ip, b.identifier].filter((k): k is string => k !== undefined);
    if ((await this.repo.rateLimits.peek(keys, this.clock(), this.settings.windowMs)) >= this.settings.max) throw tooMany();
  }

  async fail(b: LimitBuckets): Promise<void> {
    if (this.settings.max === 0) return;
    for (const key of [b.ip, b.identifier]) if (key) await this.repo.rateLimits.hit(key, this.clock(), this.settings.windowMs);
  }

  async succeed(b: LimitBuckets): Promise<void> {
    if (this.settings.max === 0 || !b.identifier) return;
    await this.repo.rateLimits.clear(b.identifier);
  }
}
