import type { FastifyInstance } from 'fastify';
import { errorCode } from '../contract/error-code';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { createDb } from './db/client';
import { migrate } from './db/migrate';
import { seedCatalogue } from './db/seed';
import { mailStartupMessage } from './mail/mailer';
import { cardPaymentNotConfiguredWarning } from './payments/card-payment-warning';
import { checkWebhookSubscription } from './payments/webhook-subscription';

const FORCE_EXIT_AFTER_MS = 10_000;

/**
 * `node dist-server/index.js migrate` (npm run migrate): applies the migrations and seeds an
 * empty catalogue, then exits. Run once per deploy, before the new processes start; they check
 * again at start-up anyway, under the same lock, so one started without it still works.
 */
async function migrateOnly(config: Config): Promise<void> {
  const db = await createDb({
    databaseUrl: config.DATABASE_URL,
    pgliteDataDir: config.PGLITE_DATA_DIR,
  });
  try {
    const applied = await migrate(db);
    const seeded = await seedCatalogue(db);
    console.log(
      applied.length > 0 ? `Applied ${applied.join(', ')}` : 'The database is up to date',
      seeded > 0 ? `(and seeded ${seeded} books)` : '',
    );
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (process.argv[2] === 'migrate') return migrateOnly(config);
  const app = await buildApp({ config });

  try {
    await app.listen({ host: config.HOST, port: config.PORT });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  app.log.info(`LearnTogether server ready at http://${config.HOST}:${port}`);
  if (config.ACCESS_TOKEN_SECRET_IS_EPHEMERAL) {
    app.log.warn(
      'ACCESS_TOKEN_SECRET is not set: using a random secret for this process. Sessions end on ' +
        'restart and cannot be shared between processes; set it for a real deployment.',
    );
  }

  if (config.FIREBASE_AUTH_EMULATOR_HOST) {
    // info, not warn: the test stacks run at LOG_LEVEL=warn and all use the emulator.
    app.log.info(
      `Sign-in goes to the Firebase Auth Emulator at ${config.FIREBASE_AUTH_EMULATOR_HOST}, whose ` +
        'ID tokens are unsigned: a local demo, not production. Listening on loopback only.',
    );
  }
  warnAboutIdentity(app, config);
  warnAboutPublicUrl(app, config);
  warnAboutCardPayment(app, config);
  const mail = mailStartupMessage(config);
  app.log[mail.level](mail.message);

  handleShutdown(app);
}

/**
 * Production on a `demo-*` project (the default) verifies no real sign-in: the Auth Emulator is
 * refused there, and no real Firebase project issues tokens for a demo project.
 */
const IDENTITY_NOT_CONFIGURED_WARNING =
  'FIREBASE_PROJECT_ID names no real Firebase project: nobody can sign in. Set it (and ' +
  'GOOGLE_APPLICATION_CREDENTIALS), and build the web app with the VITE_FIREBASE_* variables ' +
  '(docs/deploy.md).';

function warnAboutIdentity(app: FastifyInstance, config: Config): void {
  if (config.NODE_ENV === 'production' && config.FIREBASE_PROJECT_ID.startsWith('demo-')) {
    app.log.warn(IDENTITY_NOT_CONFIGURED_WARNING);
  }
}

/**
 * A shop without PUBLIC_URL still works, but tells search engines and link previews that its
 * pages live at the developer's origin (canonical links, og:image, /sitemap.xml; D64, D65).
 */
function warnAboutPublicUrl(app: FastifyInstance, config: Config): void {
  if (config.NODE_ENV === 'production' && !config.PUBLIC_URL_IS_SET) {
    app.log.warn(
      `PUBLIC_URL is not set: every page's canonical link and preview image and /sitemap.xml ` +
        `name ${config.PUBLIC_URL}. Set it to the shop's https origin, for the build too ` +
        '(docs/deploy.md, "Build and start a release").',
    );
  }
}

/** Card payment is optional: the shop runs without it, but the operator should know. */
function warnAboutCardPayment(app: FastifyInstance, config: Config): void {
  if (!config.STRIPE_SECRET_KEY) {
    app.log.warn(cardPaymentNotConfiguredWarning(config.NODE_ENV));
  } else if (!config.STRIPE_WEBHOOK_SECRET) {
    app.log.warn(
      'STRIPE_WEBHOOK_SECRET is not set: the webhook answers 503, so paid carts never become ' +
        'orders. Set it to the endpoint secret (whsec_…).',
    );
  }
  if (config.STRIPE_EMULATOR_URL) {
    app.log.info(`Stripe calls go to the local Stripe emulator at ${config.STRIPE_EMULATOR_URL}`);
  }
  // Not awaited: Stripe's answer must not hold up start-up; the check only ever warns.
  if (app.paymentGateway && config.STRIPE_WEBHOOK_SECRET)
    void checkWebhookSubscription(app.paymentGateway, app.log);
}

function handleShutdown(app: FastifyInstance): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      // A second Ctrl+C: the user does not want to wait.
      process.exit(1);
    }
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    // Unref'd: it only fires if something still holds the process after close.
    setTimeout(() => {
      app.log.error('shutdown took too long, forcing exit');
      process.exit(1);
    }, FORCE_EXIT_AFTER_MS).unref();

    app.close().then(
      () => {
        app.log.info('server stopped');
        process.exitCode = 0;
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exitCode = 1;
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  const reason =
    errorCode(error) === 'EADDRINUSE'
      ? 'the port is already in use (set PORT to another one)'
      : error instanceof Error
        ? error.message
        : String(error);
  console.error(`LearnTogether server failed to start: ${reason}`);
  process.exit(1);
});
