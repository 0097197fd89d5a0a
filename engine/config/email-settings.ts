/**
 * engine/config: the email plugin's settings that belong to the server rather than to the
 * artifacts, from the environment, checked once at start (part of ServerConfig): PUBLIC_URL (the
 * server's address as clients reach it, Strapi's `server.url`: the base of the links in emails; default
 * http://localhost:<port>), SMTP_USERNAME and SMTP_PASSWORD (nodemailer's `auth`, never in the
 * artifacts), EMAIL_PROVIDER (`log` overrides the artifacts' provider, for development).
 */
import { ConfigError } from './env-values.js';

export interface EmailSettings {
  /** no trailing slash; undefined: http://localhost:<the port the server listens on> */
  readonly publicUrl?: string;
  readonly smtpUser?: string;
  readonly smtpPassword?: string;
  /** `log`: write messages to the log whatever the artifacts say */
  readonly forceLog: boolean;
}

/** `loadEmailSettings({ PUBLIC_URL: 'https://api.example.com/' })` -> { publicUrl: 'https://api.example.com', forceLog: false } */
export function loadEmailSettings(env: NodeJS.ProcessEnv): EmailSettings {
  let publicUrl: string | undefined;
  if (env.PUBLIC_URL) {
    let u: URL;
    try {
      u = new URL(env.PUBLIC_URL);
    } catch {
      throw new ConfigError(`PUBLIC_URL must be an absolute http(s) URL, got "${env.PUBLIC_URL}"`);
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ConfigError(`PUBLIC_URL must be an http(s) URL, got "${env.PUBLIC_URL}"`);
    publicUrl = env.PUBLIC_URL.replace(/\/+$/, '');
  }
  const provider = (env.EMAIL_PROVIDER ?? '').toLowerCase();
  if (provider !== '' && provider !== 'log' && provider !== 'nodemailer') throw new ConfigError(`EMAIL_PROVIDER must be "log" or "nodemailer", got "${env.EMAIL_PROVIDER}"`);
  if (Boolean(env.SMTP_USERNAME) !== Boolean(env.SMTP_PASSWORD)) throw new ConfigError('SMTP_USERNAME and SMTP_PASSWORD go together');
  return {
    ...(publicUrl && { publicUrl }),
    ...(env.SMTP_USERNAME && { smtpUser: env.SMTP_USERNAME, smtpPassword: env.SMTP_PASSWORD }),
    forceLog: provider === 'log',
  };
}
