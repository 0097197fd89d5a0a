/**
 * engine/http: the one request lifecycle, for every route of every door:
 *
 *   CORS preflight ─► match (404 / 405) ─► authenticate (401) ─► authorize (403) ─► parse the query (400)
 *   ─► read and check the body (400, 413, 415) ─► handle ─► reply
 *
 * A Strapi project's own code (engine/project) runs inside `handle` of the routes it owns: its policies,
 * route middlewares and controller action come after authorization, with the query string as qs data
 * (its core controller builds the typed query from `ctx.query` as the middlewares left it).
 *
 * Any error on the way is caught once, here, and answered with the Strapi envelope by the same reply
 * writer (5xx are logged; a 503 carries Retry-After). Handlers only translate: they never read a
 * body, check a credential or write a response themselves.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BaseLogger as Logger } from 'pino';
import { callerOf } from '../actions/action-context.js';
import type { Permissions, Principal } from '../auth/permissions.js';
import { invalidCredentials } from '../auth/resolve-principal.js';
import { ForbiddenError, MethodNotAllowedError, NotFoundError, statusOf, toErrorBody } from '../errors/index.js';
import { EMPTY_QUERY, parseQueryString } from '../request/index.js';
import { isMultipart, readMultipart, type MultipartBody } from './read-multipart.js';
import type { ClientAddress } from './client-address.js';
import { QueryCache } from './query-cache.js';
import { applyCors } from './cors.js';
import { parseJsonBody, readBodyBuffer, readJsonBody } from './read-body.js';
import type { ReplyWriter } from './reply.js';
import type { HttpRequest, Reply, Route, RoutePermission } from './route.js';
import type { RouteTable } from './route-table.js';

export interface LifecycleOptions {
  readonly table: RouteTable;
  readonly permissions: Permissions;
  /** `Authorization` header -> Principal (API token or JWT); 401 for a bad credential */
  authenticate(header: string | undefined): Promise<Principal>;
  readonly clients: ClientAddress;
  readonly writer: ReplyWriter;
  readonly corsOrigins: '*' | string[];
  /** largest JSON or raw body, in bytes */
  readonly bodyLimit: number;
  /** where multipart files are spooled, and their limits */
  readonly multipart: { readonly maxFileSize: number; readonly maxFiles: number; readonly tmpDir: string };
  /** unknown top-level query parameters are a 400 (else ignored, and named in a debug line) */
  readonly strictQuery: boolean;
  /** contract check of a REST write body (`route.contractBody`) */
  checkBody?(operationId: string, body: unknown, params: Record<string, string>): void;
  readonly log: Logger;
  /** every answered request, its route pattern (`unmatched` for a 404 of no route), when it ended */
  observe?(method: string, route: string, status: number, seconds: number): void;
}

export interface Lifecycle {
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** requests being handled right now */
  inFlight(): number;
}

const EMPTY: Record<string, never> = Object.freeze({}) as Record<string, never>;

/** a client's own X-Request-Id is kept when it is a plain token; else one is made */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * The one `Authorization` header of a request. Node keeps only the first of several, so the raw
 * headers are counted: a request carrying more than one is a 401, authenticated as neither.
 */
function authorizationOf(req: IncomingMessage): string | undefined {
  let seen = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i].length === 13 && req.rawHeaders[i].toLowerCase() === 'authorization' && ++seen > 1) throw invalidCredentials();
  }
  return req.headers.authorization;
}

function allows(permissions: Permissions, principal: Principal, permission: RoutePermission): boolean {
  return typeof permission === 'function' ? permission(principal) : permissions.can(principal, permission[0], permission[1]);
}

interface RequestState {
  readonly reqId: string;
  route?: Route;
  /** the matched path pattern */
  pattern?: string;
}

