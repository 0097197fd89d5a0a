/**
 * engine/auth: `Authorization` header -> Principal. No header: public. A header that is not a valid
 * Bearer credential, an unknown or expired token: 401 UnauthorizedError, even on public routes.
 */
import { UnauthorizedError } from '../errors/index.js';
import type { Repository } from '../repository/types.js';
import { hashAccessKey } from './api-tokens.js';
import type { Principal } from './permissions.js';

const TOUCH_EVERY_MS = 60_000;
const invalid = () => new UnauthorizedError('Missing or invalid credentials');

export async function resolvePrincipal(header: string | undefined, repo: Repository, salt: string, now = Date.now()): Promise<Principal> {
  if (header === undefined || header === '') return { kind: 'public' };
  const m = /^Bearer ([A-Za-z0-9._~+/=-]{1,4096})$/i.exec(header.trim());
  if (!m) throw invalid();
  const token = await repo.apiTokens.findByHash(hashAccessKey(m[1], salt));
  if (!token) throw invalid();
  if (token.expiresAt && Date.parse(token.expiresAt) <= now) throw invalid();
  if (!token.lastUsedAt || now - Date.parse(token.lastUsedAt) > TOUCH_EVERY_MS) void repo.apiTokens.touch(token.id).catch(() => undefined);
  return { kind: 'api-token', token };
}
