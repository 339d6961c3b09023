import { HttpResponse } from 'msw';
import {
  ADMIN_ORDERS_PAGE_SIZE,
  REFUND_MESSAGES,
  type AdminOrderDetail,
  type AdminOrderPage,
  type AdminOrderStatus,
  type AdminOrderSummary,
  type RefundAccepted,
} from '@contract/admin-orders';
import { CHECKOUT_MESSAGES, orderNumberOf } from '@contract/checkout-rules';
import { centsToDollars, toCents } from '@contract/money';
import { ApiFailure, apiRoute, requireCaller } from './api-route';
import { db, type DbOrder, type DbPayment } from './db';

let refundSequence = 0;

/** A checkout: a payment that was paid (refunded since or not). */
const isCheckout = (payment: DbPayment) =>
  payment.status === 'succeeded' || payment.status === 'refunded';

const linesOf = (payment: DbPayment): DbOrder[] =>
  db.orders.filter((order) => order.paymentId === payment.id);

const lineCents = (order: DbOrder) => toCents(order.price) * order.quantity;

/** The server's summary: the refunded lines add up to what was refunded (or all, if refunded whole). */
function summaryOf(payment: DbPayment): AdminOrderSummary {
  const refundedCents =
    payment.status === 'refunded'
      ? payment.amountCents
      : Math.min(
          payment.amountCents,
          linesOf(payment)
            .filter((order) => order.refunded)
            .reduce((sum, order) => sum + lineCents(order), 0),
        );
  const status: AdminOrderStatus =
    refundedCents >= payment.amountCents
      ? 'refunded'
      : refundedCents > 0
        ? 'partly-refunded'
        : 'paid';
  return {
    paymentId: payment.id,
    orderNumber: orderNumberOf(payment.id),
    email: payment.email,
    createdAt: new Date(payment.createdAt ?? Date.now()).toISOString(),
    total: centsToDollars(payment.amountCents),
    refunded: centsToDollars(refundedCents),
    status,
    lineCount: payment.lines.length,
  };
}

const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`);
const DAY_MS = 24 * 60 * 60 * 1000;

function findCheckout(id: string): DbPayment {
  const payment = db.payments.find((candidate) => candidate.id === id && isCheckout(candidate));
  if (!payment) throw new ApiFailure(404, CHECKOUT_MESSAGES.orderNotFound);
  return payment;
}

/**
 * The admin's Orders screen (GET /admin/orders, GET /admin/orders/{id}) and its refunds, which
 * here Stripe confirms at once: the lines are refunded as soon as the POST answers.
 */
export const adminOrderHandlers = [
  apiRoute('GET /api/admin/orders', {
    handle: ({ query }) => {
      const q = query.q?.toLowerCase();
      const from = query.from === undefined ? undefined : dayStart(query.from);
      const to = query.to === undefined ? undefined : dayStart(query.to) + DAY_MS;
      const matches = db.payments
        .filter(isCheckout)
        .filter((payment) => !q || payment.email.toLowerCase().includes(q))
        .filter((payment) => {
          const at = payment.createdAt ?? Date.now();
          return (from === undefined || at >= from) && (to === undefined || at < to);
        })
        .map(summaryOf)
        .filter((summary) => !query.status || summary.status === query.status)
        .sort(
          (a, b) =>
            b.createdAt.localeCompare(a.createdAt) ||
            (a.paymentId < b.paymentId ? -1 : a.paymentId > b.paymentId ? 1 : 0),
        );
      const page = query.page ?? 1;
      const start = (page - 1) * ADMIN_ORDERS_PAGE_SIZE;
      const answer: AdminOrderPage = {
        orders: matches.slice(start, start + ADMIN_ORDERS_PAGE_SIZE),
        total: matches.length,
        page,
        limit: ADMIN_ORDERS_PAGE_SIZE,
      };
      return HttpResponse.json(answer);
    },
  }),

  apiRoute('GET /api/admin/orders/:id', {
    handle: ({ params }) => {
      const payment = findCheckout(params.id);
      const detail: AdminOrderDetail = {
        ...summaryOf(payment),
        shipping: payment.shipping,
        // Lines the customer hid stay: the shop's record of the sale.
        lines: linesOf(payment).map((order) => ({
          orderId: order._id,
          name: order.name,
          quantity: order.quantity,
          price: order.price,
          refunded: order.refunded ?? false,
          refundPending: false,
        })),
        history: [...(payment.refunds ?? [])].reverse().map((refund) => ({
          actorEmail: refund.actorEmail,
          action: 'refund',
          changes: { orderIds: refund.orderIds, amount: refund.amount },
          createdAt: new Date(refund.createdAt).toISOString(),
        })),
      };
      return HttpResponse.json(detail);
    },
  }),

  apiRoute('POST /api/admin/orders/:id/refunds', {
    handle: ({ params, body, caller }) => {
      const payment = findCheckout(params.id);
      if (payment.status !== 'succeeded') throw new ApiFailure(400, REFUND_MESSAGES.notPaid);
      const lines = linesOf(payment);
      let chosen: DbOrder[];
      if (body.orderIds === undefined) {
        chosen = lines.filter((order) => !order.refunded);
      } else {
        chosen = body.orderIds.map((id) => {
          const line = lines.find((order) => order._id === id);
          if (!line) throw new ApiFailure(400, REFUND_MESSAGES.otherPayment(id));
          return line;
        });
      }
      if (chosen.length === 0 || chosen.some((order) => order.refunded)) {
        throw new ApiFailure(400, REFUND_MESSAGES.alreadyRefunded);
      }
      for (const order of chosen) order.refunded = true;
      const amount = centsToDollars(chosen.reduce((sum, order) => sum + lineCents(order), 0));
      const orderIds = chosen.map((order) => order._id);
      payment.refunds = [
        ...(payment.refunds ?? []),
        { actorEmail: requireCaller(caller).email, orderIds, amount, createdAt: Date.now() },
      ];
      const accepted: RefundAccepted = {
        refundId: `re_mock_${++refundSequence}`,
        amount,
        orderIds,
      };
      return HttpResponse.json(accepted, { status: 202 });
    },
  }),
];
