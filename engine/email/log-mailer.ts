/**
 * engine/email: the development provider. Each message is written to the log (pino, level info) with
 * its recipient, sender, subject and text, so a developer can follow a reset or confirmation link
 * without an SMTP server. Never fails.
 */
import type { BaseLogger as Logger } from 'pino';
import type { EmailMessage, Mailer } from './mailer.js';

export class LogMailer implements Mailer {
  readonly provider = 'log';

  constructor(private readonly log: Logger) {}

  async send(message: EmailMessage): Promise<void> {
    const { to, from, replyTo, subject, text } = message;
    this.log.info({ email: { to, from, ...(replyTo && { replyTo }), subject, text } }, 'email (log provider: not sent)');
  }

  close(): void {}
}
