import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import {
  claimPaymentsToReconcile,
  claimRefundsToReconcile,
  nextReconcileAt,
} from '../db/repositories/payments';
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
  /** One round: every open payment and pending refund that is due, asked about and settled. */
  runOnce(): Promise<ReconcileRound>;
  /**
   * Runs a round now, then another when the next open payment is due (at most `everySeconds`
   * later, at least a second), until stop().
   */
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
  let started = false;

  type Due = { kind: 'payment' | 'refund'; stripeId: string };

  async function settle(due: Due): Promise<StripeEventOutcome | 'error'> {
    try {
      if (due.kind === 'refund') {
        return await checkout.settleRefundFromStripe(
          await gateway.retrieveRefund(due.stripeId),
          log,
        );
      }
      return await checkout.settleFromStripe(
        await gateway.retrievePaymentIntent(due.stripeId),
        log,
      );
    } catch (error) {
      // Asked again at its next turn (the claim already set it).
      log.warn({ err: error, ...due }, 'could not reconcile with Stripe');
      return 'error';
    }
  }

  async function round(): Promise<ReconcileRound> {
    const outcomes: ReconcileRound['outcomes'] = {};
    const claim = { limit: ROUND_SIZE, everySeconds: Math.max(1, everySeconds) };
    const due: Due[] = [
      ...(await claimPaymentsToReconcile(db, claim)).map((payment) => ({
        kind: 'payment' as const,
        stripeId: payment.paymentIntentId,
      })),
      ...(await claimRefundsToReconcile(db, claim)).map((refund) => ({
        kind: 'refund' as const,
        stripeId: refund.id,
      })),
    ];
    let next = 0;
    const worker = async () => {
      while (next < due.length && !stopped) {
        const item = due[next++];
        if (!item) break;
        const outcome = await settle(item);
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

  /** How long until the next round: when the next open payment is due, within bounds. */
  async function untilNextRound(): Promise<number> {
    const most = everySeconds * 1000;
    const next = await nextReconcileAt(db);
    return next === null ? most : Math.min(most, Math.max(1000, next.getTime() - Date.now()));
  }

  async function tick() {
    timer = undefined;
    try {
      const { outcomes } = await runOnce();
      if (Object.keys(outcomes).some((key) => key !== 'still-open' && key !== 'refund-unchanged')) {
        log.info({ outcomes }, 'payments reconciled with Stripe');
      }
    } catch (error) {
      log.error({ err: error }, 'payment reconciliation failed');
    }
    if (stopped) return;
    const wait = await untilNextRound().catch(() => everySeconds * 1000);
    if (stopped) return;
    timer = setTimeout(() => void tick(), wait);
    // The process may exit while waiting for the next round.
    timer.unref();
  }

  return {
    runOnce,
    start() {
      if (started || stopped) return;
      started = true;
      void tick();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
