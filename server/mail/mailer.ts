import nodemailer from 'nodemailer';
import type { Config } from '../config';

/** One mail as the shop sends it: to one customer, in plain text and simple HTML. */
export type OutgoingMail = { to: string; subject: string; text: string; html: string };

/**
 * The server's view of mail: all it needs, so tests can swap it (like the PaymentGateway). Throws
 * when the mail was not accepted (the SMTP server unreachable, or refusing it): the outbox
 * (server/mail/outbox.ts) then tries again later.
 */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * How long one SMTP step may take: the outbox worker sends one mail at a time, so a server that
 * does not answer must not hold it (nor the shutdown) for long.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * The production mailer: nodemailer over SMTP_URL (smtp:// takes STARTTLS when the server offers
 * it; smtps:// is TLS from the start), from MAIL_FROM. Null when SMTP_URL is not set: no mail.
 */
export function createSmtpMailer(config: Config): Mailer | null {
  if (!config.SMTP_URL) return null;
  const transport = nodemailer.createTransport(config.SMTP_URL, {
    ...SMTP_TIMEOUTS,
    from: config.MAIL_FROM,
  });
  return {
    async send(mail) {
      await transport.sendMail(mail);
    },
  };
}

/** Where the mails go, for the start-up message: SMTP_URL without its credentials. */
function smtpServerOf(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.host}`;
}

/** What the server says once at start about its mails (server/index.ts logs it). */
export function mailStartupMessage(config: Config): { level: 'info' | 'warn'; message: string } {
  if (!config.SMTP_URL) {
    return {
      // Production should know its customers get no mail; locally it is a plain fact.
      level: config.NODE_ENV === 'production' ? 'warn' : 'info',
      message:
        'SMTP_URL is not set: no order confirmation or refund mail is sent. Set SMTP_URL (and ' +
        'MAIL_FROM and PUBLIC_URL) to send them (docs/deploy.md).',
    };
  }
  return {
    level: 'info',
    message:
      `Order and refund mails go through ${smtpServerOf(config.SMTP_URL)} from ` +
      `${config.MAIL_FROM}, with receipt links to ${config.PUBLIC_URL}`,
  };
}
