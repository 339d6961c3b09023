import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { formatCents, toCents } from '@contract/money';
import type { Order } from '@contract/orders';
import { CartIcon, CloseIcon } from '@/components/icons';
import { DashboardList } from '@/components/dashboard-list';
import { paths } from '@/config/paths';
import { confirmDialog, successPopup } from '@/lib/dialogs';
import { notify } from '@/lib/notify';
import { useDeleteOrderMutation, useGetOrdersQuery } from '../api/orders-api';
import { errorMessageOr } from '@/lib/api/error-message';

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

type Props = { email: string };

/**
 * My Orders (docs/product.md §2 Orders, §4 Order deletion): the signed-in user's orders, each deletable
 * through a confirmation. Unlike the spec's silent failures, a failed load or delete says so.
 */
export function MyOrdersScreen({ email }: Props) {
  // Read again on every visit: a payment's orders arrive with Stripe's webhook, after the page
  // that paid has been left.
  const query = useGetOrdersQuery(email || skipToken, { refetchOnMountOrArgChange: true });
  const { data: orders = [], isLoading } = query;
  const [deleteOrder] = useDeleteOrderMutation();
  const [pending, setPending] = useState<string | null>(null);

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

  const count = isLoading ? '…' : orders.length;
  return (
    <DashboardList
      eyebrow="My Orders"
      headingId="my-orders-heading"
      heading={`Total number of order : ${count}`}
      query={query}
      count={orders.length}
      skeleton={<RowSkeletons />}
      errorText="Your orders could not be loaded."
      empty={{
        icon: <CartIcon className="h-8 w-8" />,
        title: 'No orders yet',
        text: 'Your paid books and courses will show here.',
        browse: { to: paths.book, label: 'Browse books' },
      }}
    >
      <div className="overflow-x-auto rounded-2xl bg-base-100 shadow-sm ring-1 ring-base-200">
        {/* Compact on phones, so every column (the delete button too) fits a 375 px screen. */}
        <table className="table table-xs sm:table-md">
          <thead>
            <tr className="bg-base-200/60 text-xs uppercase text-base-content/70 sm:tracking-wider">
              <th scope="col" className="w-10">
                #
              </th>
              <th scope="col" className="whitespace-normal">
                Product Name
              </th>
              <th scope="col" className="text-right">
                Quantity
              </th>
              <th scope="col" className="text-right">
                Price
              </th>
              <th scope="col" className="text-right">
                Action
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order, index) => {
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
                      onClick={() => void handleDelete(order)}
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
    </DashboardList>
  );
}
