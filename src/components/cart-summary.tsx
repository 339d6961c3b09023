import { formatCents } from '@contract/money';

type Props = {
  /** Distinct id per cart, for the panel's accessible name. */
  headingId: string;
  /** The sum of the lines' quantities (a cart's heading counts its lines). */
  itemCount: number;
  totalCents: number;
  /** Called with the total in cents; only ever when it is above zero (docs/product.md §4 Checkout). */
  onCheckout: (totalCents: number) => void;
  /** A rule of this cart, shown under Checkout (the book cart's copy limit and hold). */
  note?: string;
};

/** The sticky side panel of both carts: the total quantity, "Total:" in dollars and the Checkout button. */
export function CartSummary({ headingId, itemCount, totalCents, onCheckout, note }: Props) {
  return (
    <aside
      aria-labelledby={headingId}
      className="rounded-2xl border border-base-200 bg-base-100 p-6 shadow-md lg:sticky lg:top-24"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        Order summary
      </h2>
      <dl className="mt-4 space-y-3 text-sm">
        <div className="flex justify-between text-base-content/70">
          <dt>Total quantity</dt>
          <dd className="tabular-nums">{itemCount}</dd>
        </div>
        <div className="flex items-baseline justify-between border-t border-base-200 pt-3">
          <dt className="text-base font-semibold">Total:</dt>
          <dd className="text-2xl font-bold tabular-nums">{formatCents(totalCents)}</dd>
        </div>
      </dl>
      <button
        type="button"
        className="btn btn-primary btn-block mt-6 rounded-xl normal-case"
        disabled={totalCents <= 0}
        onClick={() => {
          if (totalCents > 0) onCheckout(totalCents);
        }}
      >
        Checkout
      </button>
      <p className="mt-3 text-center text-xs text-base-content/70">
        Secure card payment on the next step.
      </p>
      {note && <p className="mt-2 text-center text-xs text-base-content/70">{note}</p>}
    </aside>
  );
}
