// `npm run dev`: the Auth Emulator (9099), the Stripe emulator (12111), the mail catcher (SMTP
// 1025, inbox 1080), the product server (3000) and Vite (5173); each port can be moved
// (scripts/lib/dev-ports.ts), and every one is checked before anything starts. Ctrl-C stops them all.
import { seedDemoAccounts, startAuthEmulator, demoAccounts } from './lib/auth-emulator';
import { devPortList, devPorts, takenPorts, takenPortsMessage } from './lib/dev-ports';
import { devMail } from './lib/mail-catcher';
import { onShutdown, startProcess, stopAll, waitForUrl } from './lib/processes';
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

async function main(): Promise<void> {
  let stopping = false;
  onShutdown(async () => {
    stopping = true;
    console.log('\nStopping the dev stack…');
    await stopAll();
  });

  const taken = await takenPorts(
    devPortList(PORTS, !process.env.STRIPE_SECRET_KEY, !process.env.SMTP_URL),
  );
  if (taken.length > 0) {
    console.error(takenPortsMessage(taken));
    process.exit(1);
  }

  console.log('Starting the Firebase Auth Emulator…');
  await startAuthEmulator(EMULATOR_PORT);
  await seedDemoAccounts(EMULATOR_PORT);
  const stripe = await stripeEnv();
  const mail = await devMail({
    smtpPort: PORTS.mailCatcherSmtp,
    webPort: PORTS.mailCatcherWeb,
    webAppPort: WEB_PORT,
  });

  const server = startProcess(
    'server',
    'node_modules/.bin/tsx',
    ['watch', '--clear-screen=false', 'server/index.ts'],
    {
      env: {
        PORT: String(SERVER_PORT),
        FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${EMULATOR_PORT}`,
        ...stripe.server,
        ...mail.server,
      },
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

  server.child.on('exit', (code) => {
    if (!stopping && code !== null && code !== 0)
      console.error(`[server] exited with code ${code}`);
  });
}

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  await stopAll();
  process.exit(1);
});
