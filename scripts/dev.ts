// `npm run dev`: the Auth Emulator (9099), the product server (3000) and Vite (5173). Ctrl-C stops all three.
import { seedDemoAccounts, startAuthEmulator, demoAccounts } from './lib/auth-emulator';
import { onShutdown, startProcess, stopAll, waitForUrl } from './lib/processes';

const EMULATOR_PORT = 9099;
const SERVER_PORT = Number(process.env.PORT ?? 3000);

async function main(): Promise<void> {
  let stopping = false;
  onShutdown(async () => {
    stopping = true;
    console.log('\nStopping the dev stack…');
    await stopAll();
  });

  console.log('Starting the Firebase Auth Emulator…');
  await startAuthEmulator(EMULATOR_PORT);
  await seedDemoAccounts(EMULATOR_PORT);

  const server = startProcess(
    'server',
    'node_modules/.bin/tsx',
    ['watch', '--clear-screen=false', 'server/index.ts'],
    {
      env: { PORT: String(SERVER_PORT), FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${EMULATOR_PORT}` },
    },
  );
  await waitForUrl(`http://127.0.0.1:${SERVER_PORT}/api/health`, 60_000);

  startProcess('web', 'node_modules/.bin/vite', ['--clearScreen', 'false'], {
    env: { VITE_DEV_API_TARGET: `http://127.0.0.1:${SERVER_PORT}` },
  });
  await waitForUrl('http://127.0.0.1:5173/', 60_000);

  console.log('\nLearnTogether is running: http://127.0.0.1:5173');
  for (const account of demoAccounts)
    console.log(`  demo account: ${account.email} / ${account.password}`);
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
