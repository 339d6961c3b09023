import { CART_LIMITS } from '@contract/cart-rules';
import type { CartLine } from '@contract/carts';
import { formatCents, toCents } from '@contract/money';
import { TrashIcon } from '@/components/icons';
import { QuantityStepper } from '@/components/quantity-stepper';

type Props = {
  line: CartLine;
  onDecrease: (line: CartLine) => void;
  onIncrease: (line: CartLine) => void;
  onRemove: (line: CartLine) => void;
};

/** One line of the book cart: cover, name, price, and minus / quantity / plus. */
export function BookCartLine({ line, onDecrease, onIncrease, onRemove }: Props) {
  return (
    <li className="flex gap-3 rounded-2xl border border-base-200 bg-base-100 p-3 shadow-sm sm:items-center sm:gap-4">
      <img
        src={line.image}
        width={300}
        height={420}
        alt=""
        aria-hidden="true"
        className="h-20 w-[60px] shrink-0 rounded-lg bg-base-200 object-cover"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h2 className="line-clamp-2 font-semibold leading-snug">{line.name}</h2>
          <p className="mt-1 text-sm text-base-content/70">
            <span className="font-bold text-primary">{formatCents(toCents(line.price))}</span>
            {line.quantity > 1 && <span> × {line.quantity}</span>}
          </p>
        </div>
        <div className="flex items-center justify-between gap-3 sm:justify-end">
          <QuantityStepper
            name={line.name}
            quantity={line.quantity}
            // A line holds at most 99 copies (the server refuses more).
            max={CART_LIMITS.maxQuantity}
            onDecrease={() => onDecrease(line)}
            onIncrease={() => onIncrease(line)}
          />
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-square rounded-lg text-error hover:bg-error/10"
            aria-label={`Remove ${line.name}`}
            title="Remove"
            onClick={() => onRemove(line)}
          >
            <TrashIcon className="h-5 w-5" />
          </button>
        </div>
      </div>
    </li>
  );
}
