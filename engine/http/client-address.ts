/**
 * engine/http: who the client is, for the rate limiter. The socket peer, unless the peer is one of
 * TRUSTED_PROXIES: then X-Forwarded-For is read from the right (each proxy appends the address it
 * saw), trusted hops are skipped and the first untrusted one is the client. Hops before it were
 * written by the client and are never read, so a forged X-Forwarded-For moves nothing. With no
 * trusted proxies (the default) the header is ignored.
 */
import { BlockList, isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

/** `::ffff:10.0.0.7` -> `10.0.0.7` */
const unmapped = (address: string) => (address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address);

export class ClientAddress {
  private readonly trusted?: BlockList;

  constructor(proxies: readonly string[]) {
    if (proxies.length === 0) return;
    this.trusted = new BlockList();
    for (const entry of proxies) {
      const [address, bits] = entry.split('/');
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) this.trusted.addAddress(address, family);
      else this.trusted.addSubnet(address, Number(bits), family);
    }
  }

  private isTrusted(address: string): boolean {
    const family = isIP(address);
    return family !== 0 && this.trusted !== undefined && this.trusted.check(address, family === 6 ? 'ipv6' : 'ipv4');
  }

  /**
   *   peer 203.0.113.9 (not trusted), X-Forwarded-For: 1.2.3.4            -> '203.0.113.9'
   *   peer 10.0.0.2 (trusted), X-Forwarded-For: 6.6.6.6, 192.0.2.10        -> '192.0.2.10'
   */
  of(req: IncomingMessage): string | undefined {
    const peer = req.socket.remoteAddress;
    if (!peer || !this.trusted) return peer;
    let client = unmapped(peer);
    if (!this.isTrusted(client)) return client;
    const header = req.headers['x-forwarded-for'];
    const hops = (Array.isArray(header) ? header.join(',') : header ?? '').split(',').map((h) => unmapped(h.trim())).filter(Boolean);
    for (let i = hops.length - 1; i >= 0; i--) {
      client = hops[i].slice(0, 64);
      if (!this.isTrusted(client)) return client;
    }
    return client;
  }
}
