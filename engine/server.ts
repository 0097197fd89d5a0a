/**
 * engine: the only file that listens. Starts the app on PORT/HOST, prints one start-up line, and on
 * SIGTERM/SIGINT stops accepting, lets in-flight requests finish (up to SHUTDOWN_TIMEOUT_MS),
 * closes the pool and resolves so the process can exit 0. Under `quire serve --workers N` (a cluster
 * worker) every answer carries `X-Quire-Worker: <worker id>`; with QUIRE_COUNT_QUERIES=1 the bench
 * counters answer `GET /_quire/stats` (http/query-stats.ts).
 */
import cluster from 'node:cluster';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { destination, pino, type BaseLogger as Logger } from 'pino';
import { createApp, type App } from './app.js';
import type { ServerConfig } from './config/server-config.js';
import type { QueryStats } from './http/query-stats.js';

export interface RunningServer {
  app: App;
  server: Server;
  url: string;
  stop(): Promise<void>;
}

/**
 * JSON lines on stdout, written asynchronously in batches: a write once LOG_BATCH_BYTES are waiting
 * or LOG_FLUSH_MS after the last one, whichever comes first (under load one syscall carries tens of
 * request lines instead of one or two; a quiet server's lines still appear within LOG_FLUSH_MS);
 * pino flushes what is left at exit.
 */
const LOG_BATCH_BYTES = 4096;
const LOG_FLUSH_MS = 200;

/** pino's isoTime, made once per millisecond (several request lines share one under load) */
let stampedAt = -1;
let stamp = '';
function isoTime(): string {
  const now = Date.now();
  if (now !== stampedAt) {
    stampedAt = now;
    stamp = `,"time":"${new Date(now).toISOString()}"`;
  }
  return stamp;
}

export function createLogger(level: string): Logger {
  return pino(
    { level, base: undefined, timestamp: isoTime, redact: ['req.headers.authorization'] },
    destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS }),
  );
}

/** `postgres://user:secret@host/db` -> `postgres://user:***@host/db` */
export function describeDatabase(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

export interface ServeOptions {
  /** bench counters (QUIRE_COUNT_QUERIES=1) */
  stats?: QueryStats;
}

export async function startServer(config: ServerConfig, logger = createLogger(config.logLevel), onQuery?: (sql: string) => void, opts: ServeOptions = {}): Promise<RunningServer> {
  const { stats } = opts;
  const count = stats && onQuery ? (sql: string) => (stats.onQuery(sql), onQuery(sql)) : (stats?.onQuery ?? onQuery);
  const app = await createApp(config, { logger, onQuery: count, ...(stats && { routes: [stats.route] }) });
  const worker = cluster.isWorker && cluster.worker ? String(cluster.worker.id) : undefined;
  let draining = false;
  const handle: typeof app.handle = (req, res) => {
    // shutting down: answer what arrived, then close the connection so keep-alive clients go elsewhere
    if (draining) res.setHeader('Connection', 'close');
    stats?.count(req);
    if (worker) res.setHeader('X-Quire-Worker', worker);
    app.handle(req, res);
  };
  const server = createServer({ keepAliveTimeout: 5000, requestTimeout: 30_000, headersTimeout: 20_000, maxHeaderSize: 16 * 1024 }, handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const addr = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${host}:${addr.port}`;
  // links in emails point here unless PUBLIC_URL says otherwise
  app.listeningAt(`http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : host}:${addr.port}`);
  const types = Object.values(app.actions.model.contentTypes).filter((t) => t.namespace === 'api').length;
  if (config.nodeEnv !== 'test') process.stdout.write(`quire serving ${types} content-types at ${url} (REST ${app.actions.model.config.rest.prefix}) on ${describeDatabase(config.databaseUrl)}${worker ? ` (worker ${worker}, pid ${process.pid})` : ''}\n`);
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      draining = true;
      logger.info({ inFlight: app.inFlight() }, 'shutting down');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const deadlineAt = Date.now() + config.shutdownTimeoutMs;
      const deadline = setTimeout(() => server.closeAllConnections(), config.shutdownTimeoutMs);
      // every 100 ms: idle keep-alive connections go; once no request is being handled, so do
      // connections holding only the unread start of a next request (the client retries elsewhere)
      const idle = setInterval(() => (app.inFlight() === 0 ? server.closeAllConnections() : server.closeIdleConnections()), 100);
      await closed;
      clearTimeout(deadline);
      clearInterval(idle);
      // database work of requests cut at the deadline does not hold the exit past it
      await app.close(Math.max(0, deadlineAt - Date.now()));
      logger.info('stopped');
    })());
  return { app, server, url, stop };
}
