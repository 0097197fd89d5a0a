/**
 * test helpers: a real SMTP server on a free local port (the smtp-server package) that keeps every
 * message it receives, and a small reader for them: headers, the text and HTML parts (quoted-printable
 * decoded), and the first link in a message.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpSink {
  port: number;
  messages: ReceivedMail[];
  /** the next message to arrive (or one already there that was not taken yet) */
  next(timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

const decodeQuotedPrintable = (s: string) =>
  Buffer.from(s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');

function header(head: string, name: string): string | undefined {
  const m = new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  return m ? m[1].replace(/\r?\n[ \t]+/g, ' ').trim() : undefined;
}

function part(raw: string, type: string): string {
  const m = new RegExp(`Content-Type: ${type}[^\\r\\n]*\\r?\\n(?:[^\\r\\n]+\\r?\\n)*?\\r?\\n([\\s\\S]*?)(?:\\r?\\n--|$)`, 'i').exec(raw);
  if (!m) return '';
  const before = raw.slice(0, m.index + m[0].length - m[1].length);
  return /quoted-printable/i.test(before.slice(before.lastIndexOf('Content-Type'))) ? decodeQuotedPrintable(m[1]) : m[1];
}

export function parseMail(raw: string): ReceivedMail {
  const head = raw.split(/\r?\n\r?\n/)[0];
  return {
    from: header(head, 'From') ?? '', to: header(head, 'To') ?? '', replyTo: header(head, 'Reply-To'), subject: header(head, 'Subject') ?? '',
    text: part(raw, 'text/plain').trim(), html: part(raw, 'text/html').trim(), raw,
  };
}

/** the first http(s) URL of a message's text */
export function linkIn(mail: ReceivedMail): string {
  const m = /https?:\/\/[^\s)"<]+/.exec(mail.text);
  if (!m) throw new Error(`no link in: ${mail.text}`);
  return m[0];
}

export async function startSmtp(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  let taken = 0;
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push(parseMail(Buffer.concat(chunks).toString('utf8')));
        for (const w of waiting.splice(0)) w();
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    messages,
    async next(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length <= taken) {
        if (Date.now() > deadline) throw new Error('no email arrived');
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return messages[taken++];
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
