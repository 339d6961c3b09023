import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createAccessTokens } from './auth/access-token';
import { createFirebaseIdentityProvider, type IdentityProvider } from './auth/firebase';
import type { Config } from './config';
import { createDb, type Db } from './db/client';
import { migrate } from './db/migrate';
import { seedCatalogue } from './db/seed';
import {
  frameworkErrors,
  HttpError,
  registerErrorHandler,
  registerNotFoundHandler,
} from './plugins/errors';
import { registerAuth } from './plugins/auth';
import { registerSecurity } from './plugins/security';
import { registerStaticSpa } from './plugins/static-spa';
import { adminUserRoutes } from './routes/admin-users';
import { bookRoutes } from './routes/books';
import { healthRoutes } from './routes/health';
import { newsletterRoutes } from './routes/newsletter';
import { TOKEN_EXCHANGE_LIMITS, userRoutes, type TokenExchangeLimits } from './routes/users';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
  }
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

export type BuildAppOptions = {
  config: Config;
  /** A ready (migrated) database owned by the caller; when absent the app opens, migrates and
   *  seeds its own from `config`, and closes it on `app.close()`. */
  db?: Db;
  /** Verifies Firebase ID tokens and manages Firebase accounts; default: firebase-admin. */
  identityProvider?: IdentityProvider;
  /** Requests per minute for `PUT /api/user/:email` (tests use small numbers). */
  tokenExchangeLimits?: Partial<TokenExchangeLimits>;
};

/** Builds the whole server. The process (server/index.ts) and the tests both use this. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const ownsDb = options.db === undefined;
  const db = options.db ?? (await openDatabase(config));

  try {
    const app = Fastify({
      logger: { level: config.LOG_LEVEL },
      bodyLimit: BODY_LIMIT_BYTES,
      frameworkErrors,
    });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    // First, so every route added below picks it up.
    registerErrorHandler(app);

    app.decorate('config', config);
    app.decorate('db', db);
    if (ownsDb) {
      app.addHook('onClose', async () => {
        await db.close();
      });
    }

    await registerSecurity(app, config);
    // gzip JSON and the SPA's files for clients that accept it (most of the bundle is text).
    await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });
    // Off unless a route opts in through `config.rateLimit`.
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        new HttpError(context.statusCode, `Too many requests, try again in ${context.after}`),
    });

    const identity = options.identityProvider ?? createFirebaseIdentityProvider(config);
    const accessTokens = createAccessTokens(config.ACCESS_TOKEN_SECRET);
    // Before any route: it checks each /api route against the access-policy table as it is added.
    registerAuth(app, { identity, accessTokens });

    await app.register(
      async (api) => {
        await api.register(healthRoutes);
        await api.register(bookRoutes);
        await api.register(newsletterRoutes);
        await api.register(userRoutes, {
          identity,
          accessTokens,
          limits: { ...TOKEN_EXCHANGE_LIMITS, ...options.tokenExchangeLimits },
        });
        await api.register(adminUserRoutes, { identity });
      },
      { prefix: '/api' },
    );

    const spaIndexFile = await registerStaticSpa(app, config);
    registerNotFoundHandler(app, { spaIndexFile });

    return app;
  } catch (error) {
    if (ownsDb) await db.close();
    throw error;
  }
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
