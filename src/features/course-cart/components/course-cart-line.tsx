import { TrashIcon } from '@/components/icons';
import { QuantityStepper } from '@/components/quantity-stepper';
import { formatCents, toCents } from '@contract/money';
import type { CourseCartLine as Line } from '../course-cart-slice';

type Props = {
  line: Line;
  onRemove: (id: string) => void;
  onDecrease: (id: string) => void;
  onIncrease: (id: string) => void;
};

export function CourseCartLine({ line, onRemove, onDecrease, onIncrease }: Props) {
  return (
    <li className="flex gap-4 rounded-2xl border border-base-200 bg-base-100 p-3 shadow-sm sm:items-center sm:p-4">
      <img
        src={line.image}
        width={640}
        height={360}
        alt=""
        aria-hidden="true"
        className="h-20 w-24 shrink-0 rounded-xl bg-base-200 object-cover sm:h-24 sm:w-32"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
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
            onDecrease={() => onDecrease(line._id)}
            onIncrease={() => onIncrease(line._id)}
          />
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-square rounded-lg text-error hover:bg-error/10"
            aria-label={`Remove ${line.name}`}
            title="Remove"
            onClick={() => onRemove(line._id)}
          >
            <TrashIcon className="h-5 w-5" />
          </button>
        </div>
      </div>
    </li>
  );
}
