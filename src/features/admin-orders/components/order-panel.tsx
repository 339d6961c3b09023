import { useEffect, useRef, useState } from 'react';
import type { AdminOrderDetail } from '@contract/admin-orders';
import { formatCents, toCents } from '@contract/money';
import { hasAddress } from '@contract/payments';
import { LoadError } from '@/components/load-error';
import { Spinner } from '@/components/spinner';
import { errorMessageOr } from '@/lib/api/error-message';
import { confirmDialog } from '@/lib/dialogs';
import { notify } from '@/lib/notify';
import { useGetAdminOrderQuery, useRefundOrderMutation } from '../api/admin-orders-api';
import { OrderStatusBadge, when } from './order-status-badge';

/** While a refund waits for Stripe's webhook, the checkout is asked for again this often. */
const PENDING_POLL_MS = 2000;

type Line = AdminOrderDetail['lines'][number];

const money = (dollars: number) => formatCents(toCents(dollars));
const lineCents = (line: Line) => toCents(line.price) * line.quantity;
const refundable = (line: Line) => !line.refunded && !line.refundPending;

/** A history entry in words: `Refunded $12.00 (2 lines)`. */
function describeEntry(entry: AdminOrderDetail['history'][number]): string {
  if (entry.action !== 'refund') return entry.action;
  const { amount, orderIds } = entry.changes;
  const lines = Array.isArray(orderIds) ? orderIds.length : 0;
  const sum = typeof amount === 'number' ? `Refunded ${money(amount)}` : 'Refunded';
  return lines > 0 ? `${sum} (${lines === 1 ? '1 line' : `${lines} lines`})` : sum;
}

type Props = {
  /** The checkout's PaymentIntent id. */
  id: string;
  onClose: () => void;
};

/**
 * One checkout (docs/product.md §2.21): its customer, address, lines, refunds so far and
 * history, with the lines to refund chosen by their checkboxes, or everything left at once.
 */
