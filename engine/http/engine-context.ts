/**
 * engine/http: what a request handler gets: the booted engine (model, repository, permissions,
 * shaper) and the parsed request. Built once at boot; handlers never reach for globals.
 */
import type { IncomingMessage } from 'node:http';
import type { NormalizedModel } from '../../compiler/model/types.js';
import type { Permissions, Principal } from '../auth/permissions.js';
import type { UsersService } from '../auth/users-service.js';
import type { ServerConfig } from '../config/server-config.js';
import type { Repository } from '../repository/types.js';
import type { EntryShaper } from '../response/shape-entry.js';
import type { UploadService } from '../upload/upload-service.js';

export interface EngineContext {
  config: ServerConfig;
  model: NormalizedModel;
  repo: Repository;
  permissions: Permissions;
  shaper: EntryShaper;
  /** users-permissions: register, login, me, JWT -> principal (REST and GraphQL share it) */
  users: UsersService;
  /** the upload plugin (REST and GraphQL share it); absent when the model has no file type */
  uploads?: UploadService;
  /** `Authorization` header -> Principal (API token or JWT); 401 for a bad credential */
  authenticate(header: string | undefined): Promise<Principal>;
  /** the client's address for rate limits: the socket peer, or X-Forwarded-For behind a trusted proxy */
  clientAddress?(req: IncomingMessage): string | undefined;
}

export interface RestRequest {
  uid: string;
  action: string;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  principal: Principal;
  /** may the requester `find` this type (populate is skipped otherwise) */
  canFind: (uid: string) => boolean;
  /** the client's address (rate limits of login and register) */
  ip?: string;
}

export interface RestResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}
