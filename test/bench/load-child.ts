/**
 * bench: one autocannon run in its own process (so load generation does not share the measured
 * server's event loop or the orchestrator's). Reads a LoadSpec as JSON from argv[2], cycles through
 * its paths and bodies, prints one JSON LoadResult line. Started by load.ts only.
 */
import { createRequire } from 'node:module';

interface CannonResult {
  duration: number;
  requests: { total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
// autocannon ships no types
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: object) => Promise<CannonResult>;

export interface LoadSpec {
  url: string;
  method: 'GET' | 'POST';
  paths: string[];
  bodies?: string[];
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
}

const spec = JSON.parse(process.argv[2]) as LoadSpec;
let n = 0;
const headers = { ...(spec.bodies ? { 'content-type': 'application/json' } : {}), ...(spec.headers ?? {}) };
const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.seconds,
  requests: [{
    method: spec.method,
    headers,
    setupRequest: (req: any) => {
      const i = n++;
      const path = spec.paths[i % spec.paths.length];
      const body = spec.bodies ? spec.bodies[i % spec.bodies.length] : undefined;
      return { ...req, path, ...(body !== undefined ? { body } : {}) };
    },
  }],
});
const out: LoadResult = {
  rps: result.requests.total / result.duration,
  p50: result.latency.p50,
  p99: result.latency.p99,
  total: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors + result.timeouts,
};
process.stdout.write(JSON.stringify(out) + '\n');
