/**
 * engine: createApp(config) boots the engine from the artifacts (model, routes, validators,
 * repository with its schema synced) and returns a request handler. It never listens: server.ts
 * does, and tests drive `handle` through a real socket of their own.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BaseLogger as Logger } from 'pino';
import { Permissions, type Principal } from './auth/permissions.js';
import { resolvePrincipal } from './auth/resolve-principal.js';
import { ApiTokenCache } from './auth/token-cache.js';
import { USER_UID } from './auth/uids.js';
import { UsersService } from './auth/users-service.js';
import { loadArtifacts } from './boot/load-artifacts.js';
import type { ServerConfig } from './config/server-config.js';
import { ForbiddenError, MethodNotAllowedError, NotFoundError, statusOf, toErrorBody } from './errors/index.js';
import { BodyValidator } from './http/body-validator.js';
import { ClientAddress } from './http/client-address.js';
import { applyCors } from './http/cors.js';
import { attachCreators } from './http/creator-fields.js';
import type { EngineContext } from './http/engine-context.js';
import { readJsonBody } from './http/read-body.js';
import { REST_ACTIONS } from './http/rest-actions.js';
import { RouteTable } from './http/route-table.js';
import { USERS_ROUTES } from './http/users-actions.js';
import { I18N_ROUTES } from './http/i18n-actions.js';
import { LOCALE_UID } from './i18n/sync-locales.js';
import { createUploads, FILE_UID } from './upload/index.js';
import { createRepository } from './repository/index.js';
import { syncDatabase } from './boot/sync-database.js';
import type { Repository, SyncReport } from './repository/types.js';
import { parseQueryString, assertSafeBody } from './request/index.js';
import { EntryShaper } from './response/shape-entry.js';
import { createGraphqlEndpoint, type GraphqlEndpoint } from './graphql/graphql-endpoint.js';
import { createContractsEndpoint } from './contracts/contracts-endpoint.js';
import { ResponseValidator } from './contracts/response-validator.js';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export interface App {
  handle(req: IncomingMessage, res: ServerResponse): void;
  readonly repo: Repository;
  readonly context: EngineContext;
  readonly sync: SyncReport;
  /** number of requests being handled right now */
  inFlight(): number;
  /** close the pool; database work still running after `forceAfterMs` is cut (repository close) */
  close(forceAfterMs?: number): Promise<void>;
}

export interface AppOptions {
  logger: Logger;
  /** called for every SQL statement (tests count them) */
  onQuery?: (sql: string) => void;
}

