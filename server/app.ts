import { randomBytes } from 'node:crypto';
import { Server } from 'node:net';
import path from 'node:path';
import compress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createAccessTokens, type AccessTokens } from './auth/access-token';
import { chatPlugin, type ChatRooms, type ChatSessions } from './chat/plugin';
import { createFirebaseIdentityProvider, type IdentityProvider } from './auth/firebase';
import type { Config } from './config';
import { createDb, type Db } from './db/client';
import { migrate } from './db/migrate';
import { seedCatalogue } from './db/seed';
import { MAX_EMAIL_LENGTH } from '../contract/email';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  registerErrorHandler,
  registerNotFoundHandler,
} from './plugins/errors';
import { registerAuth } from './plugins/auth';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurity, securityHeaders } from './plugins/security';
import { registerStaticSpa } from './plugins/static-spa';
import { adminBookRoutes } from './routes/admin-books';
import { adminCourseRoutes } from './routes/admin-courses';
import { adminOrderRoutes } from './routes/admin-orders';
import { adminSalesRoutes } from './routes/admin-sales';
import { chatUnreadRoutes } from './routes/chat-unread';
import { adminUserRoutes } from './routes/admin-users';
import { bookRoutes } from './routes/books';
import { chatModerationRoutes } from './routes/chat-moderation';
import { chatSearchRoutes } from './routes/chat-search';
import { chatDrawingRoutes } from './routes/chat-drawings';
import { vitalsRoutes } from './routes/vitals';
import { cartRoutes } from './routes/carts';
import { courseFileRoute, courseRoutes } from './routes/courses';
import { crawlerFileRoutes } from './routes/crawler-files';
import { healthRoutes } from './routes/health';
import { imageRoutes } from './routes/images';
import { newsletterRoutes } from './routes/newsletter';
import { orderRoutes } from './routes/orders';
import { paymentRoutes } from './routes/payments';
import { refundRoutes } from './routes/refunds';
import { createStripeGateway, type PaymentGateway } from './payments/stripe-gateway';
import { userRoutes } from './routes/users';
import {
  createRateLimiter,
  registerRateLimits,
  type RateLimiter,
  type RateLimitMaxima,
} from './rate-limit';
import { createCatalogue, type Catalogue, type CatalogueOptions } from './services/catalogue';
import {
  createPageSnapshots,
  onCatalogueWrites,
  type ApiGet,
  type PageSnapshots,
  type PageSnapshotsOptions,
} from './services/page-snapshots';
import { createCheckoutService, type CheckoutService } from './services/checkout';
import { createPaymentReconciler, type PaymentReconciler } from './services/payment-reconciler';
import { createSmtpMailer, type Mailer } from './mail/mailer';
import { createMailOutbox, type MailOutbox, type MailOutboxOptions } from './mail/outbox';
import { connectRedis, DEFAULT_REDIS_KEY_PREFIX, type SharedRedis } from './redis';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** GET /books answers, cached per catalogue version. */
    catalogue: Catalogue;
    /** Verifies Firebase ID tokens and manages Firebase accounts. */
    identity: IdentityProvider;
    /** Issues and verifies the server's own access tokens. */
    accessTokens: AccessTokens;
    /** Stripe, or null when card payment is not configured. */
    paymentGateway: PaymentGateway | null;
    /** Amounts, PaymentIntents and the webhook's fulfilment. */
    checkout: CheckoutService;
    /** Asks Stripe about payments still open (null without Stripe); see D56. */
    paymentReconciler: PaymentReconciler | null;
    /** The shared Redis connection (REDIS_URL), when configured. */
    redis: SharedRedis | undefined;
    /** Ends a user's chat sessions on every process (a no-op with the chat off). */
    chatSessions: ChatSessions;
    /** Tells a chat room of a change made outside the chat (a no-op with the chat off). */
    chatRooms: ChatRooms;
    /** Every rate limit of the server (server/rate-limit.ts): the routes and the chat count here. */
    rateLimiter: RateLimiter;
    /** The order and refund mails: queued with the orders, sent by its worker (server/mail/). */
    mailOutbox: MailOutbox;
    /** The catalogue's page snapshots (D63), when the SPA is served. */
    pageSnapshots: PageSnapshots | undefined;
  }
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Marks this process's own API reads for its page snapshots; known to this process alone. */
const SNAPSHOT_READ_HEADER = 'x-snapshot-read';
const SNAPSHOT_READ_TOKEN = randomBytes(16).toString('hex');

