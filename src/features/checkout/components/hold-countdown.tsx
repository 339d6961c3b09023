import { useEffect, useState } from 'react';

/** How often the minutes left are worked out again. */
const TICK_MS = 15_000;

function minutesLeft(heldUntil: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(heldUntil) - now) / 60_000));
}

/**
 * How long the checkout's books stay held for the shopper (docs/product.md §10.9): the hold
 * starts at the card step and lapses unless paid; once it has, "Hold them again" asks the server
 * to renew it (the card may still be used either way while copies are left).
 */
export function HoldCountdown({ heldUntil, onRenew }: { heldUntil: string; onRenew: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  // A renewed hold mounts a new countdown (keyed by heldUntil), with its own clock.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const minutes = minutesLeft(heldUntil, now);
  if (minutes === 0) {
    return (
      <span>
        Your hold on these books has ended: pay now and they are yours while copies last.{' '}
        <button type="button" className="link link-primary font-medium" onClick={onRenew}>
          Hold them again
        </button>
      </span>
    );
  }
  const time = new Date(heldUntil).toLocaleTimeString('en-US', {
    hour: 'numeric',
    minute: '2-digit',
  });
  return (
    <span>
      Your books are held for you until {time} ({minutes} {minutes === 1 ? 'minute' : 'minutes'}{' '}
      left).
    </span>
  );
}
