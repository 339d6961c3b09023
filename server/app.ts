import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
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
import { registerSecurity } from './plugins/security';
import { registerStaticSpa } from './plugins/static-spa';
import { bookRoutes } from './routes/books';
import { healthRoutes } from './routes/health';
import { newsletterRoutes } from './routes/newsletter';

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

    await app.register(
      async (api) => {
        await api.register(healthRoutes);
        await api.register(bookRoutes);
        await api.register(newsletterRoutes);
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
