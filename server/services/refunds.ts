import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { REFUND_MESSAGES, type RefundAccepted } from '../../contract/admin-orders';
import { CHECKOUT_MESSAGES, orderNumberOf } from '../../contract/checkout-rules';
import { DomainError } from '../../contract/domain-error';
import { centsToDollars } from '../../contract/money';
import type { Db } from '../db/client';
import { recordAudit } from '../db/repositories/audit-log';
import { lockPaymentByIntent } from '../db/repositories/payments';
import { insertRefund, refundableLines, refundedCents } from '../db/repositories/refunds';
import { PaymentProviderError, type PaymentGateway } from '../payments/stripe-gateway';

/**
 * POST /admin/orders/{id}/refunds (docs/product.md §10.10, decisions D42): the server computes the
 * amount of the chosen lines (none chosen: every line not refunded yet), asks Stripe's Refunds API
 * with an idempotency key, and records the refund as pending. Stripe's webhook then marks the
 * lines refunded and restocks their books (server/services/checkout.ts). The payment's row stays
 * locked meanwhile, so two admins cannot refund the same line twice.
 */
export async function requestRefund(
  deps: { db: Db; gateway: PaymentGateway | null; log: FastifyBaseLogger },
  input: { actorEmail: string; paymentIntentId: string; orderIds: string[] | undefined },
): Promise<RefundAccepted> {
  const { db, gateway, log } = deps;
  if (!gateway) throw new DomainError('not-configured', CHECKOUT_MESSAGES.paymentsNotConfigured);
  return db.transaction(async (tx) => {
    const payment = await lockPaymentByIntent(tx, input.paymentIntentId);
    if (!payment) throw new DomainError('not-found', CHECKOUT_MESSAGES.orderNotFound);
    if (payment.status !== 'succeeded') throw new DomainError('invalid', REFUND_MESSAGES.notPaid);

    const lines = await refundableLines(tx, payment.id);
    const open = (line: (typeof lines)[number]) => !line.refunded && !line.pending;
    let chosen = lines.filter(open);
    if (input.orderIds) {
      const wanted = new Set(input.orderIds);
      for (const id of wanted) {
        if (!lines.some((line) => line.orderId === id)) {
          throw new DomainError('invalid', REFUND_MESSAGES.otherPayment(id));
        }
      }
      chosen = lines.filter((line) => wanted.has(line.orderId));
      if (chosen.some((line) => !open(line))) {
        throw new DomainError('invalid', REFUND_MESSAGES.alreadyRefunded);
      }
    }
    if (chosen.length === 0) throw new DomainError('invalid', REFUND_MESSAGES.alreadyRefunded);

    const amountCents = chosen.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
    if (amountCents + (await refundedCents(tx, payment.id)) > payment.amountCents) {
      throw new DomainError('invalid', REFUND_MESSAGES.moreThanPaid);
    }
    const orderIds = chosen.map((line) => line.orderId);
    // The same lines of the same payment: the same key, so a retried request refunds once.
    const key = createHash('sha256')
      .update(JSON.stringify([payment.id, [...orderIds].sort()]))
      .digest('hex');
    let refund;
    try {
      refund = await gateway.createRefund({
        paymentIntentId: payment.paymentIntentId,
        amountCents,
        idempotencyKey: `learntogether-refund-${key}`,
        metadata: { paymentId: payment.id, orderIds: orderIds.join(',') },
      });
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      log.error({ err: error, paymentId: payment.id }, 'Stripe did not create the refund');
      throw new DomainError('provider-failed', CHECKOUT_MESSAGES.paymentProviderFailed);
    }
    if (
      await insertRefund(tx, {
        id: refund.id,
        paymentId: payment.id,
        amountCents,
        orderIds,
        actorEmail: input.actorEmail,
      })
    ) {
      await recordAudit(tx, {
        actorEmail: input.actorEmail,
        action: 'refund',
        subjectId: payment.id,
        changes: { refundId: refund.id, orderIds, amount: centsToDollars(amountCents) },
      });
      // Each book's history shows its refunded copies too.
      for (const line of chosen) {
        if (line.bookId === null) continue;
        await recordAudit(tx, {
          actorEmail: input.actorEmail,
          action: 'book.refund',
          subjectId: line.bookId,
          changes: {
            orderNumber: orderNumberOf(payment.id),
            copies: line.quantity,
            amount: centsToDollars(line.unitPriceCents * line.quantity),
          },
        });
      }
    }
    return { refundId: refund.id, amount: centsToDollars(amountCents), orderIds };
  });
}