/**
 * The page snapshots' reads of the public API (D63): the very routes and answers a browser gets,
 * through `inject`, so a snapshot holds what the app would have fetched.
 */
function snapshotApiGet(app: FastifyInstance): ApiGet {
  return async (apiPath) => {
    const answer = await app.inject({
      method: 'GET',
      url: `/api${apiPath}`,
      headers: { accept: 'application/json', [SNAPSHOT_READ_HEADER]: SNAPSHOT_READ_TOKEN },
    });
    return {
      status: answer.statusCode,
      body: answer.statusCode === 200 ? (JSON.parse(answer.body) as unknown) : undefined,
    };
  };
}

/** Path parameters are addresses at most: the longest one, every character percent-encoded. */
export const MAX_PARAM_LENGTH = MAX_EMAIL_LENGTH * 3;

/**
 * How long a client may take to send a request: slow senders are cut off, while a few MB from a
 * phone on a poor connection (~50 KB/s) still fit in the request time.
 */
export type ServerTimeouts = {
  /** The whole request, headers and body (Node's `requestTimeout`; answered 408). */
  requestMs: number;
  /** The headers alone (Node's `headersTimeout`; at most `requestMs`). */
  headersMs: number;
  /** A connection with no bytes either way (Fastify's `connectionTimeout`). */
  idleMs: number;
  /**
   * On close, how long kept-alive connections stay open after the listening socket closed (see
   * drainOnClose). 0: closed at once (tests).
   */
  drainMs: number;
};

export const SERVER_TIMEOUTS: ServerTimeouts = {
  requestMs: 120_000,
  headersMs: 20_000,
  idleMs: 60_000,
  drainMs: 1_500,
};

export type BuildAppOptions = {
  config: Config;
  /** A ready (migrated) database owned by the caller; when absent the app opens, migrates and
   *  seeds its own from `config`, and closes it on `app.close()`. */
  db?: Db;
  /** Verifies Firebase ID tokens and manages Firebase accounts; default: firebase-admin. */
  identityProvider?: IdentityProvider;
  /**
   * Stripe: creates PaymentIntents and verifies webhooks. Absent: from `config` (the official
   * `stripe` package, or none without STRIPE_SECRET_KEY); null: card payment not configured.
   */
  paymentGateway?: PaymentGateway | null;
  /**
   * Sends the order and refund mails. Absent: from `config` (nodemailer over SMTP_URL, or none
   * without it); null: no mail.
   */
  mailer?: Mailer | null;
  /** The mail outbox's worker: its clock and how often it looks (tests drive it by hand). */
  mailOutbox?: MailOutboxOptions;
  /** Requests per minute of the per-minute rate limits (tests use small numbers). */
  rateLimits?: Partial<RateLimitMaxima>;
  /** How long clients may take (tests use small numbers). */
  timeouts?: Partial<ServerTimeouts>;
  /** The socket.io chat at /socket.io (on by default); false: off. */
  chat?: boolean;
  /** The catalogue cache's timing (tests trust a version longer, as if writes came from afar). */
  catalogue?: CatalogueOptions;
  /** The page snapshots' timing (tests poll faster); they run whenever the SPA is served. */
  pageSnapshots?: Pick<PageSnapshotsOptions, 'pollMs' | 'fullCheckMs'>;
  /**
   * Redis, where processes meet (chat, rate limits). `url` overrides config.REDIS_URL
   * (undefined: none); `keyPrefix` keeps apps sharing one Redis apart (tests).
   */
  redis?: RedisOptions;
};

export type RedisOptions = { url?: string | undefined; keyPrefix?: string };

