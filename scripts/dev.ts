// `npm run dev`: the Auth Emulator (9099), the Stripe emulator (12111), the mail catcher (SMTP
// 1025, inbox 1080), the product server (3000) and Vite (5173); each port can be moved
// (scripts/lib/dev-ports.ts), and every one is checked before anything starts. Ctrl-C stops them
// all. The server is restarted when it dies or its sources change (scripts/lib/supervisor.ts,
// docs/decisions.md D55).
import {
  DEV_AUTH_DATA_DIR,
  demoAccounts,
  exportAuthData,
  seedDemoAccounts,
  startAuthEmulator,
  type AuthEmulator,
} from './lib/auth-emulator';
import { devPortList, devPorts, takenPorts, takenPortsMessage } from './lib/dev-ports';
import { devMail } from './lib/mail-catcher';
import { onShutdown, startProcess, stopAll, waitForUrl } from './lib/processes';
import { supervise, watchSources, type Supervisor } from './lib/supervisor';
import {
  newWebhookSecret,
  startStripeEmulator,
  stripeServerEnv,
  stripeWebEnv,
} from './lib/stripe-emulator';

const PORTS = devPorts();
const EMULATOR_PORT = PORTS.authEmulator;
const STRIPE_EMULATOR_PORT = PORTS.stripeEmulator;
const SERVER_PORT = PORTS.server;
const WEB_PORT = PORTS.web;

/**
 * Card payments: the local Stripe emulator, unless the environment names a real Stripe account
 * (STRIPE_SECRET_KEY; then the server and the web app use the keys they are given).
 */
async function stripeEnv(): Promise<{
  server: Record<string, string>;
  web: Record<string, string>;
}> {
  if (process.env.STRIPE_SECRET_KEY) {
    console.log('STRIPE_SECRET_KEY is set: card payments go to Stripe, not the emulator.');
    return { server: {}, web: {} };
  }
  const webhookSecret = newWebhookSecret();
  console.log('Starting the Stripe emulator…');
  await startStripeEmulator({ port: STRIPE_EMULATOR_PORT, serverPort: SERVER_PORT, webhookSecret });
  return {
    server: stripeServerEnv(STRIPE_EMULATOR_PORT, webhookSecret),
    web: stripeWebEnv(STRIPE_EMULATOR_PORT),
  };
}

/** Waits before restarting a server that died: 4 deaths in a row within a minute stop the stack. */
const SERVER_RESTART_BACKOFF_MS = [500, 2_000, 5_000];
/** A server that ran this long had worked: its death starts a new series of restarts. */
const SERVER_STABLE_AFTER_MS = 60_000;

/**
 * The product server under a supervisor instead of `tsx watch`, which left the stack running
 * without a server once it died: restarted after a death (with backoff, then the stack stops with
 * a message) and on a change to its sources (server/, contract/).
 */
function superviseServer(env: Record<string, string>, onGiveUp: (message: string) => void) {
  const supervisor = supervise({
    name: 'server',
    start: () =>
      startProcess('server', process.execPath, ['--import', 'tsx', 'server/index.ts'], { env })
        .child,
    backoffMs: SERVER_RESTART_BACKOFF_MS,
    stableAfterMs: SERVER_STABLE_AFTER_MS,
    log: (line) => console.error(line),
    onGiveUp,
  });
  const unwatch = watchSources(['server', 'contract'], /\.(ts|sql|json)$/, (file) => {
    console.log(`[server] ${file} changed: restarting`);
    supervisor.restart();
  });
  return {
    ...supervisor,
    async stop() {
      unwatch();
      await supervisor.stop();
    },
  } satisfies Supervisor;
}

/** Accounts are exported this often too, so a kill -9 of the whole stack loses little (D55). */
const AUTH_EXPORT_EVERY_MS = 60_000;

/** What main() started, as it starts. */
const stack: { server?: Supervisor; auth?: AuthEmulator; exportTimer?: NodeJS.Timeout } = {};

/** The server first (it uses the emulator), then the emulator, which exports its accounts. */
async function stopStack(): Promise<void> {
  clearInterval(stack.exportTimer);
  await stack.server?.stop();
  await stack.auth?.stop();
  await stopAll();
}

async function main(): Promise<void> {
  onShutdown(async () => {
    console.log('\nStopping the dev stack…');
    await stopStack();
  });

  const taken = await takenPorts(
    devPortList(PORTS, !process.env.STRIPE_SECRET_KEY, !process.env.SMTP_URL),
  );
  if (taken.length > 0) {
    console.error(takenPortsMessage(taken));
    process.exit(1);
  }

  console.log(`Starting the Firebase Auth Emulator (accounts kept in ${DEV_AUTH_DATA_DIR}/)…`);
  stack.auth = await startAuthEmulator(EMULATOR_PORT, { dataDir: DEV_AUTH_DATA_DIR });
  await seedDemoAccounts(EMULATOR_PORT);
  stack.exportTimer = setInterval(() => {
    exportAuthData(EMULATOR_PORT, DEV_AUTH_DATA_DIR).catch((error: unknown) =>
      console.error(`[auth] ${error instanceof Error ? error.message : String(error)}`),
    );
  }, AUTH_EXPORT_EVERY_MS);
  const stripe = await stripeEnv();
  const mail = await devMail({
    smtpPort: PORTS.mailCatcherSmtp,
    webPort: PORTS.mailCatcherWeb,
    webAppPort: WEB_PORT,
  });

  stack.server = superviseServer(
    {
      PORT: String(SERVER_PORT),
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${EMULATOR_PORT}`,
      ...stripe.server,
      ...mail.server,
    },
    (message) => {
      console.error(`\n${message}`);
      void stopStack().finally(() => process.exit(1));
    },
  );
  await waitForUrl(`http://127.0.0.1:${SERVER_PORT}/api/health`, 60_000);

  startProcess(
    'web',
    'node_modules/.bin/vite',
    ['--clearScreen', 'false', '--port', String(WEB_PORT)],
    {
      env: {
        VITE_DEV_API_TARGET: `http://127.0.0.1:${SERVER_PORT}`,
        // Over .env.development's, when AUTH_EMULATOR_PORT moved it.
        VITE_FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${EMULATOR_PORT}`,
        ...stripe.web,
      },
    },
  );
  await waitForUrl(`http://127.0.0.1:${WEB_PORT}/`, 60_000);

  console.log(`\nLearnTogether is running: http://127.0.0.1:${WEB_PORT}`);
  for (const account of demoAccounts)
    console.log(`  demo account: ${account.email} / ${account.password}`);
  if (stripe.web.VITE_STRIPE_EMULATOR_URL)
    console.log('  test card: 4242 4242 4242 4242, any future date, any CVC (README: more cards)');
  if (mail.inboxUrl) console.log(`  mails the shop sends: ${mail.inboxUrl}`);
  console.log('Press Ctrl-C to stop.\n');
}

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  await stopStack();
  process.exit(1);
});
