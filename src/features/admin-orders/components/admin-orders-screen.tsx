import { useEffect } from 'react';
import {
  ADMIN_ORDER_STATUSES,
  adminOrderStatusSchema,
  type AdminOrderListQuery,
} from '@contract/admin-orders';
import { formatCents, toCents } from '@contract/money';
import { Pager } from '@/components/pager';
import { DashboardTable } from '@/components/dashboard-table';
import { EmptyNote } from '@/components/empty-state';
import { CartIcon } from '@/components/icons/layout-icons';
import { QueryView } from '@/components/query-view';
import { Spinner } from '@/components/spinner';
import { useListAddress, useSearchText } from '@/lib/use-list-address';
import { useGetAdminOrdersQuery } from '../api/admin-orders-api';
import { OrderPanel } from './order-panel';
import { OrderStatusBadge, STATUS_LABELS, when } from './order-status-badge';
import { DashboardScreen } from '@/components/dashboard-screen';
import { SearchForm } from '@/components/search-form';
import type { Column } from '@/components/column-heads';

/** A real YYYY-MM-DD date from the address bar, or undefined (the server would refuse it). */
function dateOf(text: string | null): string | undefined {
  if (text === null || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  return Number.isNaN(Date.parse(`${text}T00:00:00Z`)) ? undefined : text;
}

/**
 * Orders (docs/product.md §2.21): every checkout, newest first, filtered by status, customer
 * and date, paged by the server; View opens one with its lines, refunds and history. The filters,
 * the page and the open order are in the address (`?status=&q=&from=&to=&page=&order=`), so Back
 * and a reload keep them.
 */
const ORDER_COLUMNS: readonly Column[] = [
  { label: 'Order' },
  { label: 'Customer' },
  { label: 'Date' },
  { label: 'Total', className: 'text-right' },
  { label: 'Status' },
  { label: 'Actions', className: 'text-right', srOnly: true },
];

export function AdminOrdersScreen() {
  const { params, page, navigate, goToPage } = useListAddress();
  const parsedStatus = adminOrderStatusSchema.safeParse(params.get('status'));
  const status = parsedStatus.success ? parsedStatus.data : undefined;
  const q = (params.get('q') ?? '').trim();
  const from = dateOf(params.get('from'));
  const to = dateOf(params.get('to'));
  const openId = params.get('order');
  const [text, setText] = useSearchText(q);

  const query: AdminOrderListQuery = {
    ...(status && { status }),
    ...(q !== '' && { q }),
    ...(from && { from }),
    ...(to && { to }),
    page,
  };
  const { data, error, isError, isLoading, isFetching, refetch } = useGetAdminOrdersQuery(query, {
    skip: openId !== null,
  });

  const orders = isError ? [] : (data?.orders ?? []);
  const total = data?.total ?? 0;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  const isRefreshing = isFetching && !isLoading;
  const filtered = status !== undefined || q !== '' || from !== undefined || to !== undefined;

  /** A new filter starts again at the first page. */
  const filter = (key: string, value: string) => navigate({ [key]: value, page: null });
  // The address named a page past the end.
  useEffect(() => {
    if (data && !isFetching && openId === null && page > pageCount) goToPage(pageCount);
  });

  if (openId !== null) {
    return <OrderPanel key={openId} id={openId} onClose={() => navigate({ order: null })} />;
  }

  return (
    <DashboardScreen
      eyebrow="Orders"
      headingId="admin-orders-heading"
      heading="Orders and refunds"
      refreshing={isRefreshing}
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <label
            htmlFor="admin-order-status"
            className="mb-1.5 block text-sm font-medium text-base-content/90"
          >
            Status
          </label>
          <select
            id="admin-order-status"
            value={status ?? ''}
            onChange={(event) => filter('status', event.target.value)}
            className="select select-bordered w-full rounded-xl"
          >
            <option value="">All</option>
            {ADMIN_ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <SearchForm
          name="Orders"
          inputId="admin-order-search"
          label="Customer email"
          value={text}
          onChange={setText}
          onSearch={(q) => filter('q', q)}
        />
        <div>
          <label
            htmlFor="admin-order-from"
            className="mb-1.5 block text-sm font-medium text-base-content/90"
          >
            From
          </label>
          <input
            id="admin-order-from"
            type="date"
            value={from ?? ''}
            max={to}
            onChange={(event) => filter('from', event.target.value)}
            className="input input-bordered w-full rounded-xl"
          />
        </div>
        <div>
          <label
            htmlFor="admin-order-to"
            className="mb-1.5 block text-sm font-medium text-base-content/90"
          >
            To
          </label>
          <input
            id="admin-order-to"
            type="date"
            value={to ?? ''}
            min={from}
            onChange={(event) => filter('to', event.target.value)}
            className="input input-bordered w-full rounded-xl"
          />
        </div>
      </div>

      <QueryView
        query={{ isLoading, isError, error, refetch }}
        loading={<Spinner label="Loading the orders…" />}
        errorText="Could not load the orders."
        isEmpty={orders.length === 0}
        empty={
          <EmptyNote icon={CartIcon}>
            {filtered ? 'No order matches these filters.' : 'No one has bought anything yet.'}
          </EmptyNote>
        }
      >
        <>
          <p className="text-sm text-base-content/70" aria-live="polite">
            {total === 1 ? '1 order' : `${total} orders`}
          </p>
          <DashboardTable tightOnPhones columns={ORDER_COLUMNS}>
            {orders.map((order) => (
              <tr key={order.paymentId} className="hover:bg-base-200/40">
                <th scope="row" className="whitespace-nowrap font-medium">
                  {order.orderNumber}
                </th>
                <td className="break-all">{order.email}</td>
                <td className="whitespace-nowrap">
                  <time dateTime={order.createdAt}>{when(order.createdAt)}</time>
                </td>
                <td className="text-right tabular-nums">{formatCents(toCents(order.total))}</td>
                <td>
                  <OrderStatusBadge status={order.status} />
                </td>
                <td className="text-right">
                  <button
                    type="button"
                    aria-label={`View order ${order.orderNumber}`}
                    onClick={() => navigate({ order: order.paymentId })}
                    className="btn btn-outline btn-primary btn-xs rounded-lg normal-case sm:btn-sm"
                  >
                    View
                  </button>
                </td>
              </tr>
            ))}
          </DashboardTable>
          <Pager page={page} pageCount={pageCount} onPage={goToPage} />
        </>
      </QueryView>
    </DashboardScreen>
  );
}
