import { randomBytes } from 'node:crypto';
import { buildServer } from '../build-server';
import { authEmulatorOn } from './auth-emulator';
import { run, startProcess, waitForUrl } from './processes';
import {
  newWebhookSecret,
  startStripeEmulator,
  stripeServerEnv,
  stripeWebEnv,
} from './stripe-emulator';

/** The ports of one local stack: the product server and its two emulators. */
export type StackPorts = { server: number; authEmulator: number; stripeEmulator: number };

/** Builds the SPA into `outDir`, pointed at the stack's emulators; the exit code. */
export function buildSpaForEmulator(outDir: string, ports: StackPorts): Promise<number> {
  return run(
    'node_modules/.bin/vite',
    ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      env: {
        VITE_FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.authEmulator}`,
        VITE_FIREBASE_PROJECT_ID: 'demo-learntogether',
        ...stripeWebEnv(ports.stripeEmulator),
      },
    },
  );
}

type StackOptions = {
  ports: StackPorts;
  spaDir: string;
  /** More of the server's environment (docs/deploy.md), over the defaults below. */
  serverEnv?: Readonly<Record<string, string>>;
};

/**
 * The built SPA served by the compiled product server (the production artefact, built here into
 * `<spaDir>-server`) with a fresh in-memory database, its own Auth Emulator holding the demo
 * accounts, and its own Stripe emulator. Used by the e2e tests and the benchmarks.
 *
 * NODE_ENV is `test`, not `production`: production refuses the Stripe emulator (it calls every
 * 4242 card paid). NODE_ENV only picks config defaults, and every one of them is set here.
 */
export async function startProductionStack({
  ports,
  spaDir,
  serverEnv = {},
}: StackOptions): Promise<void> {
  // Inside the repository, so the compiled server finds node_modules as in production.
  const serverDir = `${spaDir.replace(/\/+$/, '')}-server`;
  const webhookSecret = newWebhookSecret();
  await buildServer(serverDir);
  await authEmulatorOn(ports.authEmulator);
  await startStripeEmulator({
    port: ports.stripeEmulator,
    serverPort: ports.server,
    webhookSecret,
  });
  startProcess('server', process.execPath, ['--enable-source-maps', `${serverDir}/index.js`], {
    env: {
      NODE_ENV: 'test',
      PORT: String(ports.server),
      PGLITE_DATA_DIR: 'memory://',
      SERVE_SPA: 'true',
      SPA_DIR: spaDir,
      ACCESS_TOKEN_SECRET: randomBytes(32).toString('hex'),
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.authEmulator}`,
      ...stripeServerEnv(ports.stripeEmulator, webhookSecret),
      LOG_LEVEL: 'warn',
      ...serverEnv,
    },
  });
  await waitForUrl(`http://127.0.0.1:${ports.server}/api/health`, 60_000);
}
