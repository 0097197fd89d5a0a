/**
 * engine/http: benchmark counters, off unless QUIRE_COUNT_QUERIES=1. Counts SQL statements (the
 * repository's onQuery hook) and requests, and answers `GET /_quire/stats` with both plus the
 * process's memory, so `make bench` can report statements per request of a server in another process.
 * Two integer increments per request when on; nothing at all when off.
 */
import type { IncomingMessage } from 'node:http';
import { getHeapSpaceStatistics } from 'node:v8';
import type { RouteEntry } from './route-entry.js';

export const STATS_PATH = '/_quire/stats';

export interface QueryStats {
  /** the repository's onQuery hook */
  readonly onQuery: (sql: string) => void;
  /** counts a request (not the stats request itself) */
  count(req: IncomingMessage): void;
  /** `GET /_quire/stats`: served by the request lifecycle like any route, without credentials */
  readonly route: RouteEntry;
}

/** `{ QUIRE_COUNT_QUERIES: '1' }` -> counters; anything else -> undefined (the default). */
export function queryStatsFromEnv(env: NodeJS.ProcessEnv): QueryStats | undefined {
  return env.QUIRE_COUNT_QUERIES === '1' ? createQueryStats() : undefined;
}

export function createQueryStats(): QueryStats {
  let statements = 0;
  let requests = 0;
  return {
    onQuery: () => void statements++,
    count(req) {
      if (req.url !== STATS_PATH) requests++;
    },
    route: {
      methods: ['GET'],
      path: STATS_PATH,
      route: {
        authenticate: false, query: 'none', body: 'none',
        handle: async () => {
          const mem = process.memoryUsage();
          const spaces = Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size]));
          const cpu = process.cpuUsage();
          return { status: 200, json: { pid: process.pid, statements, requests, cpuMicros: cpu.user + cpu.system, rss: mem.rss, heapTotal: mem.heapTotal, heapUsed: mem.heapUsed, external: mem.external, maxRss: process.resourceUsage().maxRSS * 1024, spaces } };
        },
      },
    },
  };
}
