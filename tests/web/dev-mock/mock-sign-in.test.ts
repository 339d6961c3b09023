import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoAccounts } from '../../../scripts/lib/auth-emulator';
import { authErrorMessage } from '@/features/auth/auth-messages';
import type { AuthUser } from '@/lib/auth';
import { MOCK_DEMO_ACCOUNTS } from '@/dev-mock/demo-accounts';
import { fakeIdToken } from '@/testing/mocks/tokens';

// The stand-in sign-in of `npm run dev:mock`. Its session lives in module state and
// localStorage, so every test loads the modules afresh (a reload, as far as they know).
async function load() {
  vi.resetModules();
  const identity = await import('@/dev-mock/identity');
  const { createMockAuthService } = await import('@/dev-mock/mock-session');
  return { identity, service: createMockAuthService() };
}

function listen(service: Awaited<ReturnType<typeof load>>['service']) {
  const seen: (AuthUser | null)[] = [];
  const stop = service.onChange((user) => seen.push(user));
  return { seen, stop };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

afterEach(() => localStorage.clear());

describe('the mock sign-in', () => {
  it('has the demo accounts of `npm run dev`', () => {
    expect(MOCK_DEMO_ACCOUNTS).toEqual(demoAccounts);
  });

  it('signs a demo account in, with an ID token the msw handlers accept, and keeps it on reload', async () => {
    const { identity, service } = await load();
    const { seen } = listen(service);
    expect(seen).toEqual([null]);

    await identity.signIn(' Student@LearnTogether.test ', 'student123');
    expect(seen.at(-1)).toMatchObject({
      email: 'student@learntogether.test',
      displayName: 'Sam Student',
    });
    expect(await service.getIdToken()).toBe(fakeIdToken('student@learntogether.test'));

    const reloaded = await load();
    expect(listen(reloaded.service).seen).toEqual([
      expect.objectContaining({ email: 'student@learntogether.test' }),
    ]);
    await reloaded.service.signOut();
    expect(listen((await load()).service).seen).toEqual([null]);
  });

  it("answers a wrong password with Firebase's code, shown as the spec's toast", async () => {
    const { identity, service } = await load();
    const error = await failure(identity.signIn('admin@learntogether.test', 'student123'));
    expect(error).toMatchObject({ code: 'auth/wrong-password' });
    expect(authErrorMessage(error)).toBe('Wrong password. Intruder!!');
    expect(await service.getIdToken()).toBeNull();
  });

  it('says sign-up, Google and password reset are not available', async () => {
    const { identity } = await load();
    for (const attempt of [
      identity.signUp({ name: 'New', email: 'new@learntogether.test', password: 'secret1' }),
      identity.signInWithGoogle(),
      identity.sendPasswordReset('student@learntogether.test'),
    ]) {
      const error = await failure(attempt);
      expect(error).toMatchObject({ code: 'auth/operation-not-allowed' });
      expect(authErrorMessage(error)).toBe(
        'This is not available here: log in with email and password.',
      );
    }
  });

  it('changes the display name of the signed-in user, as the profile screen asks', async () => {
    const { identity, service } = await load();
    expect(await identity.updateDisplayName('Nobody')).toBe('no-user');
    await identity.signIn('student@learntogether.test', 'student123');
    expect(await identity.updateDisplayName('Samantha')).toBe('updated');
    const { seen } = listen(service);
    expect(seen.at(-1)).toMatchObject({ displayName: 'Samantha' });
  });
});
