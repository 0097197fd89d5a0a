/**
 * engine/http: what a route is. Every door (the REST Content API, the users-permissions, i18n and
 * upload plugin routes, the GraphQL endpoint, the contracts and documentation pages, the uploaded
 * files) declares its routes with the same options, and one lifecycle (lifecycle.ts) runs them:
 * match -> authenticate -> authorize -> parse the query -> read and check the body -> handle -> reply.
 * A handler only translates: the parsed request in, an action's result (or error) out as a Reply.
 */
import type { IncomingMessage } from 'node:http';
import type { Caller } from '../actions/action-context.js';
import type { Principal } from '../auth/permissions.js';
import type { ParsedQuery } from '../request/parsed-query.js';
import type { MultipartBody } from './read-multipart.js';

/**
 * How the body of a POST or PUT is read before the handler runs (GET, HEAD and DELETE bodies never are):
 * - `none`: not read;
 * - `json`: `application/json` (415 otherwise), size-limited, valid UTF-8, no prototype keys or NUL
 *   at any depth: `request.body`;
 * - `raw`: size-limited bytes (`request.body` is a Buffer) for a handler that reads its own format;
 * - `multipart`: a multipart/form-data request is streamed to temporary files (`request.multipart`,
 *   disposed after the reply) once `multipart.permission` allows it; any other request as `raw`, or
 *   as `json` when `multipart.json` says so (the Content API's create and update).
 */
export type BodyKind = 'none' | 'json' | 'raw' | 'multipart';

/** `[uid, action]` as permissions.json names it, or a rule of the route's own. */
export type RoutePermission = readonly [uid: string, action: string] | ((principal: Principal) => boolean);

export interface Route {
  /** the OpenAPI operation it serves (REST): its answers are checked against it in contract-checking mode */
  readonly operationId?: string;
  /** false: no credentials are read (static files, the health check) */
  readonly authenticate: boolean;
  /** checked after authentication (403 Forbidden); absent: the handler's action decides */
  readonly permission?: RoutePermission;
  /**
   * the query string: `content` -> the Content API's typed query in `request.query` (400 for a
   * malformed or unknown parameter); `raw` -> only the nested data in `request.rawQuery`; `none`
   */
  readonly query: 'none' | 'raw' | 'content';
  readonly body: BodyKind;
  /** `multipart` bodies: who may send files (checked before any byte is read), the largest text field, JSON otherwise */
  readonly multipart?: { readonly permission?: RoutePermission; readonly maxFieldSize?: number; readonly json?: boolean };
  /** REST writes: check the JSON body against the operation's schema in the published contract */
  readonly contractBody?: boolean;
  handle(request: HttpRequest): Promise<Reply>;
}

export interface HttpRequest {
  readonly raw: IncomingMessage;
  /** `HEAD` is served by the `GET` route; the reply writer drops the body */
  readonly method: string;
  readonly pathname: string;
  /** the raw query string, without `?` */
  readonly search: string;
  /** path parameters: `{ id: '12' }`; a wildcard route's rest of the path is `params['*']` */
  readonly params: Readonly<Record<string, string>>;
  readonly caller: Caller;
  /** the typed query of a `content` route (empty otherwise) */
  readonly query: ParsedQuery;
  /** the query string as nested data (`raw` and `content` routes; empty otherwise); frozen on `content` routes, where requests sending the same query string share it (query-cache.ts) */
  readonly rawQuery: Readonly<Record<string, unknown>>;
  /** `json`: the parsed body (undefined when empty); `raw` and non-multipart `multipart`: a Buffer; else undefined */
  readonly body: unknown;
  /** a `multipart` route's multipart/form-data body: fields and spooled files */
  readonly multipart?: MultipartBody;
}

/** A file to send, or a byte range of it (inclusive). */
export interface FileReply {
  readonly path: string;
  readonly start: number;
  readonly end: number;
}

/** What a handler answers; written by the one reply writer (reply.ts). */
export interface Reply {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** a JSON value, serialized by the writer with `Content-Type: application/json` */
  readonly json?: unknown;
  /** JSON already serialized (a body the database wrote), sent as `json` would be */
  readonly jsonText?: string;
  /** bytes or text sent as they are (their Content-Type among `headers`) */
  readonly payload?: string | Buffer;
  readonly file?: FileReply;
}

/** `{ status: 200, json: body }` */
export const ok = (json: unknown): Reply => ({ status: 200, json });