export function createLifecycle(o: LifecycleOptions): Lifecycle {
  let active = 0;
  const queries = new QueryCache(o.strictQuery);

  /** the body as the route reads it; `multipart` is set when files were spooled */
  async function readBody(req: IncomingMessage, route: Route, principal: Principal, method: string): Promise<{ body: unknown; multipart?: MultipartBody }> {
    if (route.body === 'none' || (method !== 'POST' && method !== 'PUT')) return { body: undefined };
    if (route.body === 'json') return { body: await readJsonBody(req, o.bodyLimit) };
    if (route.body === 'multipart' && isMultipart(req)) {
      const permission = route.multipart?.permission;
      if (permission && !allows(o.permissions, principal, permission)) throw new ForbiddenError('Forbidden');
      const { maxFileSize, maxFiles, tmpDir } = o.multipart;
      return { body: undefined, multipart: await readMultipart(req, { maxFileSize, maxFiles, maxFieldSize: route.multipart?.maxFieldSize ?? 1024 * 1024, tmpDir }) };
    }
    const raw = await readBodyBuffer(req, o.bodyLimit);
    // a Content API write takes JSON or multipart: the JSON is read and checked as a `json` route's
    return { body: route.body === 'multipart' && route.multipart?.json ? parseJsonBody(raw, req.headers['content-type']) : raw };
  }

  async function run(req: IncomingMessage, res: ServerResponse, state: RequestState): Promise<void> {
    const rawUrl = req.url ?? '/';
    const q = rawUrl.indexOf('?');
    const pathname = q === -1 ? rawUrl : rawUrl.slice(0, q);
    const search = q === -1 ? '' : rawUrl.slice(q + 1);
    const method = req.method ?? 'GET';

    const match = o.table.match(method, pathname);
    if (!match) throw new NotFoundError('Not Found');
    const route = match.route;
    state.pattern = match.pattern;
    if (!route) throw new MethodNotAllowedError('Method Not Allowed', { allowed: match.allowed });
    state.route = route;

    const principal: Principal = route.authenticate ? await o.authenticate(authorizationOf(req)) : { kind: 'public' };
    if (route.permission && !allows(o.permissions, principal, route.permission)) throw new ForbiddenError('Forbidden');
    let rawQuery: Readonly<Record<string, unknown>> = EMPTY;
    let query = EMPTY_QUERY;
    if (route.query === 'content') ({ raw: rawQuery, query } = queries.content(search, (names) => o.log.debug({ url: req.url, ignored: names }, 'unknown query parameters ignored')));
    else if (route.query === 'raw') rawQuery = parseQueryString(search);
    const { body, multipart } = await readBody(req, route, principal, method);
    let reply: Reply;
    try {
      if (route.contractBody && route.operationId && body !== undefined) o.checkBody?.(route.operationId, body, match.params);
      const request: HttpRequest = {
        raw: req, method, pathname, search, params: match.params, query, rawQuery, body, ...(multipart && { multipart }),
        caller: callerOf(o.permissions, principal, route.authenticate ? o.clients.of(req) : undefined),
      };
      reply = await route.handle(request);
    } finally {
      // spooled files are gone before the answer leaves
      await multipart?.dispose();
    }
    await o.writer.write(res, method, reply, route.operationId);
  }

  function fail(req: IncomingMessage, res: ServerResponse, err: unknown, state: RequestState): void {
    const { route, reqId } = state;
    const status = statusOf(err);
    // 503: the database is away or busy (one line, no stack); anything else is a bug worth its stack
    if (status === 503) o.log.warn({ reqId, method: req.method, url: req.url, reason: (err as Error).message }, 'service unavailable');
    else if (status >= 500) o.log.error({ reqId, err, method: req.method, url: req.url }, 'request failed');
    else if (status === 413) o.log.warn({ reqId, method: req.method, url: req.url, reason: (err as Error).message }, 'request body too large');
    // a body nobody read is drained, so the connection can serve the next request
    if (!req.readableEnded) req.resume();
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const headers: Record<string, string> = {};
    if (err instanceof MethodNotAllowedError) headers.Allow = (err.details.allowed as string[]).join(', ');
    if (status === 503) headers['Retry-After'] = '5';
    o.writer.write(res, req.method ?? 'GET', { status, json: toErrorBody(err), headers }, route?.operationId).catch((e: unknown) => {
      o.log.error({ err: e }, 'could not write an error answer');
      res.destroy();
    });
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const started = process.hrtime.bigint();
    active++;
    const state: RequestState = { reqId: requestIdOf(req) };
    res.setHeader('X-Request-Id', state.reqId);
    res.on('close', () => {
      active--;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      o.log.info({ reqId: state.reqId, method: req.method, url: req.url, status: res.statusCode, ms: Math.round(ms * 100) / 100 }, 'request');
      o.observe?.(req.method ?? 'GET', state.pattern ?? 'unmatched', res.statusCode, ms / 1000);
    });
    try {
      if (applyCors(req, res, o.corsOrigins)) return;
    } catch (err) {
      o.log.error({ err }, 'cors failure');
    }
    run(req, res, state).catch((err: unknown) => fail(req, res, err, state));
  }

  return { handle, inFlight: () => active };
}
