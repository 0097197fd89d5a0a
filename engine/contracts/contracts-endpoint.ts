/**
 * engine/contracts: GET /openapi.json and GET /schema.graphql answer the artifacts this server runs
 * from (byte for byte, with an ETag), and /documentation the API reference page: routes of the one
 * request lifecycle (engine/http/lifecycle.ts). Reading is public when
 * CONTRACTS_PUBLIC is on (default outside production); otherwise it needs a full-access API token, or
 * a custom token or a user role granted CONTRACTS_PERMISSION.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Permissions, Principal } from '../auth/permissions.js';
import type { Artifacts } from '../artifacts/load-artifacts.js';
import type { ServerConfig } from '../config/server-config.js';
import { NotFoundError } from '../errors/index.js';
import { PAGE_CSP } from '../http/page-assets.js';
import type { Route } from '../http/route.js';
import type { RouteEntry } from '../http/route-entry.js';
import { DOCUMENTATION_PATH, DocumentationPage } from './documentation-page.js';

/** The permission (permissions.json role list, or a custom API token) that reads private contracts. */
export const CONTRACTS_PERMISSION = 'plugin::documentation.contracts.read';
const [PERMISSION_UID, PERMISSION_ACTION] = ['plugin::documentation.contracts', 'read'];

interface Contract {
  readonly body: Buffer;
  readonly type: string;
  readonly etag: string;
}

export interface ContractsSource {
  readonly config: Pick<ServerConfig, 'contracts'>;
  readonly permissions: Permissions;
}

/** The routes of the contracts (`/openapi.json`, `/schema.graphql`) and, when enabled, the documentation page and its assets. */
export function contractsRoutes(source: ContractsSource, artifacts: Artifacts): RouteEntry[] {
  const { config, permissions } = source;
  const settings = config.contracts;
  const contract = (file: string, type: string): Contract => {
    const body = readFileSync(join(artifacts.dir, file));
    return { body, type, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
  };
  // a bad credential is a 401 even when the contracts are public, as everywhere else
  const mayRead = (principal: Principal) =>
    settings.public || (principal.kind === 'api-token' && principal.token.type === 'full-access') || permissions.can(principal, PERMISSION_UID, PERMISSION_ACTION);

  const served = (c: Contract): Route => ({
    authenticate: true,
    permission: mayRead,
    query: 'none',
    body: 'none',
    handle: async (r) => {
      const headers: Record<string, string> = { 'Content-Type': c.type, ETag: c.etag, 'Cache-Control': settings.public ? 'no-cache' : 'private, no-cache' };
      if (!settings.public) headers.Vary = 'Authorization';
      if (r.raw.headers['if-none-match'] === c.etag) {
        const { 'Content-Type': _type, ...rest } = headers;
        return { status: 304, headers: rest };
      }
      return { status: 200, headers, payload: c.body };
    },
  });
  const entries: RouteEntry[] = [
    { methods: ['GET'], path: '/openapi.json', route: served(contract('openapi.json', 'application/json; charset=utf-8')) },
    { methods: ['GET'], path: '/schema.graphql', route: served(contract('schema.graphql', 'text/plain; charset=utf-8')) },
  ];
  if (!settings.documentation) return entries;
  const documentation = new DocumentationPage('/openapi.json');
  const page: Route = {
    authenticate: false, query: 'none', body: 'none',
    handle: async () => ({ status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': PAGE_CSP, 'Cache-Control': 'no-cache' }, payload: documentation.page() }),
  };
  const asset: Route = {
    authenticate: false, query: 'none', body: 'none',
    handle: async (r) => {
      const found = documentation.asset(r.pathname);
      if (!found) throw new NotFoundError('Not Found');
      return { status: 200, headers: { 'Content-Type': found.type, 'Cache-Control': 'public, max-age=86400' }, payload: found.body };
    },
  };
  entries.push({ methods: ['GET'], path: DOCUMENTATION_PATH, route: page }, { methods: ['GET'], path: `${DOCUMENTATION_PATH}/assets/*`, route: asset });
  return entries;
}
