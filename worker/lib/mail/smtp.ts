import { LogLevel, WorkerMailer } from 'worker-mailer';
import type { MailConfig } from './config';
import type { MailSession, MailTransport, OutgoingMail } from './index';

const TIMEOUT_MS = 15_000;

/**
 * SMTP over Cloudflare sockets (`worker-mailer`): one connection per batch of mails, closed after it. The library
 * logs nothing (its log would name the server's answers); a failure throws with the server's reply.
 */
export function smtpTransport(config: MailConfig): MailTransport {
  const sender = addressOf(config.from);
  const connect = () =>
    WorkerMailer.connect({
      host: config.host,
      port: config.port,
      secure: config.secure,
      startTls: !config.secure,
      credentials: config.user ? { username: config.user, password: config.password ?? '' } : undefined,
      authType: ['plain', 'login'],
      logLevel: LogLevel.NONE,
      socketTimeoutMs: TIMEOUT_MS,
      responseTimeoutMs: TIMEOUT_MS,
    });
  async function open(): Promise<MailSession> {
    const mailer = await connect();
    return {
      send: (mail: OutgoingMail) =>
        mailer.send({
          from: { name: mail.fromName ?? sender.name, email: sender.email },
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
        }),
      close: () => mailer.close().catch(() => {}),
    };
  }
  return { open };
}

/** `Name <address>` or a bare address. */
export function addressOf(from: string): { name?: string; email: string } {
  const match = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(from);
  return match ? { name: match[1].replace(/^"|"$/g, '') || undefined, email: match[2].trim() } : { email: from.trim() };
}
