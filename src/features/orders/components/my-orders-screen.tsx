import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdminOrderStatus } from '@contract/admin-orders';
import { formatCents, toCents } from '@contract/money';
import type { MyCheckout, Order } from '@contract/orders';
import { CartIcon, CloseIcon } from '@/components/icons/layout-icons';
import { DashboardList } from '@/components/dashboard-list';
import { Pager } from '@/components/pager';
import { paths } from '@/config/paths';
import { confirmDialog, successPopup } from '@/lib/dialogs';
import { notify } from '@/lib/notify';
import { errorMessageOr } from '@/lib/api/error-message';
import { useDeleteOrderMutation, useGetMyCheckoutsQuery } from '../api/orders-api';
import { formatOrderDate } from './checkout-summary';
import { ColumnHeads, type Column } from '@/components/column-heads';

/** Rows the size of real ones, so nothing moves when the orders arrive. */
function RowSkeletons() {
  return (
    <div role="status" className="space-y-3 rounded-2xl bg-base-100 p-4 ring-1 ring-base-200">
      <span className="sr-only">Loading your orders…</span>
      {[0, 1, 2].map((key) => (
        <span key={key} aria-hidden="true" className="skeleton block h-10 w-full rounded-lg" />
      ))}
    </div>
  );
}

const STATUS: Record<AdminOrderStatus, { label: string; className: string }> = {
  paid: { label: 'Paid', className: 'badge-success' },
  'partly-refunded': { label: 'Partly refunded', className: 'badge-warning' },
  refunded: { label: 'Refunded', className: 'badge-ghost' },
};

