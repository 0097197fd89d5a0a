/**
 * engine/http: benchmark counters, off unless QUIRE_COUNT_QUERIES=1. Counts SQL statements (the
 * repository's onQuery hook) and requests, and answers `GET /_quire/stats` with both plus the
 * process's memory, so `make bench` can report statements per request of a server in another process.
 * Two integer increments per request when on; nothing at all when off.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getHeapSpaceStatistics } from 'node:v8';

export const STATS_PATH = '/_quire/stats';

export interface QueryStats {
  /** the repository's onQuery hook */
  readonly onQuery: (sql: string) => void;
  /** answers the stats request and returns true; counts any other request and returns false */
  intercept(req: IncomingMessage, res: ServerResponse): boolean;
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
    intercept(req, res) {
      if (req.url !== STATS_PATH || req.method !== 'GET') {
        requests++;
        return false;
      }
      const mem = process.memoryUsage();
      const spaces = Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size]));
      const cpu = process.cpuUsage();
      const body = JSON.stringify({ pid: process.pid, statements, requests, cpuMicros: cpu.user + cpu.system, rss: mem.rss, heapTotal: mem.heapTotal, heapUsed: mem.heapUsed, external: mem.external, maxRss: process.resourceUsage().maxRSS * 1024, spaces });
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
      return true;
    },
  };
}
