/**
 * engine/auth: brute-force brake for every credential route (login, register, forgot-password,
 * reset-password, change-password, send-email-confirmation, a user's own password update). Attempts
 * are counted per client IP and per identifier (hashed) in the database, so every server process and
 * both doors see the same counts; once either count reaches `max` within the window the request is
 * refused with 429 before any password is checked. IPv6 clients are counted per /64 network. The
 * actions choose what counts (failed logins; every registration...); a successful login clears its
 * identifier's count (not the IP's).
 */
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
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

/**
 * The address a client is counted under. An IPv6 client usually holds a whole /64 (one customer's
 * network), so rotating the low 64 bits must not give it a fresh count: IPv6 addresses count by
 * their /64 prefix. IPv4 (and IPv4-mapped IPv6) addresses count alone.
 *   clientKey('2001:db8:1:2::a') -> '2001:db8:1:2::/64'; clientKey('::ffff:10.0.0.7') -> '10.0.0.7'
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (isIP(ip) !== 6) return ip.slice(0, 64);
  const [head, tail = ''] = ip.toLowerCase().split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

export class AuthRateLimiter {
  constructor(private readonly repo: Repository, private readonly settings: RateLimitSettings, private readonly clock: () => number = Date.now) {}

  /** 'login', '10.0.0.7', 'Alice' -> { ip: 'login:ip:10.0.0.7', identifier: 'login:id:<sha256 of alice>' } */
  buckets(action: string, ip: string | undefined, identifier: string | undefined): LimitBuckets {
    const out: LimitBuckets = {};
    if (ip) out.ip = `${action}:ip:${clientKey(ip)}`;
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