export function OrderPanel({ id, onClose }: Props) {
  const [poll, setPoll] = useState(false);
  const { data, error, isError, isLoading, refetch } = useGetAdminOrderQuery(id, {
    pollingInterval: poll ? PENDING_POLL_MS : 0,
  });
  const [refundOrder, { isLoading: isRefunding }] = useRefundOrderMutation();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const heading = useRef<HTMLHeadingElement>(null);

  // Polls while Stripe has not confirmed a refund yet, and stops once it has.
  const pending = data?.lines.some((line) => line.refundPending) ?? false;
  if (pending !== poll) setPoll(pending);

  // The heading takes the focus once the order is shown (as the Books screen's edit panel does).
  const loaded = data !== undefined;
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);

  const back = (
    <button type="button" onClick={onClose} className="btn btn-ghost btn-sm rounded-xl normal-case">
      ← Back to orders
    </button>
  );

  if (isLoading) return <Spinner label="Loading the order…" />;
  if (isError || !data) {
    return (
      <div className="space-y-4">
        {back}
        <LoadError
          message={errorMessageOr(error, 'Could not load the order.')}
          onRetry={() => void refetch()}
        />
      </div>
    );
  }

  const chosen = data.lines.filter((line) => selected.has(line.orderId) && refundable(line));
  const left = data.lines.filter(refundable);
  const toggle = (orderId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(orderId)) next.delete(orderId);
      else next.add(orderId);
      return next;
    });

  /** Asks, then refunds `lines` (all: every line left, sending no ids). */
  const refund = async (lines: Line[], all: boolean) => {
    const amount = formatCents(lines.reduce((sum, line) => sum + lineCents(line), 0));
    const confirmed = await confirmDialog({
      title: all ? 'Refund the whole order?' : 'Refund the selected lines?',
      text: `Refund ${amount} to ${data.email}? Stripe sends it back to their card.`,
      confirmText: `Yes, refund ${amount}`,
      danger: true,
    });
    if (!confirmed) return;
    try {
      const accepted = await refundOrder(
        all ? { id } : { id, orderIds: lines.map((line) => line.orderId) },
      ).unwrap();
      setSelected(new Set());
      notify.success(
        `Refund of ${money(accepted.amount)} asked of Stripe; the lines show as refunded once Stripe confirms.`,
      );
    } catch (refundError) {
      notify.error(errorMessageOr(refundError, 'The refund was not made.'));
    }
  };

  const { shipping } = data;
  return (
    <section aria-labelledby="admin-order-heading" className="space-y-6">
      <header className="space-y-2">
        {back}
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">Orders</p>
        <h1
          id="admin-order-heading"
          ref={heading}
          tabIndex={-1}
          className="flex flex-wrap items-center gap-3 text-2xl font-bold tracking-tight outline-none"
        >
          Order {data.orderNumber} <OrderStatusBadge status={data.status} />
        </h1>
      </header>

      <dl className="grid gap-4 rounded-2xl bg-base-100 p-4 text-sm shadow-sm ring-1 ring-base-200 sm:grid-cols-2">
        <div>
          <dt className="font-semibold">Customer</dt>
          <dd className="break-all">{data.email}</dd>
        </div>
        <div>
          <dt className="font-semibold">Date</dt>
          <dd>
            <time dateTime={data.createdAt}>{when(data.createdAt)}</time>
          </dd>
        </div>
        {hasAddress(shipping) ? (
          <div className="sm:col-span-2">
            <dt className="font-semibold">Ships to</dt>
            <dd className="break-words">
              {shipping.firstName} {shipping.lastName}, {shipping.address}, {shipping.city},{' '}
              {shipping.state} {shipping.postalCode}, {shipping.country}
            </dd>
          </div>
        ) : (
          // A course checkout ships nothing: its buyer, named from the account (D62).
          <div className="sm:col-span-2">
            <dt className="font-semibold">Bought by</dt>
            <dd className="break-words">
              {shipping.name}, {shipping.email}
            </dd>
          </div>
        )}
      </dl>

      <section aria-labelledby="admin-order-lines-heading" className="space-y-3">
        <h2 id="admin-order-lines-heading" className="text-lg font-semibold">
          Lines
        </h2>
        {data.lines.length === 0 ? (
          <p className="text-sm text-base-content/70">
            No lines were delivered: the whole payment was refunded.
          </p>
        ) : (
          <ul className="divide-y divide-base-200 rounded-2xl bg-base-100 shadow-sm ring-1 ring-base-200">
            {data.lines.map((line) => (
              <li key={line.orderId} className="flex items-center gap-3 p-3 text-sm">
                {refundable(line) ? (
                  <input
                    type="checkbox"
                    className="checkbox checkbox-sm"
                    aria-label={`Select ${line.name} for a refund`}
                    checked={selected.has(line.orderId)}
                    onChange={() => toggle(line.orderId)}
                  />
                ) : (
                  <span className="w-5 shrink-0" aria-hidden="true" />
                )}
                <span className="min-w-0 flex-1 break-words">
                  <span className="font-medium">{line.name}</span>
                  <span className="block text-xs text-base-content/70">
                    {line.quantity} × {money(line.price)}
                  </span>
                </span>
                {line.refunded ? (
                  <span className="badge badge-ghost badge-sm whitespace-nowrap">Refunded</span>
                ) : line.refundPending ? (
                  <span className="badge badge-warning badge-sm whitespace-nowrap">
                    Refund pending
                  </span>
                ) : null}
                <span className="tabular-nums">{formatCents(lineCents(line))}</span>
              </li>
            ))}
          </ul>
        )}
        <dl className="grid max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
          <dt>Total</dt>
          <dd className="text-right font-semibold tabular-nums">{money(data.total)}</dd>
          <dt>Refunded so far</dt>
          <dd className="text-right tabular-nums">{money(data.refunded)}</dd>
        </dl>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            disabled={chosen.length === 0 || isRefunding}
            onClick={() => void refund(chosen, false)}
            className="btn btn-primary btn-sm rounded-xl normal-case"
          >
            Refund selected
          </button>
          <button
            type="button"
            disabled={left.length === 0 || isRefunding}
            onClick={() => void refund(left, true)}
            className="btn btn-outline btn-error btn-sm rounded-xl normal-case"
          >
            Refund everything
          </button>
        </div>
      </section>

      <section aria-labelledby="admin-order-history-heading" className="space-y-3">
        <h2 id="admin-order-history-heading" className="text-lg font-semibold">
          History
        </h2>
        {data.history.length === 0 ? (
          <p className="text-sm text-base-content/70">No refunds yet.</p>
        ) : (
          <ol className="space-y-3" aria-label="Changes, newest first">
            {data.history.map((entry) => (
              <li
                key={`${entry.createdAt}-${entry.actorEmail}-${JSON.stringify(entry.changes)}`}
                className="rounded-xl bg-base-200/50 p-3 text-sm"
              >
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-semibold">{describeEntry(entry)}</span>{' '}
                  <span className="break-all text-base-content/80">by {entry.actorEmail}</span>{' '}
                  <time dateTime={entry.createdAt} className="text-xs text-base-content/70">
                    {when(entry.createdAt)}
                  </time>
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </section>
  );
}
