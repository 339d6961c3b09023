import { formatCents, toCents } from '@contract/money';
import type { Checkout } from '@contract/orders';
import { hasAddress } from '@contract/payments';
import { ColumnHeads, type Column } from '@/components/column-heads';

const STATUS_TEXT: Record<Checkout['status'], string> = {
  pending: 'Payment received, confirming…',
  paid: 'Paid',
  failed: 'Payment failed',
  refunded: 'Refunded',
};

const SUMMARY_COLUMNS: readonly Column[] = [
  { label: 'Item' },
  { label: 'Qty', className: 'text-right' },
  { label: 'Price', className: 'text-right' },
];

export function formatOrderDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

/** A checkout's lines, total and address: the order confirmation and the receipt show this. */
export function CheckoutSummary({ checkout }: { checkout: Checkout }) {
  const { shipping } = checkout;
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-base-content/70">Order number</dt>
          <dd className="font-semibold tabular-nums">{checkout.orderNumber}</dd>
        </div>
        <div>
          <dt className="text-base-content/70">Date</dt>
          <dd className="font-semibold">{formatOrderDate(checkout.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-base-content/70">Status</dt>
          <dd className="font-semibold">{STATUS_TEXT[checkout.status]}</dd>
        </div>
      </dl>
      <table className="table w-full text-sm">
        <caption className="sr-only">What you bought</caption>
        <thead>
          <tr>
            <ColumnHeads columns={SUMMARY_COLUMNS} />
          </tr>
        </thead>
        <tbody>
          {checkout.lines.map((line, index) => (
            <tr key={index}>
              <td className="break-words">{line.name}</td>
              <td className="text-right tabular-nums">{line.quantity}</td>
              <td className="text-right tabular-nums">
                {formatCents(toCents(line.price) * line.quantity)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} className="text-right text-base text-base-content">
              Total paid
            </th>
            <td className="text-right text-base font-bold tabular-nums text-base-content">
              {formatCents(toCents(checkout.total))}
            </td>
          </tr>
        </tfoot>
      </table>
      <div className="text-sm">
        <h3 className="font-semibold">
          {checkout.source === 'books' ? 'Shipping to' : 'Billed to'}
        </h3>
        <address className="mt-1 not-italic text-base-content/80">
          {hasAddress(shipping) ? (
            <>
              {shipping.firstName} {shipping.lastName}
              <br />
              {shipping.address}
              <br />
              {shipping.city}, {shipping.state} {shipping.postalCode}
              <br />
              {shipping.country}
            </>
          ) : (
            // A course checkout ships nothing: its buyer only (docs/decisions.md D62).
            shipping.name
          )}
          <br />
          {shipping.email}
        </address>
      </div>
    </div>
  );
}
