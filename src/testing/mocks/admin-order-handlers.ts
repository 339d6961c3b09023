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
import {
  SALES_DEFAULT_DAYS,
  SALES_TOP_COUNT,
  salesPeriodDays,
  type SalesReport,
  type TopSeller,
} from '@contract/sales';
import { ApiFailure, apiRoute, requireCaller } from './api-route';
import { recordAudit } from './catalogue-admin-handlers';
import { db, type DbOrder, type DbPayment } from './db';

let refundSequence = 0;

/** A checkout: a payment that was paid (refunded since or not). */
const isCheckout = (payment: DbPayment) =>
  payment.status === 'succeeded' || payment.status === 'refunded';

const linesOf = (payment: DbPayment): DbOrder[] =>
  db.orders.filter((order) => order.paymentId === payment.id);

const lineCents = (order: DbOrder) => toCents(order.price) * order.quantity;

/** The server's summary: the refunded lines add up to what was refunded (or all, if refunded whole). */
export function summaryOf(payment: DbPayment): AdminOrderSummary {
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
      // Each book's history shows its refunded copies, as the server's audit log does.
      for (const order of chosen) {
        const bookId = payment.lines[lines.indexOf(order)]?.bookId;
        if (bookId === undefined) continue;
        recordAudit(caller, bookId, 'book.refund', {
          orderNumber: orderNumberOf(payment.id),
          copies: order.quantity,
          amount: centsToDollars(lineCents(order)),
        });
      }
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

type Sold = { id: string; name: string; copies: number; cents: number };

/** The server's best-sellers: the lines not refunded, most copies first, then most money. */
function topSellers(sold: Map<string, Sold>): TopSeller[] {
  return [...sold.values()]
    .sort((a, b) => b.copies - a.copies || b.cents - a.cents || (a.id < b.id ? -1 : 1))
    .slice(0, SALES_TOP_COUNT)
    .map(({ id, name, copies, cents }) => ({
      id,
      name,
      copies,
      revenue: centsToDollars(cents),
    }));
}

/** The admin's Sales screen (GET /admin/sales): the server's report, from the fake's checkouts. */
export const salesHandlers = [
  apiRoute('GET /api/admin/sales', {
    handle: ({ query }) => {
      const days = query.days ?? SALES_DEFAULT_DAYS;
      const dates = salesPeriodDays(days, new Date());
      const since = dayStart(dates[0] ?? '');
      const daily = new Map(dates.map((date) => [date, { date, orders: 0, cents: 0 }]));
      const books = new Map<string, Sold>();
      const courses = new Map<string, Sold>();
      let refunds = 0;
      let refundedCents = 0;
      for (const payment of db.payments.filter(isCheckout)) {
        const at = payment.createdAt ?? Date.now();
        // A refund counts on its own day, whenever its checkout was placed.
        const made = [
          ...(payment.refunds ?? []).map((refund) => ({
            at: refund.createdAt,
            dollars: refund.amount,
          })),
          ...(payment.status === 'refunded'
            ? [{ at: payment.paidAt ?? at, dollars: centsToDollars(payment.amountCents) }]
            : []),
        ].filter((refund) => refund.at >= since);
        refunds += made.length;
        refundedCents += made.reduce((sum, refund) => sum + toCents(refund.dollars), 0);
        if (at < since) continue;
        const day = daily.get(new Date(at).toISOString().slice(0, 10));
        if (day) {
          day.orders += 1;
          day.cents += payment.amountCents;
        }
        // The fake writes a payment's orders in the order of its lines.
        const orders = linesOf(payment);
        payment.lines.forEach((line, index) => {
          const id = line.bookId ?? line.courseId;
          if (id === undefined || orders[index]?.refunded) return;
          const sold = line.bookId === undefined ? courses : books;
          const entry = sold.get(id) ?? { id, name: line.name, copies: 0, cents: 0 };
          entry.copies += line.quantity;
          entry.cents += line.quantity * line.unitPriceCents;
          sold.set(id, entry);
        });
      }
      const report: SalesReport = {
        days,
        from: dates[0] ?? '',
        to: dates[dates.length - 1] ?? '',
        revenue: centsToDollars([...daily.values()].reduce((sum, day) => sum + day.cents, 0)),
        orders: [...daily.values()].reduce((sum, day) => sum + day.orders, 0),
        refunds,
        refunded: centsToDollars(refundedCents),
        daily: [...daily.values()].map(({ date, orders, cents }) => ({
          date,
          orders,
          revenue: centsToDollars(cents),
        })),
        topBooks: topSellers(books),
        topCourses: topSellers(courses),
      };
      return HttpResponse.json(report);
    },
  }),
];
