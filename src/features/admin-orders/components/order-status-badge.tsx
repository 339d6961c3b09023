import type { AdminOrderStatus } from '@contract/admin-orders';

export const STATUS_LABELS: Record<AdminOrderStatus, string> = {
  paid: 'Paid',
  refunded: 'Refunded',
  'partly-refunded': 'Partly refunded',
};

const STATUS_CLASSES: Record<AdminOrderStatus, string> = {
  paid: 'badge-success',
  refunded: 'badge-ghost',
  'partly-refunded': 'badge-warning',
};

/** A checkout's state: paid, refunded, or partly refunded. */
export function OrderStatusBadge({ status }: { status: AdminOrderStatus }) {
  return (
    <span className={`badge badge-sm whitespace-nowrap font-semibold ${STATUS_CLASSES[status]}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}

/** A date and time as the screen shows them (`Jan 10, 2026, 11:30 PM`). */
export const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
