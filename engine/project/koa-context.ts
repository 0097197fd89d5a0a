/**
 * engine/project: the Koa-compatible `ctx` a project's route middlewares, policies and controllers
 * get, built from the request the lifecycle already read (path params, the query string as qs data,
 * the JSON body, the caller). `ctx.query` is writable: the core controller builds the typed query
 * from it when it runs, so a middleware that rewrites `ctx.query.populate` is obeyed. The answer is
 * `ctx.body` / `ctx.status` / `ctx.set(...)`, turned into a Reply by `replyOf`; the helpers
 * (`ctx.badRequest`, `ctx.notFound`, `ctx.throw`...) throw errors the lifecycle answers with Strapi's envelope.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { NotFoundError, type QuireError } from '../errors/index.js';
import type { HttpRequest, Reply } from '../http/route.js';
import { httpError, strapiErrors } from './strapi-errors.js';

export interface KoaState {
  user?: Record<string, unknown>;
  auth?: { strategy: { name: string }; credentials: unknown };
  isAuthenticated: boolean;
  route: { method: string; path: string; handler: string; config: Record<string, unknown>; info: { apiName: string; type: 'content-api' } };
  [key: string]: unknown;
}

/** The error helpers Strapi adds to the Koa context: each throws the error its status names. */
const HELPERS: Readonly<Record<string, (message?: string, details?: Record<string, unknown>) => Error>> = {
  badRequest: (m, d) => httpError(400, m ?? 'Bad Request', d),
  unauthorized: (m, d) => new strapiErrors.UnauthorizedError(m ?? 'Unauthorized', d),
  forbidden: (m, d) => new strapiErrors.ForbiddenError(m ?? 'Forbidden', d),
  notFound: (m, d) => new strapiErrors.NotFoundError(m ?? 'Not Found', d),
  methodNotAllowed: (m, d) => httpError(405, m, d),
  conflict: (m, d) => httpError(409, m, d),
  payloadTooLarge: (m, d) => new strapiErrors.PayloadTooLargeError(m ?? 'Payload Too Large', d),
  tooManyRequests: (m, d) => new strapiErrors.RateLimitError(m ?? 'Too Many Requests', d),
  internalServerError: (m) => new Error(m ?? 'Internal Server Error'),
  notImplemented: (m, d) => new strapiErrors.NotImplementedError(m ?? 'Not Implemented', d),
};

export interface KoaContext extends Record<string, unknown> {
  query: Record<string, unknown>;
  params: Record<string, string>;
  state: KoaState;
  body: unknown;
  status: number;
  request: { body: unknown; query: Record<string, unknown>; headers: IncomingHttpHeaders; header: IncomingHttpHeaders; method: string; url: string; path: string; files?: unknown };
  set(name: string | Record<string, string>, value?: string): void;
  get(name: string): string;
  throw(status: number, message?: string, details?: Record<string, unknown>): never;
}

/**
 * The context of one request. `rawQuery` is copied, so a middleware's changes stay in this request.
 *   const ctx = createKoaContext(request, state); ctx.query.populate = { blocks: true };
 */
export function createKoaContext(r: HttpRequest, state: KoaState): KoaContext {
  let query: Record<string, unknown> = structuredClone(r.rawQuery);
  let body: unknown;
  let status: number | undefined;
  const headers: Record<string, string> = {};
  const reqHeaders = r.raw.headers;
  // what Koa's request and context both expose
  const common = {
    headers: reqHeaders,
    header: reqHeaders,
    method: r.method,
    url: r.raw.url ?? r.pathname,
    path: r.pathname,
    querystring: r.search,
    ip: r.caller.ip,
  };
  const request = {
    body: r.body,
    get query() { return query; },
    set query(q: Record<string, unknown>) { query = q ?? {}; },
    ...common,
    is: (type: string) => String(reqHeaders['content-type'] ?? '').includes(type.replace(/^json$/, 'application/json')),
  };
  const set = (name: string | Record<string, string>, value?: string) => {
    if (typeof name === 'object') Object.assign(headers, name);
    else headers[name] = String(value);
  };
  const response = {
    get body() { return body; },
    set body(v: unknown) { ctx.body = v; },
    get status() { return ctx.status; },
    set status(v: number) { ctx.status = v; },
    set,
    get: (name: string) => headers[name] ?? '',
    headers,
  };
  const ctx: KoaContext = {
    get query() { return query; },
    set query(q: Record<string, unknown>) { query = q ?? {}; },
    params: { ...r.params },
    state,
    get body() { return body; },
    set body(v: unknown) {
      body = v;
      if (status === undefined) status = v === null ? 204 : 200;
    },
    get status() { return status ?? 404; },
    set status(v: number) { status = v; },
    request,
    response,
    req: r.raw,
    ...common,
    host: String(reqHeaders.host ?? ''),
    is: request.is,
    set,
    get: (name: string) => String(reqHeaders[name.toLowerCase()] ?? ''),
    set type(t: string) { headers['Content-Type'] = t.includes('/') ? t : t === 'json' ? 'application/json' : t === 'html' ? 'text/html' : 'text/plain'; },
    throw(s: number, message?: string, details?: Record<string, unknown>): never {
      throw httpError(s, message, details);
    },
    assert(value: unknown, s: number, message?: string) {
      if (!value) throw httpError(s, message);
    },
    send(b: unknown, s = 200) {
      body = b;
      status = s;
    },
    created(b: unknown) {
      body = b;
      status = 201;
    },
    deleted(b?: unknown) {
      body = b;
      status = b === undefined ? 204 : 200;
    },
  };
  for (const [name, make] of Object.entries(HELPERS)) ctx[name] = (message?: string, details?: Record<string, unknown>) => {
    throw make(message, details);
  };
  return ctx;
}

/** What the handlers left in the context -> the Reply the one writer sends. No body and no status: 404. */
export function replyOf(ctx: KoaContext): Reply {
  const headers = ctx.response as unknown as { headers: Record<string, string> };
  const body = ctx.body;
  const status = ctx.status;
  if (body === undefined && status === 404) throw new NotFoundError('Not Found') as QuireError;
  const out = Object.keys(headers.headers).length > 0 ? { headers: headers.headers } : {};
  if (body === undefined || body === null) return { status, ...out };
  if (typeof body === 'string') return { status, payload: body, headers: { 'Content-Type': /^\s*</.test(body) ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8', ...headers.headers } };
  if (Buffer.isBuffer(body)) return { status, payload: body, headers: { 'Content-Type': 'application/octet-stream', ...headers.headers } };
  return { status, json: body, ...out };
}
