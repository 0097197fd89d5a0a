/**
 * engine/auth: what the users-permissions actions need besides the repository, built once at boot
 * from the artifacts' config and the server's: the JWT codec (secret and lifetime), the login and
 * registration rate limiter, and the role registered users get.
 */
import type { NormalizedModel } from '../../compiler/model/types.js';
import type { ServerConfig } from '../config/server-config.js';
import type { Repository } from '../repository/types.js';
import { JwtCodec } from './jwt.js';
import { AuthRateLimiter } from './rate-limiter.js';

export interface UsersAuth {
  readonly jwt: JwtCodec;
  readonly limiter: AuthRateLimiter;
  /** the role type registered users get */
  readonly defaultRole: string;
}

export function createUsersAuth(model: NormalizedModel, repo: Repository, config: Pick<ServerConfig, 'jwtSecret' | 'jwtExpiresIn' | 'authRateLimit'>): UsersAuth {
  const up = model.config.usersPermissions ?? { jwtExpiresIn: 30 * 86_400, defaultRole: 'authenticated' };
  return {
    jwt: new JwtCodec(config.jwtSecret, config.jwtExpiresIn ?? up.jwtExpiresIn),
    limiter: new AuthRateLimiter(repo, config.authRateLimit),
    defaultRole: up.defaultRole ?? 'authenticated',
  };
}