export async function createApp(config: ServerConfig, opts: AppOptions): Promise<App> {
  const artifacts = loadArtifacts(config.artifactsDir);
  const { model } = artifacts;
  const routes = new RouteTable(artifacts.openapi);
  const validator = await BodyValidator.create(artifacts.openapi);
  const repo = await createRepository({ model, databaseUrl: config.databaseUrl, onQuery: opts.onQuery, pool: config.database });
  let sync: SyncReport;
  try {
    sync = await syncDatabase(repo, model, { allowDestructive: config.allowDestructive });
    for (const warning of sync.warnings ?? []) opts.logger.warn({ sync: 'unique-index' }, warning);
  } catch (err) {
    await repo.close();
    throw err;
  }
  const permissions = new Permissions(model);
  const users = new UsersService(model, repo, config);
  const tokens = new ApiTokenCache();
  const clients = new ClientAddress(config.security.trustedProxies);
  const context: EngineContext = {
    config, model, repo, permissions, shaper: new EntryShaper(model), users,
    authenticate: (header) => resolvePrincipal(header, repo, config.apiTokenSalt, Date.now(), users, tokens),
    clientAddress: (req) => clients.of(req),
  };
  const log = opts.logger;
  const uploads = createUploads(context, config.upload, log);
  context.uploads = uploads?.service;
  let graphql: GraphqlEndpoint | undefined;
  try {
    graphql = await createGraphqlEndpoint(context, artifacts, log);
  } catch (err) {
    await repo.close();
    throw err;
  }
  const prefix = model.config.rest.prefix;
  const contracts = createContractsEndpoint(context, artifacts);
  const responses = config.contracts.validateResponses ? new ResponseValidator(artifacts.openapi, log) : undefined;
  let active = 0;

  const send = (res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>) => {
    let payload = body === undefined ? '' : JSON.stringify(body);
    if (responses) ({ status, payload } = responses.verify(res, status, payload));
    // one writeHead: the headers go to the response in one step instead of a check per setHeader
    const head: Record<string, string | number> = body === undefined ? {} : { 'Content-Type': JSON_CONTENT_TYPE };
    if (headers) Object.assign(head, headers);
    head['Content-Length'] = Buffer.byteLength(payload);
    res.writeHead(status, head);
    res.end(payload);
  };

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawUrl = req.url ?? '/';
    const q = rawUrl.indexOf('?');
    const pathname = q === -1 ? rawUrl : rawUrl.slice(0, q);
    const search = q === -1 ? '' : rawUrl.slice(q + 1);
    const method = req.method ?? 'GET';

    if (pathname === '/_health' && (method === 'GET' || method === 'HEAD')) {
      res.statusCode = 204;
      res.end();
      return;
    }
    if (graphql?.matches(pathname)) return graphql.handle(req, res, pathname);
    if (contracts.matches(pathname)) return contracts.handle(req, res, pathname);
    if (uploads?.files?.matches(pathname)) return uploads.files.serve(req, res, pathname);
    if (!pathname.startsWith(prefix + '/')) throw new NotFoundError('Not Found');
    const match = routes.match(method, pathname);
    if (!match) throw new NotFoundError('Not Found');
    if (!match.operation) throw new MethodNotAllowedError('Method Not Allowed', { allowed: match.allowed });
    const op = match.operation;
    responses?.expect(res, op.operationId);
    if (op.uid === FILE_UID && uploads) {
      // the upload plugin checks its own permissions and reads its own (multipart) body
      const result = await uploads.routes.handle(req, { action: op.action, params: match.params, search });
      send(res, result.status, method === 'HEAD' ? undefined : result.body, result.headers);
      return;
    }
    const plugin = op.uid === USER_UID ? USERS_ROUTES[op.action] : op.uid === LOCALE_UID ? I18N_ROUTES[op.action] : undefined;
    const handler = plugin ? plugin.handle : REST_ACTIONS[op.action];
    if (!handler || (!plugin && !op.uid.startsWith('api::'))) throw new NotFoundError('Not Found');

    const principal: Principal = await context.authenticate(req.headers.authorization);
    const [permUid, permAction] = plugin ? plugin.permission : [op.uid, op.action];
    if (!permissions.can(principal, permUid, permAction)) throw new ForbiddenError('Forbidden');

    const query = parseQueryString(search);
    let body: unknown;
    if (method === 'POST' || method === 'PUT') {
      body = await readJsonBody(req, config.bodyLimit);
      assertSafeBody(body);
      // users-permissions bodies are checked by the users service, with Strapi's wording
      if (!plugin) validator.validate(op.operationId, body, match.params);
    }
    const result = await handler(context, {
      uid: op.uid,
      action: op.action,
      params: match.params,
      query,
      body,
      principal,
      canFind: (uid) => permissions.can(principal, uid, 'find'),
      ip: clients.of(req),
    });
    if (!plugin) await attachCreators(context, op.uid, result);
    send(res, result.status, method === 'HEAD' ? undefined : result.body, result.headers);
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const started = process.hrtime.bigint();
    active++;
    res.on('close', () => {
      active--;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      log.info({ method: req.method, url: req.url, status: res.statusCode, ms: Math.round(ms * 100) / 100 }, 'request');
    });
    try {
      if (applyCors(req, res, config.corsOrigins)) return;
    } catch (err) {
      log.error({ err }, 'cors failure');
    }
    route(req, res).catch((err: unknown) => {
      const status = statusOf(err);
      // 503: the database is away or busy (one line, no stack); anything else is a bug worth its stack
      if (status === 503) log.warn({ method: req.method, url: req.url, reason: (err as Error).message }, 'service unavailable');
      else if (status >= 500) log.error({ err, method: req.method, url: req.url }, 'request failed');
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const headers: Record<string, string> = {};
      if (err instanceof MethodNotAllowedError) headers.Allow = (err.details.allowed as string[]).join(', ');
      if (status === 503) headers['Retry-After'] = '5';
      send(res, status, toErrorBody(err), headers);
    });
  }

  return {
    handle,
    repo,
    context,
    sync,
    inFlight: () => active,
    close: (forceAfterMs?: number) => repo.close(forceAfterMs),
  };
}
