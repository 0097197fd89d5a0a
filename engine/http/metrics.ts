/**
 * engine/http: Prometheus metrics (prom-client) of one server process: requests by route and
 * status, a request duration histogram, SQL statements, GraphQL operations, open database
 * connections, the prepared reads (kept, hits, misses), and prom-client's default process metrics. The lifecycle and the GraphQL door report
 * into it; `route()` answers `GET /metrics` in the text exposition format. No other state.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { UnauthorizedError } from '../errors/index.js';
import type { Route } from './route.js';

export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({ name: 'quire_http_requests_total', help: 'HTTP requests answered, by method, route and status', labelNames: ['method', 'route', 'status'], registers: [this.registry] });
  private readonly duration = new Histogram({
    name: 'quire_http_request_duration_seconds', help: 'time from the request to the end of its answer, by method and route', labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10], registers: [this.registry],
  });
  private readonly statements = new Counter({ name: 'quire_db_statements_total', help: 'SQL statements sent to the database', registers: [this.registry] });
  private readonly operations = new Counter({ name: 'quire_graphql_operations_total', help: 'GraphQL operations executed, by type (query, mutation)', labelNames: ['type'], registers: [this.registry] });

  /**
   * `openConnections`: the pool's open connections now; `maxConnections`: its size; `reads`: the
   * prepared reads (engine/actions/prepared-reads.ts), read at each scrape
   */
  constructor(pool: { openConnections: () => number; maxConnections: number }, reads?: { readonly hits: number; readonly misses: number; readonly size: number }) {
    collectDefaultMetrics({ register: this.registry });
    if (reads) {
      const total = (name: string, help: string, value: () => number) =>
        new Counter({ name, help, registers: [this.registry], collect() { this.reset(); this.inc(value()); } });
      total('quire_prepared_reads_hits_total', 'reads answered with a plan, shape and statement prepared for an earlier request', () => reads.hits);
      total('quire_prepared_reads_misses_total', 'reads prepared anew (a new query, permissions or locales)', () => reads.misses);
      new Gauge({ name: 'quire_prepared_reads_kept', help: 'prepared reads kept now (bounded)', registers: [this.registry], collect() { this.set(reads.size); } });
    }
    new Gauge({ name: 'quire_db_pool_connections_open', help: 'database connections the pool holds open', registers: [this.registry], collect() { this.set(pool.openConnections()); } });
    new Gauge({ name: 'quire_db_pool_connections_max', help: 'the pool size', registers: [this.registry], collect() { this.set(pool.maxConnections); } });
  }

  /** one answered request; `route` is the matched path pattern (`/api/articles/{id}`), or `unmatched` */
  request(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.duration.observe({ method, route }, seconds);
  }

  statement(): void {
    this.statements.inc();
  }

  graphqlOperation(type: string): void {
    this.operations.inc({ type });
  }

  /** `GET /metrics`; with `token`, only `Authorization: Bearer <token>` is answered (else 401) */
  route(token?: string): Route {
    const expected = token === undefined ? undefined : createHash('sha256').update(token).digest();
    return {
      authenticate: false, query: 'none', body: 'none',
      handle: async (r) => {
        if (expected) {
          const header = r.raw.headers.authorization ?? '';
          const given = createHash('sha256').update(header.startsWith('Bearer ') ? header.slice(7) : '').digest();
          if (!timingSafeEqual(given, expected)) throw new UnauthorizedError('Missing or invalid credentials');
        }
        return { status: 200, headers: { 'Content-Type': this.registry.contentType }, payload: await this.registry.metrics() };
      },
    };
  }
}