function pageOf(text: string | null): number {
  const page = Number(text);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

type LinesProps = {
  checkout: MyCheckout;
  pending: string | null;
  onDelete: (order: Order) => void;
};

/** One checkout: its number, date, status, total and receipt, and the spec's table of its lines. */
function CheckoutCard({ checkout, pending, onDelete }: LinesProps) {
  const headingId = `order-${checkout.paymentId}`;
  const status = STATUS[checkout.status];
  return (
    <article
      aria-labelledby={headingId}
      className="overflow-hidden rounded-2xl bg-base-100 shadow-sm ring-1 ring-base-200"
    >
      <header className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-base-200 px-4 py-3">
        <h2 id={headingId} className="font-semibold tabular-nums">
          Order {checkout.orderNumber}
        </h2>
        <time dateTime={checkout.createdAt} className="text-sm text-base-content/80">
          {formatOrderDate(checkout.createdAt)}
        </time>
        <span className={`badge badge-sm border-0 font-semibold ${status.className}`}>
          {status.label}
        </span>
        <span className="text-sm tabular-nums">
          Total <strong>{formatCents(toCents(checkout.total))}</strong>
        </span>
        <Link
          to={paths.receipt(checkout.paymentId)}
          aria-label={`Receipt of order ${checkout.orderNumber}`}
          className="btn btn-outline btn-sm ml-auto rounded-xl normal-case"
        >
          Receipt
        </Link>
      </header>
      <div className="overflow-x-auto">
        {/* Compact on phones, so every column (the delete button too) fits a 375 px screen. */}
        <table className="table table-xs sm:table-md">
          <thead>
            <tr className="bg-base-200/60 text-xs uppercase text-base-content/70 sm:tracking-wider">
              <ColumnHeads columns={MY_ORDER_COLUMNS} />
            </tr>
          </thead>
          <tbody>
            {checkout.lines.map((order, index) => {
              const busy = pending === order._id;
              return (
                <tr key={order._id} className="hover:bg-base-200/40">
                  <th scope="row" className="font-medium text-base-content/70">
                    {index + 1}
                  </th>
                  <td className="break-words font-medium">
                    {order.name}
                    {order.refunded && ' '}
                    {order.refunded && (
                      <span className="badge badge-sm ml-2 border-0 bg-base-300 font-semibold text-base-content">
                        Refunded
                      </span>
                    )}
                  </td>
                  <td className="text-right tabular-nums">{order.quantity}</td>
                  <td className="text-right tabular-nums">{formatCents(toCents(order.price))}</td>
                  <td className="text-right">
                    <button
                      type="button"
                      disabled={busy}
                      aria-label={`Delete ${order.name}`}
                      onClick={() => onDelete(order)}
                      className="btn btn-circle btn-ghost btn-sm text-error hover:bg-error/10"
                    >
                      {busy ? (
                        <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                      ) : (
                        // The spec's 'x' button.
                        <CloseIcon className="h-4 w-4" />
                      )}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </article>
  );
}

/**
 * My Orders (docs/product.md §2.13, §4 Order deletion): the signed-in user's checkouts, newest
 * first and ten to a page (`?page=` in the address, so Back from a receipt returns to it), each
 * with its order number, date, status, total and receipt, and its lines, each deletable through a
 * confirmation. Unlike the spec's silent failures, a failed load or delete says so.
 */
const MY_ORDER_COLUMNS: readonly Column[] = [
  { label: '#', className: 'w-10' },
  { label: 'Product Name', className: 'whitespace-normal' },
  { label: 'Quantity', className: 'text-right' },
  { label: 'Price', className: 'text-right' },
  { label: 'Action', className: 'text-right' },
];

export function MyOrdersScreen() {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params.get('page'));
  // Read again on every visit: a payment's orders arrive with Stripe's webhook, after the page
  // that paid has been left.
  const query = useGetMyCheckoutsQuery(page, { refetchOnMountOrArgChange: true });
  const { data, isLoading, isFetching } = query;
  const checkouts = data?.checkouts ?? [];
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  const [deleteOrder] = useDeleteOrderMutation();
  const [pending, setPending] = useState<string | null>(null);

  const goToPage = (next: number) =>
    setParams((current) => {
      const changed = new URLSearchParams(current);
      if (next === 1) changed.delete('page');
      else changed.set('page', String(next));
      return changed;
    });
  // The address named a page past the end (or the last line of the last page was deleted).
  useEffect(() => {
    if (data && !isFetching && page > pageCount) goToPage(pageCount);
  });

  const handleDelete = async (order: Order) => {
    const confirmed = await confirmDialog({
      title: 'Are you sure?',
      text: "You won't be able to revert this product!",
      confirmText: 'Yes, delete it!',
      danger: true,
    });
    if (!confirmed) return;
    setPending(order._id);
    try {
      await deleteOrder(order._id).unwrap();
      void successPopup({ title: 'Deleted!', text: 'Product has been deleted.' });
    } catch (deleteError) {
      notify.error(
        errorMessageOr(deleteError, 'The order could not be deleted. Please try again.'),
      );
    } finally {
      setPending(null);
    }
  };

  // The spec's count: the orders (lines) the customer has, on every page.
  const count = isLoading ? '…' : (data?.lineCount ?? 0);
  return (
    <DashboardList
      eyebrow="My Orders"
      headingId="my-orders-heading"
      heading={`Total number of order : ${count}`}
      query={query}
      count={checkouts.length}
      skeleton={<RowSkeletons />}
      errorText="Your orders could not be loaded."
      empty={{
        icon: <CartIcon className="h-8 w-8" />,
        title: 'No orders yet',
        text: 'Your paid books and courses will show here.',
        browse: { to: paths.book, label: 'Browse books' },
      }}
    >
      <div className="space-y-4">
        {checkouts.map((checkout) => (
          <CheckoutCard
            key={checkout.paymentId}
            checkout={checkout}
            pending={pending}
            onDelete={(order) => void handleDelete(order)}
          />
        ))}
        {pageCount > 1 && <Pager page={page} pageCount={pageCount} onPage={goToPage} />}
      </div>
    </DashboardList>
  );
}
