/**
 * bench: autocannon runs in their own process (so load generation does not share the measured
 * server's event loop or the orchestrator's). Forked with an IPC channel (processes.ts), it stays up
 * for the whole bench and answers each `{ id, spec }` message with `{ id, result }` (or `{ id, error }`),
 * so no run pays a process start; run alone, it reads one LoadSpec as JSON from argv[2] and prints
 * one JSON LoadResult line. Each run cycles through its spec's paths and bodies.
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

async function runLoad(spec: LoadSpec): Promise<LoadResult> {
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
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

if (process.send) {
  process.on('message', (m: { id: number; spec: LoadSpec }) => {
    runLoad(m.spec).then(
      (result) => process.send?.({ id: m.id, result }),
      (err: Error) => process.send?.({ id: m.id, error: String(err?.stack ?? err) }),
    );
  });
} else {
  process.stdout.write(JSON.stringify(await runLoad(JSON.parse(process.argv[2]) as LoadSpec)) + '\n');
}
