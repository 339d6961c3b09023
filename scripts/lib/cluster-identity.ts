// Who signs people in for `npm run start:cluster`: a real Firebase project, or the local Auth
// Emulator. The emulator's ID tokens are unsigned (anyone could sign in as anyone), so a cluster
// on it is a local demo, never production: its processes run with NODE_ENV=development, which
// refuses nothing the demo needs but keeps the server on loopback (server/config.ts).
import type { NodeEnv } from '../../server/config';

export type ClusterIdentity =
  | { kind: 'firebase'; projectId: string }
  | {
      kind: 'local-demo';
      /** host:port of the Auth Emulator the processes verify tokens with. */
      emulatorHost: string;
      /** Whether start:cluster starts that emulator itself (none was named). */
      startEmulator: boolean;
    };

/** From start:cluster's environment: FIREBASE_PROJECT_ID (a real one) or the emulator. */
export function clusterIdentity(
  env: {
    FIREBASE_PROJECT_ID?: string | undefined;
    FIREBASE_AUTH_EMULATOR_HOST?: string | undefined;
  },
  emulatorPort: number,
): ClusterIdentity {
  const projectId = env.FIREBASE_PROJECT_ID?.trim();
  const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST?.trim();
  if (projectId && !projectId.startsWith('demo-')) {
    if (emulatorHost) {
      throw new Error(
        'FIREBASE_AUTH_EMULATOR_HOST names an emulator but FIREBASE_PROJECT_ID a real project: ' +
          'unset one (a real project runs in production, which refuses the emulator)',
      );
    }
    return { kind: 'firebase', projectId };
  }
  return {
    kind: 'local-demo',
    emulatorHost: emulatorHost || `127.0.0.1:${emulatorPort}`,
    startEmulator: !emulatorHost,
  };
}

/** The server processes' NODE_ENV and identity variables for that choice. */
export function clusterIdentityEnv(identity: ClusterIdentity): {
  NODE_ENV: NodeEnv;
  env: Record<string, string>;
} {
  if (identity.kind === 'firebase') {
    return { NODE_ENV: 'production', env: { FIREBASE_PROJECT_ID: identity.projectId } };
  }
  return {
    NODE_ENV: 'development',
    env: { FIREBASE_AUTH_EMULATOR_HOST: identity.emulatorHost, HOST: '127.0.0.1' },
  };
}