/** Builds the whole server. The process (server/index.ts) and the tests both use this. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const ownsDb = options.db === undefined;
  const db = options.db ?? (await openDatabase(config));
  const timeouts: ServerTimeouts = { ...SERVER_TIMEOUTS, ...options.timeouts };
  const headers = securityHeaders(config);
  let redis: SharedRedis | undefined;

  try {
    const app = Fastify({
      logger: { level: config.LOG_LEVEL },
      // The page snapshots' own reads of the API (snapshotApiGet) are not requests to log.
      logController: new LogController({
        disableRequestLogging: (request) =>
          request.headers[SNAPSHOT_READ_HEADER] === SNAPSHOT_READ_TOKEN,
      }),
      // Behind nginx: request.ip (and so every per-IP limit) is the client, not the proxy.
      trustProxy: trustProxyOption(config.TRUST_PROXY),
      bodyLimit: BODY_LIMIT_BYTES,
      routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
      requestTimeout: timeouts.requestMs,
      connectionTimeout: timeouts.idleMs,
      http: {
        headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs),
        // Node enforces both timeouts on this tick (default 30 s, too coarse for short ones).
        connectionsCheckingInterval: Math.max(50, Math.min(5_000, timeouts.headersMs / 4)),
      },
      // While closing, requests already on their way (a proxy's kept-alive connection) are still
      // served, not refused: see drainOnClose.
      return503OnClosing: false,
      frameworkErrors: frameworkErrorHandler(headers),
      clientErrorHandler: clientErrorHandler(headers),
    });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    // First, so every route added below picks it up.
    registerErrorHandler(app);
    drainOnClose(app, timeouts.drainMs);

    app.decorate('config', config);
    app.decorate('db', db);
    const catalogue = createCatalogue(db, options.catalogue);
    app.decorate('catalogue', catalogue);
    // The chat plugin fills it in; without the chat there is no session to end.
    const chatSessions: ChatSessions = { endSessionsOf: async () => undefined };
    app.decorate('chatSessions', chatSessions);
    const chatRooms: ChatRooms = {
      messageDeleted: () => undefined,
      messagePosted: () => undefined,
    };
    app.decorate('chatRooms', chatRooms);
    if (ownsDb) {
      app.addHook('onClose', async () => {
        await db.close();
      });
    }
    const redisUrl = options.redis && 'url' in options.redis ? options.redis.url : config.REDIS_URL;
    redis = redisUrl
      ? await connectRedis(redisUrl, app.log, options.redis?.keyPrefix ?? DEFAULT_REDIS_KEY_PREFIX)
      : undefined;
    app.decorate('redis', redis);
    if (redis) {
      const shared = redis;
      // After the chat's preClose, which still talks to the other processes as it leaves.
      app.addHook('onClose', () => shared.close());
    }

    // Made once the SPA is found (below); this process's catalogue writes tell them at once.
    const madeSnapshots: { current?: PageSnapshots } = {};
    onCatalogueWrites(app, () => madeSnapshots.current?.changed());

    await registerSecurity(app, config);
    // gzip JSON and the SPA's files for clients that accept it (most of the bundle is text).
    await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });
    // Every limit counts here: in Redis when processes share one, else in this process.
    const rateLimiter = createRateLimiter({ log: app.log, redis, maxima: options.rateLimits });
    app.decorate('rateLimiter', rateLimiter);
    // Before any route: it adds the counting hooks of each route's `config.rateLimit`.
    registerRateLimits(app, rateLimiter);

    const identity = options.identityProvider ?? createFirebaseIdentityProvider(config);
    const accessTokens = createAccessTokens(config.ACCESS_TOKEN_SECRET);
    const paymentGateway =
      options.paymentGateway === undefined ? createStripeGateway(config) : options.paymentGateway;
    const mailOutbox = createMailOutbox(
      {
        db,
        mailer: options.mailer === undefined ? createSmtpMailer(config) : options.mailer,
        publicUrl: config.PUBLIC_URL,
        log: app.log,
      },
      options.mailOutbox,
    );
    // Started once the app is ready; stopped before anything closes (its pass uses the database).
    app.addHook('onReady', async () => mailOutbox.start());
    app.addHook('preClose', () => mailOutbox.stop());
    const checkout = createCheckoutService({ db, gateway: paymentGateway, mails: mailOutbox });
    // Dependencies reach routes one way: as decorators of the app (docs/architecture.md §2).
    app.decorate('identity', identity);
    app.decorate('accessTokens', accessTokens);
    app.decorate('paymentGateway', paymentGateway);
    app.decorate('checkout', checkout);
    const paymentReconciler =
      paymentGateway &&
      createPaymentReconciler({
        db,
        gateway: paymentGateway,
        checkout,
        log: app.log,
        everySeconds: config.PAYMENT_RECONCILE_SECONDS,
      });
    app.decorate('paymentReconciler', paymentReconciler);
    if (paymentReconciler) {
      // On start-up, then every PAYMENT_RECONCILE_SECONDS; stopped before the database closes.
      if (config.PAYMENT_RECONCILE_SECONDS > 0) {
        app.addHook('onReady', async () => paymentReconciler.start());
      }
      app.addHook('preClose', () => paymentReconciler.stop());
    }
    app.decorate('mailOutbox', mailOutbox);
    // Before any route: it checks each /api route against the access-policy table as it is added.
    registerAuth(app, { identity, accessTokens });
    // Before any route too: the document collects the routes as they are added.
    await registerOpenApi(app);

    await app.register(
      async (api) => {
        await api.register(healthRoutes);
        await api.register(bookRoutes);
        await api.register(newsletterRoutes);
        await api.register(userRoutes);
        await api.register(adminUserRoutes);
        await api.register(adminBookRoutes);
        await api.register(adminOrderRoutes);
        await api.register(adminSalesRoutes);
        await api.register(chatUnreadRoutes);
        await api.register(cartRoutes);
        await api.register(imageRoutes);
        await api.register(paymentRoutes);
        await api.register(refundRoutes);
        await api.register(orderRoutes);
        await api.register(courseRoutes);
        await api.register(adminCourseRoutes);
        await api.register(chatModerationRoutes);
        await api.register(chatSearchRoutes);
        await api.register(chatDrawingRoutes);
        await api.register(vitalsRoutes);
      },
      { prefix: '/api' },
    );

    if (options.chat !== false) {
      await app.register(chatPlugin);
    }

    // Before the SPA's files: the database's course list, not the build's copy of course.json.
    await app.register(courseFileRoute);
    await app.register(crawlerFileRoutes);
    const spaIndexFile = await registerStaticSpa(app, config);
    const snapshots = spaIndexFile
      ? createPageSnapshots({
          db,
          spaDir: path.dirname(spaIndexFile),
          publicUrl: config.PUBLIC_URL,
          get: snapshotApiGet(app),
          sawCatalogueVersion: (version) => catalogue.sawVersion(version),
          log: app.log,
          ...options.pageSnapshots,
        })
      : undefined;
    madeSnapshots.current = snapshots;
    if (snapshots) {
      const started = snapshots;
      app.addHook('onReady', async () => started.start());
      // Before the database closes: a pass under way still reads it.
      app.addHook('preClose', () => started.stop());
    }
    app.decorate('pageSnapshots', snapshots);
    registerNotFoundHandler(app, { spaIndexFile, snapshots });

    return app;
  } catch (error) {
    await redis?.close();
    if (ownsDb) await db.close();
    throw error;
  }
}

/**
 * Graceful shutdown behind a proxy. Once `close()` starts, every answer says `Connection: close`,
 * so the proxy sends its next request to another process instead of reusing a connection to
 * this one. The listening socket closes at once (the proxy finds this process refusing
 * connections and goes elsewhere), but the kept-alive connections stay open for `drainMs`: a
 * proxy may be writing a request on one this very instant, and closing it then would reset that
 * request, which a proxy cannot resend when it is a POST. Then Fastify closes the idle ones and
 * waits for requests in flight.
 */
function drainOnClose(app: FastifyInstance, drainMs: number): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    if (drainMs <= 0 || !app.server.listening) return;
    // net's close, not http's (which would also close the idle connections now).
    Server.prototype.close.call(app.server);
    await new Promise((resolve) => setTimeout(resolve, drainMs));
  });
  // Every answer, also one to a request that arrived before closing began (the in-flight ones a
  // drain waits for). A callback hook, not an async one: no promise per request (D66).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
  });
}

/** TRUST_PROXY as Fastify takes it. */
function trustProxyOption(
  value: Config['TRUST_PROXY'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  // Fastify 5.12 ignores a number (it cannot check the peer is the proxy); a hop count is asked
  // for knowingly, so it gets what proxy-addr does with one: believe the `hops` nearest hops.
  if (typeof value === 'number') return (_address, hop) => hop < value;
  if (typeof value === 'object') return [...value];
  return value;
}

async function openDatabase(config: Config): Promise<Db> {
  const db = await createDb({
    databaseUrl: config.DATABASE_URL,
    pgliteDataDir: config.PGLITE_DATA_DIR,
  });
  try {
    await migrate(db);
    await seedCatalogue(db);
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}
