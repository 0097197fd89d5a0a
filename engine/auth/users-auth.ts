/**
 * engine/auth: what the users-permissions actions need besides the repository, built once at boot
 * from the artifacts' config and the server's: the JWT codec (secret and lifetime), the login and
 * registration rate limiter, the plugin's settings (default role, registration, email confirmation,
 * templates; on a database Strapi manages, its admin's, read live), the mailer of its emails (made by
 * the caller: engine/email/create-mailer.ts) and the server's public address for their links.
 */
import type { BaseLogger as Logger } from 'pino';
import type { NormalizedModel, UsersPermissionsConfig } from '../../compiler/model/types.js';
import type { ServerConfig } from '../config/server-config.js';
import type { Mailer } from '../email/mailer.js';
import type { Repository } from '../repository/types.js';
import { JwtCodec } from './jwt.js';
import { AuthRateLimiter } from './rate-limiter.js';
import { refusedAllowedFields, registrationFields } from './user-input.js';

export interface UsersAuth {
  readonly jwt: JwtCodec;
  readonly limiter: AuthRateLimiter;
  /** the role type registered users get */
  readonly defaultRole: string;
  /** register, email confirmation, reset URL, templates (model.json `usersPermissions`) */
  readonly settings: UsersPermissionsConfig;
  /** the `email` provider (login with an identifier and password) is on: always, unless Strapi's admin turned it off */
  readonly emailProviderEnabled: boolean;
  readonly mailer: Mailer;
  /** the email plugin's `defaultFrom` / `defaultReplyTo` */
  readonly emailDefaults: { readonly from: string | null; readonly replyTo: string | null };
  /** PUBLIC_URL, else the address the server listens on (`http://localhost:1337`) */
  serverUrl(): string;
  /** told by the server once it listens (used when PUBLIC_URL is unset) */
  listeningAt(url: string): void;
}

/** settings read at each use (a database Strapi manages: engine/boot/strapi-settings.ts) */
export interface LiveUsersSettings {
  readonly usersPermissions: UsersPermissionsConfig;
  readonly emailProviderEnabled: boolean;
}

/**
 * `mailer`: the server's, for the flows' emails; `live`: where the settings are read instead of the
 * artifacts' (Strapi's admin's advanced settings, templates and providers)
 */
export function createUsersAuth(
  model: NormalizedModel, repo: Repository, config: Pick<ServerConfig, 'jwtSecret' | 'jwtExpiresIn' | 'authRateLimit' | 'email' | 'port'>, mailer: Mailer, log: Logger,
  live?: LiveUsersSettings,
): UsersAuth {
  const up = model.config.usersPermissions;
  const settings = () => live?.usersPermissions ?? up;
  const extra = registrationFields(model, up.registerAllowedFields);
  // Strapi 4 says the same at start when register.allowedFields is unset (its deprecated default)
  if (up.registerAllowedFields === undefined && extra.length > 0) {
    log.warn(`Users-permissions registration has defaulted to accepting the following additional user fields during registration: ${extra.join(',')}`);
  }
  const refused = refusedAllowedFields(up.registerAllowedFields);
  if (refused.length > 0) log.warn(`users-permissions register.allowedFields: ${refused.join(', ')} are never taken from a registration`);
  let listening = `http://localhost:${config.port}`;
  return {
    jwt: new JwtCodec(config.jwtSecret, config.jwtExpiresIn ?? up.jwtExpiresIn),
    limiter: new AuthRateLimiter(repo, config.authRateLimit),
    get defaultRole() {
      return settings().defaultRole ?? 'authenticated';
    },
    get settings() {
      return settings();
    },
    get emailProviderEnabled() {
      return live?.emailProviderEnabled ?? true;
    },
    mailer,
    emailDefaults: { from: model.config.email.defaultFrom, replyTo: model.config.email.defaultReplyTo },
    serverUrl: () => config.email.publicUrl ?? listening,
    listeningAt: (url) => {
      listening = url;
    },
  };
}
