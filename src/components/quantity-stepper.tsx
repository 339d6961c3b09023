import { MinusIcon } from '@/components/icons/minus-icon';
import { PlusIcon } from '@/components/icons/plus-icon';

type Props = {
  /** What is counted, for the buttons' accessible names ("Increase quantity of …"). */
  name: string;
  quantity: number;
  onDecrease: () => void;
  onIncrease: () => void;
  /** Plus is disabled at this quantity, with a tooltip saying why. */
  max?: number;
};

const stepButton =
  'btn btn-ghost btn-sm btn-square rounded-lg text-base-content/70 hover:bg-base-200 hover:text-base-content';

/** Minus, the quantity and plus: the control of a cart line (both carts). */
export function QuantityStepper({ name, quantity, onDecrease, onIncrease, max }: Props) {
  const atMost = max !== undefined && quantity >= max;
  return (
    <div className="flex items-center rounded-xl border border-base-300 bg-base-100">
      <button
        type="button"
        className={stepButton}
        aria-label={`Decrease quantity of ${name}`}
        onClick={onDecrease}
      >
        <MinusIcon className="h-4 w-4" />
      </button>
      <output
        aria-label={`Quantity of ${name}`}
        className="w-8 text-center text-sm font-semibold tabular-nums"
      >
        {quantity}
      </output>
      <button
        type="button"
        className={stepButton}
        aria-label={`Increase quantity of ${name}`}
        disabled={atMost}
        title={atMost ? `At most ${max} copies` : undefined}
        onClick={onIncrease}
      >
        <PlusIcon className="h-4 w-4" />
      </button>
    </div>
  );
}
