import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './redis-server';

/**
 * A real SMTP server of the test's own on a free port (smtp-server), keeping every mail it accepts
 * parsed by mailparser. It may be down (`stop`, or never started) and come up again on the same
 * port: a mail sent meanwhile is refused as by a mail server that is away.
 */
export type TestSmtpServer = {
  port: number;
  /** SMTP_URL for the app. */
  url: string;
  /** Every mail accepted, in order (each is parsed before the server says it took it). */
  mails: ParsedMail[];
  /** Listens (a no-op when it already does). */
  start(): Promise<void>;
  stop(): Promise<void>;
};

export async function createTestSmtpServer(): Promise<TestSmtpServer> {
  const port = await freePort();
  const mails: ParsedMail[] = [];
  let server: SMTPServer | undefined;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async start() {
      if (server) return;
      const smtp = new SMTPServer({
        // Plain SMTP on loopback, as a local mail catcher speaks it.
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, _session, callback) {
          simpleParser(stream).then(
            (mail) => {
              mails.push(mail);
              callback();
            },
            (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
          );
        },
      });
      await new Promise<void>((resolve, reject) => {
        smtp.once('error', reject);
        smtp.listen(port, '127.0.0.1', () => resolve());
      });
      server = smtp;
    },
    async stop() {
      const smtp = server;
      server = undefined;
      if (smtp) await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
