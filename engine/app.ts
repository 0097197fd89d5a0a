/**
 * engine: createApp(config) boots the engine from the artifacts: the repository with its schema
 * synced, the one action layer (engine/actions) and its change bus, every door's routes bound into
 * one table (REST content routes from the OpenAPI document, the users-permissions, i18n and upload
 * plugin routes, GraphQL, the contracts, the uploaded files, liveness `/_health`, readiness `/_ready`,
 * and `/metrics` when enabled with its token), served by the one
 * request lifecycle. It never listens: server.ts does, and tests drive `handle` through a real socket.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BaseLogger as Logger } from 'pino';
import type { ActionContext } from './actions/action-context.js';
import { PreparedReads } from './actions/prepared-reads.js';
import { ChangeBus } from './actions/events.js';
import { principalOfJwt } from './actions/users.js';
import { loadCustomRoles, refreshDatabaseRoles } from './auth/custom-roles.js';
import { Permissions } from './auth/permissions.js';
import { resolvePrincipal } from './auth/resolve-principal.js';
import { ApiTokenCache } from './auth/token-cache.js';
import { ROLE_UID, USER_UID } from './auth/uids.js';
import { createUsersAuth } from './auth/users-auth.js';
import { createMailer } from './email/create-mailer.js';
import { loadArtifacts, type Artifacts } from './artifacts/load-artifacts.js';
import { syncDatabase } from './boot/sync-database.js';
import type { ServerConfig } from './config/server-config.js';
import { contractsRoutes } from './contracts/contracts-endpoint.js';
import { ResponseValidator } from './http/response-validator.js';
import { NotFoundError } from './errors/index.js';
import { createGraphqlEndpoint } from './graphql/graphql-endpoint.js';
import { BodyValidator } from './http/body-validator.js';
import { ClientAddress } from './http/client-address.js';
import { createLifecycle } from './http/lifecycle.js';
import { ReplyWriter } from './http/reply.js';
import { contentRoute, restReadExtras, type RestDoor } from './http/rest/content-routes.js';
import { i18nRoute } from './http/rest/i18n-routes.js';
import { rolesRoute } from './http/rest/roles-routes.js';
import { uploadRoute } from './http/rest/upload-routes.js';
import { usersRoute } from './http/rest/users-routes.js';
import type { Route } from './http/route.js';
import type { RouteEntry } from './http/route-entry.js';
import { RouteTable } from './http/route-table.js';
import { UploadsServer } from './http/serve-uploads.js';
import { Metrics } from './http/metrics.js';
import { LOCALE_UID } from './i18n/sync-locales.js';
import { StrapiSettings, withLiveI18n } from './boot/strapi-settings.js';
import { createRepository, describeChange } from './repository/index.js';
import type { Repository, SyncReport } from './repository/types.js';
import { createUploads, FILE_UID } from './upload/index.js';
import { loadProject, type LoadedProject } from './project/load-project.js';
import { projectRoutes } from './project/project-routes.js';
import { parseQuery } from './request/index.js';
import { createWebhooks, type Webhooks } from './webhooks/index.js';

export interface App {
  handle(req: IncomingMessage, res: ServerResponse): void;
  readonly repo: Repository;
  /** the action layer every door calls (its `changes` bus publishes every committed change) */
  readonly actions: ActionContext;
  readonly sync: SyncReport;
  /** number of requests being handled right now */
  inFlight(): number;
  /** close the pool; database work still running after `forceAfterMs` is cut (repository close) */
  close(forceAfterMs?: number): Promise<void>;
  /** the address the server listens on (the base of links in emails when PUBLIC_URL is unset) */
  listeningAt(url: string): void;
  /** the webhooks and their outbox dispatcher (absent: no webhook declared, no strapi_webhooks table) */
  readonly webhooks?: Webhooks;
  /** Prometheus metrics (METRICS_ENABLED=true), else undefined */
  readonly metrics?: Metrics;
}

