// The local mail catcher of `npm run dev`: maildev, in this process, on loopback only. It keeps
// every mail the server sends (order confirmations, refunds) and shows them in a web inbox, so
// nothing reaches a real address in development.
import { MailDev } from 'maildev';

type MailCatcher = { inboxUrl: string; stop(): Promise<void> };

/** The most mails it keeps (in memory), the oldest dropped first. */
const MAX_MAILS = 500;

/** Starts maildev: SMTP on `smtpPort`, its web inbox on `webPort`, both on 127.0.0.1. */
async function startMailCatcher(ports: {
  smtpPort: number;
  webPort: number;
}): Promise<MailCatcher> {
  const maildev = new MailDev({
    smtp: ports.smtpPort,
    ip: '127.0.0.1',
    web: ports.webPort,
    webIp: '127.0.0.1',
    maxEmails: MAX_MAILS,
    silent: true,
  });
  await maildev.start();
  return { inboxUrl: `http://127.0.0.1:${ports.webPort}`, stop: () => maildev.stop() };
}

/**
 * `npm run dev`'s mail: the catcher, and the server's settings for it (server/config.ts): the
 * mails go to its SMTP port, and their receipt links to the dev web app on `webAppPort`. Unless
 * the environment names an SMTP server of its own (SMTP_URL): then the server uses that.
 */
export async function devMail(ports: {
  smtpPort: number;
  webPort: number;
  webAppPort: number;
}): Promise<{ server: Record<string, string>; inboxUrl?: string }> {
  if (process.env.SMTP_URL) {
    console.log('SMTP_URL is set: mails go there, not to the mail catcher.');
    return { server: {} };
  }
  console.log('Starting the mail catcher…');
  const catcher = await startMailCatcher(ports);
  return {
    server: {
      SMTP_URL: `smtp://127.0.0.1:${ports.smtpPort}`,
      PUBLIC_URL: `http://127.0.0.1:${ports.webAppPort}`,
    },
    inboxUrl: catcher.inboxUrl,
  };
}
