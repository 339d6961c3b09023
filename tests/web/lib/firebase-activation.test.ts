import { describe, expect, it, vi } from 'vitest';
import {
  hasSavedFirebaseSession,
  markFirebaseActive,
  whenFirebaseActive,
} from '@/lib/auth/firebase-activation';

describe('loading Firebase only when it is needed', () => {
  it('sees a session saved by Firebase local persistence, and nothing else', () => {
    expect(hasSavedFirebaseSession()).toBe(false);
    localStorage.setItem('accessToken', 'x');
    localStorage.setItem('courseCart', '{"carts":[]}');
    expect(hasSavedFirebaseSession()).toBe(false);
    localStorage.setItem('firebase:authUser:demo-api-key:[DEFAULT]', '{"uid":"u1"}');
    expect(hasSavedFirebaseSession()).toBe(true);
  });

  it('runs waiting callbacks once Firebase becomes active, and later ones at once', () => {
    const early = vi.fn();
    const cancelled = vi.fn();
    whenFirebaseActive(early);
    const cancel = whenFirebaseActive(cancelled);
    cancel();
    expect(early).not.toHaveBeenCalled();

    markFirebaseActive();
    markFirebaseActive();
    expect(early).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();

    const late = vi.fn();
    whenFirebaseActive(late);
    expect(late).toHaveBeenCalledTimes(1);
  });
});
