import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { claimPaymentsToReconcile } from '../db/repositories/payments';
import type { PaymentGateway } from '../payments/stripe-gateway';
import type { CheckoutService, StripeEventOutcome } from './checkout';

/** How many payments one round asks Stripe about, and how many at a time. */
const ROUND_SIZE = 100;
const CONCURRENCY = 4;

export type ReconcileRound = {
  /** Payments asked about, by what came of each ('error': Stripe was not reached). */
  outcomes: Partial<Record<StripeEventOutcome | 'error', number>>;
};

export type PaymentReconciler = {
  /** One round: every open payment that is due, asked about and settled. */
  runOnce(): Promise<ReconcileRound>;
  /** Runs a round now, then every `everySeconds`, until stop(). */
  start(): void;
  stop(): Promise<void>;
};

/**
 * Every charge ends as an order or a refund (docs/decisions.md D56): Stripe's webhook normally
 * settles a payment within a second, but it may never reach a server that was down, so the server
 * also asks Stripe (GET /v1/payment_intents/{id}) about each payment it still holds open a minute
 * after it was made, and settles it through the webhook's own path (CheckoutService.
 * settleFromStripe): whichever of the two comes second changes nothing.
 */
export function createPaymentReconciler(deps: {
  db: Db;
  gateway: PaymentGateway;
  checkout: CheckoutService;
  log: FastifyBaseLogger;
  everySeconds: number;
}): PaymentReconciler {
  const { db, gateway, checkout, log, everySeconds } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<ReconcileRound> | undefined;
  let stopped = false;

  async function settle(paymentIntentId: string): Promise<StripeEventOutcome | 'error'> {
    try {
      const intent = await gateway.retrievePaymentIntent(paymentIntentId);
      return await checkout.settleFromStripe(intent, log);
    } catch (error) {
      // Asked again at its next turn (claimPaymentsToReconcile already set it).
      log.warn({ err: error, paymentIntentId }, 'could not reconcile a payment with Stripe');
      return 'error';
    }
  }

  async function round(): Promise<ReconcileRound> {
    const outcomes: ReconcileRound['outcomes'] = {};
    const due = await claimPaymentsToReconcile(db, {
      limit: ROUND_SIZE,
      everySeconds: Math.max(1, everySeconds),
    });
    let next = 0;
    const worker = async () => {
      while (next < due.length && !stopped) {
        const payment = due[next++];
        if (!payment) break;
        const outcome = await settle(payment.paymentIntentId);
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, due.length) }, worker));
    return { outcomes };
  }

  function runOnce(): Promise<ReconcileRound> {
    // One round at a time per process; a tick during a long round waits for the next.
    running ??= round().finally(() => {
      running = undefined;
    });
    return running;
  }

  function tick() {
    runOnce().then(
      ({ outcomes }) => {
        if (Object.keys(outcomes).some((key) => key !== 'still-open')) {
          log.info({ outcomes }, 'payments reconciled with Stripe');
        }
      },
      (error: unknown) => log.error({ err: error }, 'payment reconciliation failed'),
    );
  }

  return {
    runOnce,
    start() {
      if (timer || stopped) return;
      tick();
      timer = setInterval(tick, everySeconds * 1000);
      // The process may exit while waiting for the next round.
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