export interface AppOptions {
  logger: Logger;
  /** called for every SQL statement (tests count them) */
  onQuery?: (sql: string) => void;
  /** more routes served by the same lifecycle (the bench counters) */
  routes?: readonly RouteEntry[];
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

/** An operation quire does not serve (a plugin's own entries over REST): 404, as a path it does not know. */
const notServed = (operationId: string): Route => ({
  operationId, authenticate: false, query: 'none', body: 'none',
  handle: async () => {
    throw new NotFoundError('Not Found');
  },
});

/** The REST route of every operation of the OpenAPI document, bound to its door by the operation's `x-quire` uid. */
function restRoutes(artifacts: Artifacts, door: RestDoor): RouteEntry[] {
  const entries: RouteEntry[] = [];
  for (const [path, item] of Object.entries(artifacts.openapi.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method) || !op || typeof op !== 'object' || !op.operationId) continue;
      const { uid = '', action = '' } = op['x-quire'] ?? {};
      const route = uid === FILE_UID ? uploadRoute(door.actions, op.operationId, action)
        : uid === USER_UID ? usersRoute(door, op.operationId, action)
          : uid === ROLE_UID ? rolesRoute(door, op.operationId, action)
          : uid === LOCALE_UID ? i18nRoute(door, op.operationId, action)
            : uid.startsWith('api::') ? contentRoute(door, op.operationId, uid, action)
              : undefined;
      entries.push({ methods: [method.toUpperCase()], path, route: route ?? notServed(op.operationId) });
    }
  }
  return entries;
}

/** liveness: the process answers */
const health: Route = { authenticate: false, query: 'none', body: 'none', handle: async () => ({ status: 204 }) };

/** readiness: the database answers a `SELECT 1` (else the 503 of the lifecycle, with Retry-After) */
const ready = (repo: Repository): Route => ({
  authenticate: false, query: 'none', body: 'none',
  handle: async () => {
    await repo.ping();
    return { status: 200, json: { status: 'ready', database: 'up' } };
  },
});

