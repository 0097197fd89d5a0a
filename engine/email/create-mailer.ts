/**
 * engine/email: the mailer a server boots with: nodemailer (SMTP) when the artifacts' email config
 * names it and EMAIL_PROVIDER does not force the log provider; the log provider otherwise.
 */
import type { BaseLogger as Logger } from 'pino';
import type { EmailConfig } from '../../compiler/model/types.js';
import type { EmailSettings } from '../config/email-settings.js';
import { LogMailer } from './log-mailer.js';
import type { Mailer } from './mailer.js';
import { SmtpMailer } from './smtp-mailer.js';

export function createMailer(config: EmailConfig, settings: EmailSettings, log: Logger): Mailer {
  if (config.provider !== 'nodemailer' || settings.forceLog) return new LogMailer(log);
  const auth = settings.smtpUser !== undefined ? { user: settings.smtpUser, pass: settings.smtpPassword ?? '' } : undefined;
  return new SmtpMailer(config.providerOptions, auth);
}
