import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { errorCode } from '../../contract/error-code';
import type { Config } from '../config';

/** Who a verified Firebase ID token says the caller is. */
export type VerifiedIdentity = {
  uid: string;
  /** Lower-cased; null for accounts without an address (anonymous, phone). */
  email: string | null;
  emailVerified?: boolean;
  /** The account's display name, when it has one: a new user's name until their profile sets one. */
  name?: string | null;
};

/** The server's view of Firebase Auth: all it needs, so tests can wrap it. */
export interface IdentityProvider {
  /** Throws InvalidIdTokenError for a token that must not be accepted (the caller answers 401). */
  verifyIdToken(token: string): Promise<VerifiedIdentity>;
  /** ISO 8601 creation time of the account, or null when there is no such account. */
  getCreationTime(uid: string): Promise<string | null>;
  /** Deletes the account with this address; an address without an account is not an error. */
  deleteUserByEmail(email: string): Promise<void>;
}

export class InvalidIdTokenError extends Error {
  constructor(reason: string, options?: ErrorOptions) {
    super(reason, options);
    this.name = 'InvalidIdTokenError';
  }
}

// Firebase's verdicts on the token itself; anything else (network, internal) is a server fault.
function isTokenRejection(code: string | undefined): boolean {
  return code !== undefined && code.startsWith('auth/') && code !== 'auth/internal-error';
}

/**
 * One firebase-admin app per project id, named after it: several test apps may share a
 * process, and firebase-admin refuses to initialise a name twice.
 */
function firebaseAuth(projectId: string): Auth {
  const name = `learntogether:${projectId}`;
  const app: App = getApps().find((a) => a.name === name) ?? initializeApp({ projectId }, name);
  return getAuth(app);
}

/**
 * firebase-admin decides per call whether to talk to the emulator, from
 * process.env.FIREBASE_AUTH_EMULATOR_HOST (any non-empty value, even ' '), and then accepts
 * *unsigned* tokens. So the variable is set from the config; a process whose config does not name
 * an emulator removes a blank one (the config reads it as unset, docs/decisions.md D53) and
 * refuses to verify while something else set a real one. Runs before every getAuth() call.
 */
function ensureEmulatorSetting(config: Config): void {
  const wanted = config.FIREBASE_AUTH_EMULATOR_HOST;
  const raw = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const current = raw?.trim() || undefined;
  if (wanted) {
    if (current && current !== wanted) {
      throw new Error(
        `FIREBASE_AUTH_EMULATOR_HOST is ${current} in this process, but the config names ${wanted}`,
      );
    }
    process.env.FIREBASE_AUTH_EMULATOR_HOST = wanted;
  } else if (current) {
    throw new Error(
      'FIREBASE_AUTH_EMULATOR_HOST is set in the process environment but not in the config; ' +
        'refusing to verify ID tokens against an emulator',
    );
  } else if (raw !== undefined) {
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  }
}

/** The production implementation: firebase-admin, emulator-aware. */
export function createFirebaseIdentityProvider(config: Config): IdentityProvider {
  // Checked on use, not at build: an app that never verifies a token touches nothing global.
  const auth = () => {
    ensureEmulatorSetting(config);
    return firebaseAuth(config.FIREBASE_PROJECT_ID);
  };

  return {
    async verifyIdToken(token) {
      let decoded;
      try {
        // checkRevoked: a disabled, deleted or signed-out-everywhere account cannot sign in.
        decoded = await auth().verifyIdToken(token, true);
      } catch (error) {
        if (isTokenRejection(errorCode(error))) {
          throw new InvalidIdTokenError(errorCode(error) ?? 'rejected', { cause: error });
        }
        throw error;
      }
      const email = decoded.email ? decoded.email.trim().toLowerCase() : null;
      if (!config.FIREBASE_AUTH_EMULATOR_HOST) {
        const name = typeof decoded.name === 'string' ? decoded.name : null;
        return { uid: decoded.uid, email, emailVerified: decoded.email_verified === true, name };
      }
      // The emulator's tokens are unsigned, so their claims are only the sender's word: take the
      // address and its verification from the account itself, and refuse a token whose claims
      // differ from it (an attacker's own account wearing someone else's address).
      const account = await auth().getUser(decoded.uid);
      const accountEmail = account.email ? account.email.trim().toLowerCase() : null;
      if (accountEmail !== email) throw new InvalidIdTokenError('claims differ from the account');
      return {
        uid: decoded.uid,
        email,
        emailVerified: account.emailVerified,
        name: account.displayName ?? null,
      };
    },

    async getCreationTime(uid) {
      try {
        const user = await auth().getUser(uid);
        const created = new Date(user.metadata.creationTime);
        return Number.isNaN(created.getTime()) ? null : created.toISOString();
      } catch (error) {
        if (errorCode(error) === 'auth/user-not-found') return null;
        throw error;
      }
    },

    async deleteUserByEmail(email) {
      try {
        const user = await auth().getUserByEmail(email);
        await auth().deleteUser(user.uid);
      } catch (error) {
        // Already gone (or never signed up): the goal is reached.
        if (errorCode(error) === 'auth/user-not-found') return;
        throw error;
      }
    },
  };
}
