/**
 * test helpers: a real quire server on a free port over a fresh database of the dialect under test
 * (QUIRE_TEST_DIALECT), plus a small fetch client. Counts SQL statements for the N+1 tests.
 */
import { join } from 'node:path';
import { pino } from 'pino';
import { hashAccessKey, generateAccessKey, type TokenType } from '../../engine/auth/api-tokens.js';
import { loadServerConfig, type ServerConfig } from '../../engine/config/server-config.js';
import { startServer, type RunningServer } from '../../engine/server.js';
import { testDatabaseUrl } from './database.js';
import { EXAMPLE_SPEC, tempDir } from './spec-dir.js';

export const DIALECT = (process.env.QUIRE_TEST_DIALECT || 'sqlite') as 'sqlite' | 'postgres' | 'mysql';

export interface TestResponse {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

export interface TestServer {
  url: string;
  running: RunningServer;
  config: ServerConfig;
  databaseUrl: string;
  /** SQL statements seen since the last reset */
  queries: string[];
  request(method: string, path: string, opts?: { body?: unknown; rawBody?: string; token?: string; headers?: Record<string, string> }): Promise<TestResponse>;
  get(path: string, token?: string): Promise<TestResponse>;
  token(type: TokenType, permissions?: string[], opts?: { expiresAt?: string | null }): Promise<string>;
  stop(): Promise<void>;
}

export interface TestServerOptions {
  name: string;
  artifactsDir?: string;
  env?: Record<string, string>;
  /** reuse an existing database (restart tests) */
  databaseUrl?: string;
  /** the server's logger (default: silent, or QUIRE_TEST_LOG_LEVEL) */
  logger?: import('pino').BaseLogger;
  allowDestructive?: boolean;
}

export async function startTestServer(opts: TestServerOptions): Promise<TestServer> {
  const databaseUrl = opts.databaseUrl ?? (await testDatabaseUrl(opts.name));
  const config = loadServerConfig(
    // QUIRE_VALIDATE_RESPONSES=1 (the integration:validated suite) checks every answer against the OpenAPI document;
    // QUIRE_CHECK_EXECUTORS (on unless set to 0) answers every read by each executor that can and refuses it when they differ
    {
      NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: databaseUrl, JWT_SECRET: 'test-jwt-secret-0123456789', API_TOKEN_SALT: 'test-token-salt-0123456789',
      QUIRE_VALIDATE_RESPONSES: process.env.QUIRE_VALIDATE_RESPONSES ?? '', QUIRE_CHECK_EXECUTORS: process.env.QUIRE_CHECK_EXECUTORS ?? '1', ...opts.env,
    },
    { artifactsDir: opts.artifactsDir ?? join(EXAMPLE_SPEC, 'artifacts'), allowDestructive: opts.allowDestructive, stateDir: tempDir() },
  );
  const queries: string[] = [];
  const logger = opts.logger ?? testLogger();
  const running = await startServerCounting(config, logger, queries);
  const url = running.url;
  const request: TestServer['request'] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.token) headers.Authorization = `Bearer ${o.token}`;
    let body: string | undefined = o.rawBody;
    if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers['Content-Type'] ??= 'application/json';
    }
    const res = await fetch(url + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  };
  return {
    url,
    running,
    config,
    databaseUrl,
    queries,
    request,
    get: (path, token) => request('GET', path, { token }),
    async token(type, permissions = [], o = {}) {
      const key = generateAccessKey();
      await running.app.repo.apiTokens.create({ name: `t-${key.slice(0, 8)}`, description: '', type, permissions, accessKeyHash: hashAccessKey(key, config.apiTokenSalt), expiresAt: o.expiresAt ?? null });
      return key;
    },
    stop: () => running.stop(),
  };
}

/**
 * silent (or QUIRE_TEST_LOG_LEVEL), but for the line of a read the executors answer differently
 * (QUIRE_CHECK_EXECUTORS): that one goes to stderr, as the request fails with a 500
 */
function testLogger(): import('pino').BaseLogger {
  const level = process.env.QUIRE_TEST_LOG_LEVEL;
  if (level) return pino({ level });
  return pino({ level: 'error' }, { write: (line: string) => void (/answer[^"]* differently/.test(line) && process.stderr.write(line)) });
}

async function startServerCounting(config: ServerConfig, logger: import('pino').BaseLogger, queries: string[]): Promise<RunningServer> {
  return startServer(config, logger, (sql) => queries.push(sql));
}