export async function createApp(config: ServerConfig, opts: AppOptions): Promise<App> {
  const log = opts.logger;
  const loaded = loadArtifacts(config.artifactsDir);
  // the locales every reader sees; on a database Strapi manages, replaced by Strapi's (strapiSettings below)
  const model = withLiveI18n(loaded.model);
  const artifacts: Artifacts = { ...loaded, model };
  const validator = await BodyValidator.create(artifacts.openapi);
  let metrics: Metrics | undefined;
  const onQuery = config.metrics.enabled ? (sql: string) => (metrics?.statement(), opts.onQuery?.(sql)) : opts.onQuery;
  const repo = await createRepository({ model, databaseUrl: config.databaseUrl, ...(config.strapiDatabase !== undefined && { strapiDatabase: config.strapiDatabase }), onQuery, pool: config.database });
  const reads = new PreparedReads();
  if (config.metrics.enabled) metrics = new Metrics({ openConnections: () => repo.openConnections(), maxConnections: repo.poolSize }, reads);
  let sync: SyncReport;
  try {
    sync = await syncDatabase(repo, model, { allowDestructive: config.allowDestructive });
    for (const change of sync.changes) log.info({ sync: change.kind, table: change.table, ...(change.column && { column: change.column }) }, `schema: ${describeChange(change)}`);
    for (const warning of sync.warnings ?? []) log.warn({ sync: 'unique-index' }, warning);
  } catch (err) {
    await repo.close();
    throw err;
  }
  // QUIRE_CHECK_EXECUTORS (tests): the other executors answer every read again on a pool of their own
  const checkRepo = config.checkExecutors
    ? await createRepository({ model, databaseUrl: config.databaseUrl, ...(config.strapiDatabase !== undefined && { strapiDatabase: config.strapiDatabase }), pool: config.database })
    : undefined;
  /** a start that fails closes what it opened */
  const closeAll = async () => {
    await checkRepo?.close();
    await repo.close();
  };
  const permissions = new Permissions(model, repo.strapiDatabase);
  await loadCustomRoles(repo, permissions);
  const strapiSettings = repo.strapiDatabase ? new StrapiSettings(repo, model.config.i18n, loaded.model.config) : undefined;
  try {
    await strapiSettings?.load();
  } catch (err) {
    await closeAll();
    throw err;
  }
  // the project's upload sizeLimit (config/plugins), unless UPLOAD_MAX_FILE_SIZE says otherwise
  const sizeLimit = model.config.upload?.sizeLimit;
  const uploadConfig = sizeLimit !== undefined && !config.upload.maxFileSizeSet ? { ...config.upload, maxFileSize: Math.min(sizeLimit, 5 * 1024 ** 3) } : config.upload;
  const uploads = createUploads(model, uploadConfig, log);
  let webhooks: Webhooks | undefined;
  try {
    webhooks = await createWebhooks(model, repo, config.webhooks, log);
  } catch (err) {
    await closeAll();
    throw err;
  }
  const base: ActionContext = {
    model, repo, permissions,
    changes: new ChangeBus((err, event) => log.error({ err, event: event.event, uid: event.uid }, 'a change listener failed')),
    ...(webhooks && { recorder: webhooks.outbox }),
    now: () => new Date(),
    auth: createUsersAuth(model, repo, config, createMailer(model.config.email, config.email, log), log, strapiSettings),
    ...(uploads && { files: uploads.files }),
    log,
    reads,
    ...(checkRepo && { checkExecutors: { repo: checkRepo } }),
  };
  const makeDoor = (a: ActionContext): RestDoor => ({ actions: a, read: restReadExtras(model, config.populateDeep) });
  const parse = (raw: Record<string, unknown>) => parseQuery(raw, { strict: config.security.strictQueryParameters, ignored: (names) => log.debug({ ignored: names }, 'unknown query parameters ignored') });
  // a project's own code: its lifecycles join the action layer, its routes the table
  let project: LoadedProject | undefined;
  try {
    project = await loadProject(config.artifactsDir, base, { log, parse, door: makeDoor });
  } catch (err) {
    await closeAll();
    throw err;
  }
  const actions = project?.actions ?? base;
  const tokens = new ApiTokenCache();
  const jwt = { authenticate: (token: string) => principalOfJwt(actions, token) };
  const authenticate = strapiSettings
    ? async (header: string | undefined) => {
        await Promise.all([refreshDatabaseRoles(repo, permissions), strapiSettings.refresh()]);
        return resolvePrincipal(header, repo, config.apiTokenSalt, Date.now(), jwt, tokens);
      }
    : (header: string | undefined) => resolvePrincipal(header, repo, config.apiTokenSalt, Date.now(), jwt, tokens);

  const door: RestDoor = project?.door ?? makeDoor(actions);
  const table = new RouteTable();
  const add = (entries: readonly RouteEntry[]) => {
    for (const e of entries) for (const method of e.methods) table.add(method, e.path, e.route);
  };
  add(restRoutes(artifacts, door));
  try {
    if (project) add(projectRoutes(project, { openapi: artifacts.openapi }));
    const graphql = await createGraphqlEndpoint(actions, config, artifacts, log, metrics && ((type) => metrics?.graphqlOperation(type)));
    if (graphql) add(graphql.routes);
  } catch (err) {
    await closeAll();
    throw err;
  }
  add(contractsRoutes({ config, permissions }, artifacts));
  if (uploads?.localDir) add([{ methods: ['GET'], path: '/uploads/*', route: new UploadsServer(uploads.localDir, uploadConfig.cacheMaxAge).route() }]);
  add([{ methods: ['GET'], path: '/_health', route: health }, { methods: ['GET'], path: '/_ready', route: ready(repo) }]);
  // on the API port only behind its own token; METRICS_PORT alone serves it on a second listener (server.ts)
  if (metrics && config.metrics.token) add([{ methods: ['GET'], path: '/metrics', route: metrics.route(config.metrics.token) }]);
  add(opts.routes ?? []);

  try {
    await project?.bootstrap();
  } catch (err) {
    await closeAll();
    throw err;
  }

  const lifecycle = createLifecycle({
    table,
    permissions,
    authenticate,
    clients: new ClientAddress(config.security.trustedProxies),
    writer: new ReplyWriter(config.contracts.validateResponses ? new ResponseValidator(artifacts.openapi, log) : undefined),
    corsOrigins: config.corsOrigins,
    bodyLimit: config.bodyLimit,
    strictQuery: config.security.strictQueryParameters,
    multipart: uploadConfig,
    checkBody: config.contracts.validateResponses ? (operationId, body, params) => validator.check(operationId, body, params, model, log) : undefined,
    log,
    ...(metrics && { observe: (method: string, route: string, status: number, seconds: number) => metrics?.request(method, route, status, seconds) }),
  });

  // a change committed here is sent at once; the others (and retries) on the next poll
  if (webhooks && config.webhooks.deliver) {
    const { dispatcher } = webhooks;
    const hooks = webhooks;
    actions.changes.subscribe((event) => {
      if (hooks.set.subscribed(event.event).length > 0) dispatcher.nudge();
    });
    dispatcher.start();
  }

  return {
    handle: lifecycle.handle,
    repo,
    actions,
    sync,
    ...(webhooks && { webhooks }),
    inFlight: lifecycle.inFlight,
    close: async (forceAfterMs?: number) => {
      actions.auth.mailer.close();
      await webhooks?.dispatcher.stop();
      await checkRepo?.close(forceAfterMs);
      return repo.close(forceAfterMs);
    },
    listeningAt: (url: string) => actions.auth.listeningAt(url),
    ...(metrics && { metrics }),
  };
}
