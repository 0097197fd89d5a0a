/**
 * engine/email: what a provider sends. One message, already rendered: the users-permissions flows
 * build it from their templates (render-template.ts) and hand it to the mailer the server booted
 * with (create-mailer.ts). A mailer that cannot send throws; the caller decides what the client hears.
 */

export interface EmailMessage {
  readonly to: string;
  /** `"Name" <address>` or an address */
  readonly from: string;
  readonly replyTo?: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

export interface Mailer {
  /** `nodemailer` or `log` */
  readonly provider: string;
  send(message: EmailMessage): Promise<void>;
  close(): void;
}
