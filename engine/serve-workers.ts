/**
 * engine: `quire serve --workers N` (N > 1), the node:cluster primary. It syncs the schema, the
 * roles and the locales once, under the database's sync lock, before forking, so workers start on a synced database
 * (their own sync finds nothing to do); then forks N workers that each run server.ts on the shared
 * port (the primary hands out connections round-robin). A worker that dies is replaced; one that
 * dies before listening stops the whole group. SIGTERM/SIGINT: every worker finishes its in-flight
 * requests and exits; resolves 0 when all exited cleanly. The primary never listens or serves.
 */
import cluster, { type Worker } from 'node:cluster';
import { loadArtifacts } from './artifacts/load-artifacts.js';
import type { ServerConfig } from './config/server-config.js';
import { syncDatabase } from './boot/sync-database.js';
import { createRepository } from './repository/index.js';

type Io = { log: (s: string) => void; err: (s: string) => void };

export const MAX_WORKERS = 64;
/** a worker replaced more often than this within a minute means something is wrong: stop */
const MAX_RESTARTS_PER_MINUTE = 10;

/** The database synced once for the whole group (boot/sync-database.ts, as createApp does), then closed. */
export async function prepareDatabase(config: ServerConfig): Promise<void> {
  const { model } = loadArtifacts(config.artifactsDir);
  const repo = await createRepository({ model, databaseUrl: config.databaseUrl, ...(config.strapiDatabase !== undefined && { strapiDatabase: config.strapiDatabase }), pool: { ...config.database, min: 0, max: 1 } });
  try {
    await syncDatabase(repo, model, { allowDestructive: config.allowDestructive });
  } finally {
    await repo.close();
  }
}

export async function runPrimary(config: ServerConfig, workers: number, io: Io): Promise<number> {
  await prepareDatabase(config);
  const listening = new Set<number>();
  const restarts: number[] = [];
  let stopping = false;
  let failed = false;
  let signalled: (() => void) | undefined;
  const allExited = new Promise<void>((resolve) => (signalled = resolve));

  const stopAll = () => {
    if (stopping) return;
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    if (Object.keys(cluster.workers ?? {}).length === 0) signalled?.();
  };
  const ready = new Promise<void>((resolve) => {
    cluster.on('listening', (w: Worker) => {
      listening.add(w.id);
      if (listening.size === workers) resolve();
    });
  });
  cluster.on('exit', (w: Worker, code: number | null, signal: string | null) => {
    if (stopping) {
      if (code !== 0 || signal) failed = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) signalled?.();
      return;
    }
    io.err(`quire: worker ${w.id} (pid ${w.process.pid}) exited ${signal ?? code}`);
    const now = Date.now();
    restarts.push(now);
    while (restarts.length && now - restarts[0] > 60_000) restarts.shift();
    if (!listening.has(w.id) || restarts.length > MAX_RESTARTS_PER_MINUTE) {
      io.err('quire: a worker could not start or keeps dying; stopping all workers');
      failed = true;
      stopAll();
      return;
    }
    cluster.fork();
  });
  const onSignal = (sig: string) => {
    io.log(`quire: ${sig} received, stopping ${Object.keys(cluster.workers ?? {}).length} worker(s)`);
    stopAll();
  };
  process.once('SIGTERM', () => onSignal('SIGTERM'));
  process.once('SIGINT', () => onSignal('SIGINT'));

  for (let i = 0; i < workers; i++) cluster.fork();
  await Promise.race([ready.then(() => io.log(`quire: ${workers} workers serving (primary pid ${process.pid})`)), allExited]);
  await allExited;
  return failed ? 1 : 0;
}
