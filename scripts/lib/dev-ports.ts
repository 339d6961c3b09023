// The ports of `npm run dev`, each configurable, and the check that runs before anything starts:
// a taken port is named at once, with how to choose another, instead of a time-out a minute later.
import { createServer } from 'node:net';

export type DevPort = {
  /** What listens there, as the message names it. */
  what: string;
  port: number;
  /** The variable that moves it, and a value to suggest for it. */
  variable: string;
  suggest: number;
};

function portFrom(env: Record<string, string | undefined>, variable: string, fallback: number) {
  const raw = env[variable]?.trim();
  if (!raw) return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_533) {
    throw new Error(`${variable} must be a port number (1-65533), got "${raw}"`);
  }
  return port;
}

/** The dev stack's ports from the environment (defaults: 5173, 3000, 9099, 12111, 1025, 1080). */
export function devPorts(env: Record<string, string | undefined> = process.env) {
  return {
    web: portFrom(env, 'WEB_PORT', 5173),
    server: portFrom(env, 'PORT', 3000),
    authEmulator: portFrom(env, 'AUTH_EMULATOR_PORT', 9099),
    stripeEmulator: portFrom(env, 'STRIPE_EMULATOR_PORT', 12111),
    mailCatcherSmtp: portFrom(env, 'MAIL_CATCHER_SMTP_PORT', 1025),
    mailCatcherWeb: portFrom(env, 'MAIL_CATCHER_WEB_PORT', 1080),
  };
}

/** Every port the stack will listen on, the Auth Emulator's hub and logging ports included. */
export function devPortList(
  ports: ReturnType<typeof devPorts>,
  withStripe: boolean,
  withMailCatcher = true,
): DevPort[] {
  const auth = { variable: 'AUTH_EMULATOR_PORT', suggest: ports.authEmulator + 10 };
  return [
    { what: 'the web app (Vite)', port: ports.web, variable: 'WEB_PORT', suggest: ports.web + 1 },
    { what: 'the product server', port: ports.server, variable: 'PORT', suggest: ports.server + 1 },
    { what: 'the Firebase Auth Emulator', port: ports.authEmulator, ...auth },
    { what: "the Auth Emulator's hub", port: ports.authEmulator + 1, ...auth },
    { what: "the Auth Emulator's logging", port: ports.authEmulator + 2, ...auth },
    ...(withStripe
      ? [
          {
            what: 'the Stripe emulator',
            port: ports.stripeEmulator,
            variable: 'STRIPE_EMULATOR_PORT',
            suggest: ports.stripeEmulator + 1,
          },
        ]
      : []),
    ...(withMailCatcher
      ? [
          {
            what: "the mail catcher's SMTP server",
            port: ports.mailCatcherSmtp,
            variable: 'MAIL_CATCHER_SMTP_PORT',
            suggest: ports.mailCatcherSmtp + 1,
          },
          {
            what: "the mail catcher's inbox",
            port: ports.mailCatcherWeb,
            variable: 'MAIL_CATCHER_WEB_PORT',
            suggest: ports.mailCatcherWeb + 1,
          },
        ]
      : []),
  ];
}

/** Whether something else already listens on 127.0.0.1:port (we could not bind it). */
function isTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(true));
    probe.listen({ host: '127.0.0.1', port, exclusive: true }, () => {
      probe.close(() => resolve(false));
    });
  });
}

/** The ports of `wanted` that are taken now. */
export async function takenPorts(wanted: DevPort[]): Promise<DevPort[]> {
  const results = await Promise.all(
    wanted.map(async (entry) => ((await isTaken(entry.port)) ? entry : null)),
  );
  return results.filter((entry): entry is DevPort => entry !== null);
}

/** What `npm run dev` says when ports are taken: which, and how to move each. */
export function takenPortsMessage(taken: DevPort[]): string {
  const lines = taken.map(
    (entry) =>
      `  - ${entry.port}, for ${entry.what}: choose another with ${entry.variable}, e.g. ` +
      `${entry.variable}=${entry.suggest} npm run dev`,
  );
  const which = taken.length === 1 ? 'a port it needs is' : 'ports it needs are';
  return [
    `npm run dev cannot start: ${which} taken (is another npm run dev running?)`,
    ...lines,
  ].join('\n');
}
