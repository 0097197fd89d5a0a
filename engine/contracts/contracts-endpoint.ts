/**
 * engine/contracts: GET /openapi.json and GET /schema.graphql answer the artifacts this server runs
 * from (byte for byte, with an ETag), and /documentation the API reference page. Takes the booted
 * engine; errors are thrown as QuireErrors for app.ts to answer. Reading is public when
 * CONTRACTS_PUBLIC is on (default outside production); otherwise it needs a full-access API token, or
 * a custom token or a user role granted CONTRACTS_PERMISSION.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Principal } from '../auth/permissions.js';
import type { Artifacts } from '../boot/load-artifacts.js';
import { ForbiddenError, MethodNotAllowedError, NotFoundError } from '../errors/index.js';
import type { EngineContext } from '../http/engine-context.js';
import { PAGE_CSP } from '../http/page-assets.js';
import { DocumentationPage } from './documentation-page.js';

/** The permission (permissions.json role list, or a custom API token) that reads private contracts. */
export const CONTRACTS_PERMISSION = 'plugin::documentation.contracts.read';
const [PERMISSION_UID, PERMISSION_ACTION] = ['plugin::documentation.contracts', 'read'];

interface Contract {
  readonly body: Buffer;
  readonly type: string;
  readonly etag: string;
}

export interface ContractsEndpoint {
  matches(pathname: string): boolean;
  handle(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void>;
}

export function createContractsEndpoint(context: EngineContext, artifacts: Artifacts): ContractsEndpoint {
  const { config, permissions } = context;
  const settings = config.contracts;
  const contract = (file: string, type: string): Contract => {
    const body = readFileSync(join(artifacts.dir, file));
    return { body, type, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
  };
  const contracts = new Map<string, Contract>([
    ['/openapi.json', contract('openapi.json', 'application/json; charset=utf-8')],
    ['/schema.graphql', contract('schema.graphql', 'text/plain; charset=utf-8')],
  ]);
  const documentation = settings.documentation ? new DocumentationPage('/openapi.json') : undefined;

  const mayRead = (principal: Principal) =>
    settings.public || (principal.kind === 'api-token' && principal.token.type === 'full-access') || permissions.can(principal, PERMISSION_UID, PERMISSION_ACTION);

  function write(req: IncomingMessage, res: ServerResponse, body: Buffer, headers: Record<string, string>): void {
    res.statusCode = 200;
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') throw new MethodNotAllowedError('Method Not Allowed', { allowed: ['GET', 'HEAD'] });
    const served = contracts.get(pathname);
    if (served) {
      // a bad credential is a 401 even when the contracts are public, as everywhere else
      const principal = await context.authenticate(req.headers.authorization);
      if (!mayRead(principal)) throw new ForbiddenError('Forbidden');
      const headers: Record<string, string> = { 'Content-Type': served.type, ETag: served.etag, 'Cache-Control': settings.public ? 'no-cache' : 'private, no-cache' };
      if (!settings.public) headers.Vary = 'Authorization';
      if (req.headers['if-none-match'] === served.etag) {
        res.statusCode = 304;
        for (const [k, v] of Object.entries(headers)) if (k !== 'Content-Type') res.setHeader(k, v);
        res.end();
        return;
      }
      return write(req, res, served.body, headers);
    }
    if (!documentation) throw new NotFoundError('Not Found');
    if (pathname === '/documentation' || pathname === '/documentation/') {
      return write(req, res, Buffer.from(documentation.page()), { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': PAGE_CSP, 'Cache-Control': 'no-cache' });
    }
    const asset = documentation.asset(pathname);
    if (!asset) throw new NotFoundError('Not Found');
    return write(req, res, asset.body, { 'Content-Type': asset.type, 'Cache-Control': 'public, max-age=86400' });
  }

  return {
    matches: (pathname) => contracts.has(pathname) || (documentation?.matches(pathname) ?? false),
    handle,
  };
}
