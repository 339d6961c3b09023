import { randomBytes } from 'node:crypto';
import { startStripeEmulator, type StripeEmulator } from '../stripe-emulator/emulator';
import { buildServer } from '../build-server';
import {
  emulatorUrl,
  FIREBASE_PROJECT_ID,
  markEmailVerified,
  sharedAuthEmulatorPort,
  startAuthEmulator,
} from './auth-emulator';
import { startCluster, type Cluster } from './cluster';
import { stopAll } from './processes';
import {
  startPrivatePostgres,
  startPrivateRedis,
  type PrivatePostgres,
  type PrivateRedis,
} from './private-services';
import { EMULATOR_SECRET_KEY, newWebhookSecret } from './stripe-emulator';

/** The ports of one scale stack; each user (tests, each benchmark) has its own set. */
export type ScaleStackPorts = {
  /** nginx, the product's one address. */
  nginx: number;
  /** One product-server process per port ("A", "B", …). */
  backends: number[];
  postgres: number;
  redis: number;
  /**
   * The Auth Emulator; its hub and logging take the next two ports. Under `npm test` the run's
   * shared emulator is used instead (D94): no test here stops it.
   */
  authEmulator: number;
  stripeEmulator: number;
};

export type ScaleStackOptions = {
  ports: ScaleStackPorts;
  /** The compiled server goes here (inside the repository, so it finds node_modules). */
  serverDir: string;
  /** Addresses made admins at their first sign-in. */
  adminEmails?: string[];
  /**
   * Where the Stripe emulator delivers webhooks: through nginx (default), or to one process.
   * Its retries come quickly (tests): 0.2 s, 0.5 s, 1 s, 2 s, 4 s, 8 s.
   */
  webhookTo?: 'nginx' | { backend: number };
  /** More environment for every process (e.g. lower rate limits are not env; LOG_LEVEL). */
  env?: Record<string, string>;
  /** nginx's per-address limits (default on); off for load from one address. */
  perClientLimits?: boolean;
};

export interface ScaleStack {
  readonly cluster: Cluster;
  readonly postgres: PrivatePostgres;
  readonly redis: PrivateRedis;
  readonly stripe: StripeEmulator;
  readonly stripeSecretKey: string;
  readonly authEmulatorPort: number;
  stop(): Promise<void>;
}

/**
 * The production topology with everything it depends on, all of its own: a PostgreSQL and a
 * Redis this stack may stop and restart, the Auth Emulator, the Stripe emulator, and N compiled
 * product-server processes behind nginx (deploy/nginx.conf), started together on an empty
 * database (so their migrations race, under the lock). NODE_ENV is `test` for the Stripe
 * emulator, which production refuses; every other setting is production's.
 */
export async function startScaleStack(options: ScaleStackOptions): Promise<ScaleStack> {
  const { ports } = options;
  const sharedAuthPort = sharedAuthEmulatorPort();
  const authPort = sharedAuthPort ?? ports.authEmulator;
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    cleanups.length = 0;
    await stopAll();
  };
  try {
    const [postgres, redis] = await Promise.all([
      startPrivatePostgres(ports.postgres),
      startPrivateRedis(ports.redis),
      buildServer(options.serverDir),
      sharedAuthPort === undefined ? startAuthEmulator(authPort) : undefined,
    ]);
    cleanups.push(
      () => postgres.destroy(),
      () => redis.destroy(),
    );

    const webhookSecret = newWebhookSecret();
    const webhookPort =
      options.webhookTo === undefined || options.webhookTo === 'nginx'
        ? ports.nginx
        : ports.backends[options.webhookTo.backend];
    if (webhookPort === undefined) throw new Error('webhookTo names no backend');
    const stripe = await startStripeEmulator({
      port: ports.stripeEmulator,
      webhook: {
        url: `http://127.0.0.1:${webhookPort}/api/payments/webhook`,
        secret: webhookSecret,
      },
      retryDelaysMs: [200, 500, 1_000, 2_000, 4_000, 8_000],
      log: () => undefined,
    });
    cleanups.push(() => stripe.close());

    const cluster = await startCluster({
      port: ports.nginx,
      backendPorts: ports.backends,
      serverDir: options.serverDir,
      // Processes are stopped and killed on purpose here: nginx's "connection refused" is noise.
      nginxLogLevel: 'crit',
      perClientLimits: options.perClientLimits,
      env: {
        NODE_ENV: 'test',
        DATABASE_URL: postgres.url,
        REDIS_URL: redis.url,
        ACCESS_TOKEN_SECRET: randomBytes(32).toString('hex'),
        TRUST_PROXY: '1',
        SERVE_SPA: 'false',
        FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${authPort}`,
        FIREBASE_PROJECT_ID,
        ADMIN_EMAILS: (options.adminEmails ?? []).join(','),
        STRIPE_SECRET_KEY: EMULATOR_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_EMULATOR_URL: `http://127.0.0.1:${ports.stripeEmulator}`,
        LOG_LEVEL: 'warn',
        ...options.env,
      },
    });
    cleanups.push(() => cluster.stop());

    return {
      cluster,
      postgres,
      redis,
      stripe,
      stripeSecretKey: EMULATOR_SECRET_KEY,
      authEmulatorPort: authPort,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export type ScaleAccount = { email: string; idToken: string; accessToken: string };

/**
 * A new account in the stack's Auth Emulator, signed in to the product through `baseUrl` (nginx
 * or one process) as the web app does: the Firebase ID token exchanged for an access token.
 */
export async function signUpAndSignIn(
  stack: Pick<ScaleStack, 'authEmulatorPort'>,
  baseUrl: string,
  email: string,
): Promise<ScaleAccount> {
  const signUp = await fetch(emulatorUrl(stack.authEmulatorPort, 'accounts:signUp'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'secret123', returnSecureToken: true }),
  });
  const account = (await signUp.json()) as { idToken?: string; localId?: string };
  if (!signUp.ok || !account.idToken || !account.localId) {
    throw new Error(`sign-up of ${email} failed`);
  }
  // As the verification mail would: ADMIN_EMAILS only counts verified addresses.
  await markEmailVerified(`127.0.0.1:${stack.authEmulatorPort}`, account.localId);
  const exchange = await fetch(`${baseUrl}/api/user/${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${account.idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  const answer = (await exchange.json()) as { token?: string };
  if (!exchange.ok || !answer.token) {
    throw new Error(`sign-in of ${email} failed: ${exchange.status} ${JSON.stringify(answer)}`);
  }
  return { email, idToken: account.idToken, accessToken: answer.token };
}
