/**
 * engine/email: SMTP through nodemailer, configured as Strapi's `@strapi/provider-email-nodemailer`
 * is: its `providerOptions` are nodemailer's transport options (host, port, secure, ignoreTLS...),
 * with `auth` from SMTP_USERNAME / SMTP_PASSWORD. One transport per process (pooled when
 * `providerOptions.pool` says so).
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { EmailMessage, Mailer } from './mailer.js';

export class SmtpMailer implements Mailer {
  readonly provider = 'nodemailer';
  private readonly transport: Transporter;

  constructor(options: Readonly<Record<string, unknown>>, auth?: { user: string; pass: string }) {
    this.transport = nodemailer.createTransport({ ...options, ...(auth && { auth }) } as Parameters<typeof nodemailer.createTransport>[0]);
  }

  async send(message: EmailMessage): Promise<void> {
    await this.transport.sendMail({ ...message });
  }

  close(): void {
    this.transport.close();
  }
}
