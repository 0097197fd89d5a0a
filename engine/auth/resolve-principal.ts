/**
 * engine/auth: `Authorization` header -> Principal. No header: public. A quire API token (hex key)
 * is looked up by its hash; any other bearer is tried as a users-permissions JWT. A header that is
 * not a Bearer credential, an unknown or expired token, a bad JWT: 401 UnauthorizedError 'Missing or
 * invalid credentials', even on public routes. A JWT of a blocked or deleted user: 401 'Invalid credentials'.
 */
import { UnauthorizedError } from '../errors/index.js';
import type { Repository } from '../repository/types.js';
import { hashAccessKey } from './api-tokens.js';
import type { Principal } from './permissions.js';
import type { ApiTokenCache } from './token-cache.js';

const TOUCH_EVERY_MS = 60_000;
/** 401 for any credential that does not authenticate (malformed, unknown, expired, several) */
export const invalidCredentials = () => new UnauthorizedError('Missing or invalid credentials');
const invalid = invalidCredentials;
/** header.payload.signature, base64url parts: the shape of a JWT (API token keys are hex) */
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*$/;

/** Turns a JWT into a user principal (UsersService.authenticate); undefined when it is not a valid one. */
export interface JwtAuthenticator {
  authenticate(token: string): Promise<Principal | undefined>;
}

/** `tokens`: a per-process cache of token rows (app.ts keeps one); without it every request reads the row. */
export async function resolvePrincipal(header: string | undefined, repo: Repository, salt: string, now = Date.now(), jwt?: JwtAuthenticator, tokens?: ApiTokenCache): Promise<Principal> {
  if (header === undefined || header === '') return { kind: 'public' };
  const m = /^Bearer ([A-Za-z0-9._~+/=-]{1,4096})$/i.exec(header.trim());
  if (!m) throw invalid();
  if (JWT_SHAPE.test(m[1])) {
    const user = jwt ? await jwt.authenticate(m[1]) : undefined;
    if (!user) throw invalid();
    return user;
  }
  const hash = tokens ? tokens.hashOf(m[1], (key) => hashAccessKey(key, salt)) : hashAccessKey(m[1], salt);
  const token = tokens ? await tokens.lookup(hash, now, (h) => repo.apiTokens.findByHash(h)) : await repo.apiTokens.findByHash(hash);
  if (!token) throw invalid();
  tokens?.found(m[1], hash);
  if (token.expiresAt && Date.parse(token.expiresAt) <= now) throw invalid();
  if (!token.lastUsedAt || now - Date.parse(token.lastUsedAt) > TOUCH_EVERY_MS) {
    tokens?.touched(hash, new Date(now).toISOString());
    void repo.apiTokens.touch(token.id).catch(() => undefined);
  }
  return { kind: 'api-token', token };
}
