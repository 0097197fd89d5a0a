/**
 * compiler/emit/openapi: one OpenAPI operation object from a plain description (tag, operationId,
 * x-quire routing key, parameters, body, success schema), with the shared error responses attached
 * and a note on who may call it. Every path module goes through here, so operations look alike. Pure.
 */
import type { NormalizedModel } from '../../model/types.js';
import { errorResponseRef, type ErrorStatus } from './shared-components.js';
import type { Schema } from './schema-names.js';

export interface OperationSpec {
  readonly tag: string;
  readonly summary: string;
  readonly description: string;
  readonly operationId: string;
  /** the engine's routing key: content-type uid and action */
  readonly uid: string;
  readonly action: string;
  readonly parameters?: readonly Schema[];
  readonly requestBody?: Schema;
  /** schema of the success answer (absent: a redirect, no body) */
  readonly success?: Schema;
  /** the success status: 200 by default; 201 for a creation Strapi answers so; 302 for a redirect (Location) */
  readonly successStatus?: 200 | 201 | 302;
  readonly successDescription: string;
  /** true when an id or a single type is addressed (adds 404) */
  readonly addressed: boolean;
  /** failed attempts are rate limited (adds 429) */
  readonly rateLimited?: boolean;
  /** sends an email (adds 503: the mail server did not take it) */
  readonly sendsEmail?: boolean;
}

/** `jsonBody(ref('ArticleRequest'))` -> a required application/json request body. */
export const jsonBody = (schema: Schema, description?: string): Schema => ({
  ...(description ? { description } : {}),
  required: true,
  content: { 'application/json': { schema } },
});

export function buildOperation(spec: OperationSpec): Schema {
  const statuses: ErrorStatus[] = [400, 401, 403];
  if (spec.addressed) statuses.push(404);
  // a body may be too large or of another content type
  if (spec.requestBody) statuses.push(413, 415);
  if (spec.rateLimited) statuses.push(429);
  statuses.push(500);
  if (spec.sendsEmail) statuses.push(503);
  const status = spec.successStatus ?? 200;
  const responses: Record<string, Schema> = {
    [status]: spec.success
      ? { description: spec.successDescription, content: { 'application/json': { schema: spec.success } } }
      : { description: spec.successDescription, headers: { Location: { description: 'Where the client is sent.', schema: { type: 'string' } } } },
  };
  for (const status of statuses) responses[status] = errorResponseRef(status);
  return {
    tags: [spec.tag],
    summary: spec.summary,
    description: spec.description,
    operationId: spec.operationId,
    ...(spec.parameters && spec.parameters.length > 0 ? { parameters: [...spec.parameters] } : {}),
    ...(spec.requestBody ? { requestBody: spec.requestBody } : {}),
    responses,
    'x-quire': { uid: spec.uid, action: spec.action },
  };
}

/**
 * Who may call an operation, from config/permissions.json. Content-types are private by default.
 * `accessNote(model, 'api::article.article.find')` -> 'Content-types are private by default. This action
 * needs the permission api::article.article.find, granted to roles: authenticated, public (callable without a token).'
 * For plugin routes that no role lists, the note names the permission without claiming who holds it.
 */
export function accessNote(model: NormalizedModel, permission: string, plugin = false): string {
  const roles = Object.entries(model.config.permissions)
    .filter(([, list]) => list.includes(permission))
    .map(([role]) => role);
  const head = `Content-types are private by default. This action needs the permission ${permission}`;
  if (roles.includes('public')) return `${head}, granted to roles: ${roles.join(', ')} (callable without a token).`;
  if (roles.length > 0) return `${head}, granted to roles: ${roles.join(', ')}; send a bearer JWT of such a role, or an API token.`;
  if (plugin) return `${head}; send a bearer JWT of a role holding it, or an API token.`;
  return `${head}, granted to no role in config/permissions.json; call it with an API token.`;
}

/** Join a REST prefix and a path: `restPath('/api', 'articles', '{id}')` -> `/api/articles/{id}`. */
export function restPath(prefix: string, ...segments: string[]): string {
  return [prefix, ...segments].join('/');
}

/** `/api`, `api/`, `/api/` -> `/api`; empty stays empty. */
export function normalizePrefix(prefix: string): string {
  const trimmed = prefix.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '' : `/${trimmed}`;
}

/** Add an operation to `paths`, refusing to overwrite one (two routes on one method and path). */
export function addOperation(paths: Record<string, Record<string, Schema>>, path: string, method: string, op: Schema): void {
  const item = (paths[path] ??= {});
  if (item[method]) {
    const a = (item[method] as { operationId: string }).operationId;
    throw new Error(`emitOpenApi: ${method.toUpperCase()} ${path} is claimed by both ${a} and ${String(op.operationId)}`);
  }
  item[method] = op;
}
