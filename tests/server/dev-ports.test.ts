import { createServer, type Server } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { devPortList, devPorts, takenPorts, takenPortsMessage } from '../../scripts/lib/dev-ports';
import { freePort } from './helpers/redis-server';

const holders: Server[] = [];
afterAll(() => {
  for (const holder of holders) holder.close();
});

/** Something else listening on a port, as a second `npm run dev` would find. */
async function occupy(): Promise<number> {
  const port = await freePort();
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
  holders.push(holder);
  return port;
}

describe('npm run dev ports', () => {
  it('defaults to 5173, 3000, 9099, 12111, 1025 and 1080; each moves with its variable; nonsense is refused', () => {
    expect(devPorts({})).toEqual({
      web: 5173,
      server: 3000,
      authEmulator: 9099,
      stripeEmulator: 12111,
      mailCatcherSmtp: 1025,
      mailCatcherWeb: 1080,
    });
    expect(
      devPorts({
        WEB_PORT: '6173',
        PORT: '4000',
        AUTH_EMULATOR_PORT: '9199',
        STRIPE_EMULATOR_PORT: '13111',
        MAIL_CATCHER_SMTP_PORT: '2025',
        MAIL_CATCHER_WEB_PORT: '2080',
      }),
    ).toEqual({
      web: 6173,
      server: 4000,
      authEmulator: 9199,
      stripeEmulator: 13111,
      mailCatcherSmtp: 2025,
      mailCatcherWeb: 2080,
    });
    expect(() => devPorts({ PORT: 'eighty' })).toThrow(/PORT must be a port number/);
    // The Auth Emulator's hub and logging take the next two ports.
    const list = devPortList(devPorts({ AUTH_EMULATOR_PORT: '9199' }), true);
    expect(list.map((entry) => entry.port)).toEqual([
      5173, 3000, 9199, 9200, 9201, 12111, 1025, 1080,
    ]);
    expect(devPortList(devPorts({}), false).map((entry) => entry.port)).not.toContain(12111);
    // With SMTP_URL set, no catcher starts: its ports are not needed.
    expect(devPortList(devPorts({}), true, false).map((entry) => entry.port)).not.toContain(1025);
  });

  it('finds a taken port before anything starts, and says which and how to choose another', async () => {
    const [server, hub] = [await occupy(), await occupy()];
    const free = await freePort();
    const ports = devPortList(
      {
        web: free,
        server,
        authEmulator: hub - 1,
        stripeEmulator: await freePort(),
        mailCatcherSmtp: await freePort(),
        mailCatcherWeb: await freePort(),
      },
      true,
    );
    const taken = await takenPorts(ports);
    expect(taken.map((entry) => entry.port).sort()).toEqual([server, hub].sort());
    const message = takenPortsMessage(taken);
    expect(message).toContain('npm run dev cannot start: ports it needs are taken');
    expect(message).toContain(
      `${server}, for the product server: choose another with PORT, e.g. PORT=${server + 1} npm run dev`,
    );
    expect(message).toContain(
      `${hub}, for the Auth Emulator's hub: choose another with AUTH_EMULATOR_PORT`,
    );
  });
});
