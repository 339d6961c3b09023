// `npm run start:cluster`: the production topology on this machine. N compiled product-server
// processes on one PostgreSQL and one Redis, behind nginx running deploy/nginx.conf, on one
// loopback port. With a real Firebase project the processes run in production; without one they
// use the local Auth Emulator, which makes the whole a local demo (scripts/lib/cluster-identity.ts).
// Ctrl-C stops them all. README, "Production".
import { randomBytes } from 'node:crypto';
import { userInfo } from 'node:os';
import pg from 'pg';
import { z } from 'zod';
import { buildServer } from './build-server';
import {
  demoAccounts,
  FIREBASE_PROJECT_ID,
  seedDemoAccounts,
  startAuthEmulator,
} from './lib/auth-emulator';
import { startCluster, type Cluster } from './lib/cluster';
import { clusterIdentity, clusterIdentityEnv } from './lib/cluster-identity';
import { onShutdown, run, stopAll } from './lib/processes';

const SERVER_DIR = 'dist-server';
const SPA_DIR = 'dist';
/** The local Auth Emulator of the cluster, apart from the dev stack's (9099). */
const AUTH_EMULATOR_PORT = 9700;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65_000).default(8080),
  CLUSTER_PROCESSES: z.coerce.number().int().min(1).max(16).default(2),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/ })
    // The machine's PostgreSQL with trust auth, as the OS user (docs/architecture.md §7).
    .default(`postgres://${encodeURIComponent(userInfo().username)}@127.0.0.1:5432/learntogether`),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).default('redis://127.0.0.1:6379'),
  ACCESS_TOKEN_SECRET: z.string().min(32).optional(),
  FIREBASE_PROJECT_ID: z.string().optional(),
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
});

/** Creates the database named by the URL when the server does not have it yet. */
async function ensureDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!name) return;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database "${name.replaceAll('"', '""')}"`);
      console.log(`Created the database ${name}`);
    }
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${String(issue.path[0])}: ${issue.message}`,
    );
    throw new Error(`Invalid environment variables:\n  - ${problems.join('\n  - ')}`);
  }
  const env = parsed.data;
  let cluster: Cluster | undefined = undefined;
  onShutdown(async () => {
    console.log('\nStopping the cluster…');
    await cluster?.stop();
    await stopAll();
  });

  // Identity: a real Firebase project when one is named, else the local Auth Emulator.
  const identity = clusterIdentity(env, AUTH_EMULATOR_PORT);
  const emulatorHost = identity.kind === 'local-demo' ? identity.emulatorHost : undefined;
  if (identity.kind === 'local-demo') {
    console.log(
      'No real Firebase project (FIREBASE_PROJECT_ID): this is a LOCAL DEMO on the Auth Emulator, ' +
        'whose sign-in tokens are unsigned. Not production: it listens on 127.0.0.1 only.',
    );
  }
  if (identity.kind === 'local-demo' && identity.startEmulator) {
    console.log('Starting the Firebase Auth Emulator…');
    await startAuthEmulator(AUTH_EMULATOR_PORT);
    await seedDemoAccounts(AUTH_EMULATOR_PORT);
  }
  const identityEnv = clusterIdentityEnv(identity);

  console.log('Building the web app and the server…');
  const built = await run(
    'node_modules/.bin/vite',
    ['build', '--outDir', SPA_DIR, '--emptyOutDir', '--logLevel', 'warn'],
    {
      env: emulatorHost
        ? {
            VITE_FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
            VITE_FIREBASE_PROJECT_ID: FIREBASE_PROJECT_ID,
          }
        : {},
    },
  );
  if (built !== 0) throw new Error('the web app did not build');
  await buildServer(SERVER_DIR);

  await ensureDatabase(env.DATABASE_URL);
  const processEnv: Record<string, string> = {
    NODE_ENV: identityEnv.NODE_ENV,
    DATABASE_URL: env.DATABASE_URL,
    REDIS_URL: env.REDIS_URL,
    // One secret for every process: a token signed by one is accepted by the others.
    ACCESS_TOKEN_SECRET: env.ACCESS_TOKEN_SECRET ?? randomBytes(32).toString('hex'),
    // nginx is the one proxy in front: the client address is the last X-Forwarded-For entry.
    TRUST_PROXY: '1',
    SERVE_SPA: 'true',
    SPA_DIR,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...identityEnv.env,
  };

  // As a deploy does: the migrations once, then the processes.
  const migrated = await run(process.execPath, [`${SERVER_DIR}/index.js`, 'migrate'], {
    env: processEnv,
  });
  if (migrated !== 0) throw new Error('the migrations failed');

  const backendPorts = Array.from({ length: env.CLUSTER_PROCESSES }, (_, i) => env.PORT + 1 + i);
  cluster = await startCluster({
    port: env.PORT,
    backendPorts,
    serverDir: SERVER_DIR,
    env: processEnv,
  });

  console.log(`\nLearnTogether is running: http://127.0.0.1:${cluster.port}`);
  console.log(
    `  ${backendPorts.length} server processes (ports ${backendPorts.join(', ')}) behind nginx`,
  );
  console.log(`  database ${env.DATABASE_URL}, Redis ${env.REDIS_URL}`);
  if (identity.kind === 'local-demo') {
    console.log('  a local demo (Auth Emulator): not production, reachable from this machine only');
  }
  if (identity.kind === 'local-demo' && identity.startEmulator) {
    for (const account of demoAccounts)
      console.log(`  demo account: ${account.email} / ${account.password}`);
  }
  if (!process.env.STRIPE_SECRET_KEY) {
    console.log('  card payment: not configured (set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET)');
  }
  if (!env.ACCESS_TOKEN_SECRET) {
    console.log('  ACCESS_TOKEN_SECRET: a random one for this run (sessions end when it stops)');
  }
  console.log('Press Ctrl-C to stop.\n');
}

main().catch(async (error: unknown) => {
  console.error(`start:cluster failed: ${error instanceof Error ? error.message : String(error)}`);
  await stopAll();
  process.exit(1);
});
