// The product server of the chat benches (bench/chat.ts, bench/board.ts), run in a child process:
// buildApp on PGlite (or PostgreSQL) with no Redis, its real limits, and `count` accounts already signed up.
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { upsertOnSignIn } from '../../server/db/repositories/users';
import { openBenchDb, type DbKind } from './bench-db';
import { serveForParent } from './child-server';

/** The Firebase uid of a bench account: its access token names it (docs/decisions.md D53). */
export const benchUidOf = (email: string) => `bench-${email}`;

/** Serves the parent (see startChildServer); the access token secret comes in BENCH_SECRET. */
export async function serveChatBench(
  count: number,
  emailOf: (index: number) => string,
  kind: DbKind = 'pglite',
) {
  const secret = process.env.BENCH_SECRET ?? '';
  const bench = await openBenchDb(kind, async (db) => {
    for (let i = 0; i < count; i += 1) {
      await upsertOnSignIn(db, {
        email: emailOf(i),
        firebaseUid: benchUidOf(emailOf(i)),
        isConfiguredAdmin: false,
        signUpDate: null,
      });
    }
  });
  const config = loadConfig({
    NODE_ENV: 'production',
    ACCESS_TOKEN_SECRET: secret,
    SERVE_SPA: 'false',
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp({ config, db: bench.db, paymentGateway: null });
  await serveForParent(app, bench.drop);
}
