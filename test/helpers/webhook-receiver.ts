/**
 * test helpers: a real local HTTP server that receives webhooks: records every request (headers and
 * body), answers 200 or, while told to, a failure status; can be stopped and started again on the
 * same port (a receiver that is down for a while).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
  body: any;
  at: number;
}

export class WebhookReceiver {
  /** the requests answered 200 */
  readonly received: Received[] = [];
  /** every request, answered 200 or not */
  readonly attempts: (Received & { answered: number })[] = [];
  /** wait this long before answering */
  delayMs = 0;
  /** answer this status to the next `failing` requests */
  failing = 0;
  failStatus = 503;
  private server: Server | undefined;
  port = 0;

  async start(port = this.port): Promise<this> {
    const server = createServer((req, res) => {
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (raw += c));
      req.on('end', () => {
        let body: unknown;
        try {
          body = JSON.parse(raw);
        } catch {
          body = undefined;
        }
        const r = { headers: req.headers, raw, body, at: Date.now() };
        const answer = () => {
          if (this.failing > 0) {
            this.failing--;
            this.attempts.push({ ...r, answered: this.failStatus });
            res.writeHead(this.failStatus).end('not now');
            return;
          }
          this.attempts.push({ ...r, answered: 200 });
          this.received.push(r);
          res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
        };
        if (this.delayMs > 0) setTimeout(answer, this.delayMs);
        else answer();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hook`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** the requests received so far of `event` */
  of(event: string): Received[] {
    return this.received.filter((r) => r.body?.event === event);
  }

  /** wait until `count` requests have arrived (fails after `timeoutMs`) */
  async waitFor(count: number, timeoutMs = 10_000): Promise<Received[]> {
    const until = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > until) throw new Error(`webhook receiver: ${this.received.length} of ${count} requests after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.received;
  }
}
