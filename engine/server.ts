/**
 * engine: the only file that listens. Starts the app on PORT/HOST (and `/metrics` on METRICS_PORT
 * when set), prints where everything is (REST, GraphQL, reference, database, data dir), and on
 * SIGTERM/SIGINT stops accepting, lets in-flight requests finish (up to SHUTDOWN_TIMEOUT_MS),
 * closes the pool and resolves so the process can exit 0. Under `quire serve --workers N` (a cluster
 * worker) every answer carries `X-Quire-Worker: <worker id>`; with QUIRE_COUNT_QUERIES=1 the bench
 * counters answer `GET /_quire/stats` (http/query-stats.ts).
 */
import cluster from 'node:cluster';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { destination, pino, type BaseLogger as Logger } from 'pino';
import pinoPretty from 'pino-pretty';
import { createApp, type App } from './app.js';
import type { ServerConfig } from './config/server-config.js';
import type { QueryStats } from './http/query-stats.js';
import { describeDatabase } from './config/database-settings.js';
import { ListenError } from './listen-error.js';

export interface RunningServer {
  app: App;
  server: Server;
  url: string;
  /** `http://host:port/metrics` of the METRICS_PORT listener, when there is one */
  metricsUrl?: string;
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

/**
 * JSON lines, except in development on a terminal (stdout a TTY, NODE_ENV not production), where
 * pino-pretty prints one readable line per entry.
 */
export function createLogger(level: string, pretty = false): Logger {
  if (pretty) return pino({ level, base: undefined, redact: ['req.headers.authorization'] }, pinoPretty({ colorize: true, translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true, sync: true }));
  return pino(
    { level, base: undefined, timestamp: isoTime, redact: ['req.headers.authorization'] },
    destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS }),
  );
}

export { describeDatabase };

export interface ServeOptions {
  /** bench counters (QUIRE_COUNT_QUERIES=1) */
  stats?: QueryStats;
  /** the start banner: where things are (default: printed unless NODE_ENV=test) */
  banner?: boolean;
}


function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => reject(err.code === 'EADDRINUSE' || err.code === 'EACCES' || err.code === 'EADDRNOTAVAIL' ? new ListenError(err.code, host, port) : err));
    server.listen(port, host, () => resolve());
  });
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
  // what Node answers itself (431 headers too large, 400 bad request) never reaches the app: logged here
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    if (err.code !== 'ECONNRESET') logger.warn({ code: err.code, status }, status === 431 ? 'request refused: headers larger than 16 KB' : 'request refused by the HTTP parser');
    if (socket.writable) socket.end(`HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}\r\nConnection: close\r\n\r\n`);
    else socket.destroy();
  });
  let metricsServer: Server | undefined;
  try {
    await listen(server, config.port, config.host);
    if (app.metrics && config.metrics.port !== undefined) {
      const route = app.metrics.route();
      metricsServer = createServer((req, res) => {
        if ((req.url ?? '').split('?')[0] !== '/metrics') return void res.writeHead(404).end();
        route.handle({ raw: req } as never).then((r) => res.writeHead(r.status, r.headers).end(r.payload), () => res.writeHead(500).end());
      });
      await listen(metricsServer, config.metrics.port, config.metrics.host);
    }
  } catch (err) {
    server.close();
    await app.close();
    throw err;
  }
  const addr = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${host}:${addr.port}`;
  // links in emails point here unless PUBLIC_URL says otherwise
  app.listeningAt(`http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : host}:${addr.port}`);
  const types = Object.values(app.actions.model.contentTypes).filter((t) => t.namespace === 'api').length;
  if (opts.banner ?? config.nodeEnv !== 'test') {
    const metricsAt = metricsServer ? `http://${config.metrics.host}:${(metricsServer.address() as AddressInfo).port}/metrics (METRICS_PORT)` : config.metrics.token ? `${url}/metrics (bearer METRICS_TOKEN)` : undefined;
    const lines = [
      `quire serving ${types} content-types at ${url}${worker ? ` (worker ${worker}, pid ${process.pid})` : ''}`,
      `  REST          ${url}${app.actions.model.config.rest.prefix}`,
      `  GraphQL       ${url}/graphql`,
      `  reference     ${url}/documentation`,
      `  health        ${url}/_health, ${url}/_ready`,
      ...(metricsAt ? [`  metrics       ${metricsAt}`] : []),
      `  database      ${describeDatabase(config.databaseUrl)}`,
      `  data dir      ${config.dataDir}`,
    ];
    process.stdout.write(lines.join('\n') + '\n');
  }
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
      metricsServer?.close();
      clearTimeout(deadline);
      clearInterval(idle);
      // database work of requests cut at the deadline does not hold the exit past it
      await app.close(Math.max(0, deadlineAt - Date.now()));
      logger.info('stopped');
    })());
  const metricsUrl = metricsServer ? `http://${config.metrics.host}:${(metricsServer.address() as AddressInfo).port}/metrics` : undefined;
  return { app, server, url, stop, ...(metricsUrl && { metricsUrl }) };
}
