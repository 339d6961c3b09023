import type { ReactNode } from 'react';
import { formatCents, toCents } from '@contract/money';
import { TrashIcon } from '@/components/icons/trash-icon';
import { QuantityStepper } from '@/components/quantity-stepper';

/** How each cart shows its pictures: a book cover is tall, a course image wide. */
const COVERS = {
  book: {
    width: 300,
    height: 420,
    item: 'gap-3 sm:gap-4',
    image: 'h-20 w-[60px] rounded-lg',
    body: 'gap-2',
  },
  course: {
    width: 640,
    height: 360,
    item: 'gap-4 sm:p-4',
    // 16:9 like the picture, whose title is drawn at its left edge: a squarer box cut it off.
    image: 'h-[63px] w-28 rounded-xl sm:h-[90px] sm:w-40',
    body: 'gap-3',
  },
} as const;

type Props = {
  cover: keyof typeof COVERS;
  name: string;
  /** Dollars, as the API and course.json give it. */
  price: number;
  quantity: number;
  image: string;
  /** Plus is disabled at this quantity. */
  maxQuantity?: number;
  /** Why the line will not be paid (sold out, no longer sold): shown under its name. */
  unavailable?: string;
  /** Minus and plus; a line without them (a course: bought once) shows no quantity control. */
  onDecrease?: () => void;
  onIncrease?: () => void;
  onRemove: () => void;
  /** Shown under the price (the course cart's "Owned — Go to course"). */
  extra?: ReactNode;
};

/**
 * One line of a cart (both carts): picture, name, price, minus / quantity / plus (book lines
 * only), remove.
 */
export function CartLineItem({
  cover,
  name,
  price,
  quantity,
  image,
  maxQuantity,
  unavailable,
  onDecrease,
  onIncrease,
  onRemove,
  extra,
}: Props) {
  const look = COVERS[cover];
  return (
    <li
      className={`flex rounded-2xl border border-base-200 bg-base-100 p-3 shadow-sm sm:items-center ${look.item}`}
    >
      <img
        src={image}
        width={look.width}
        height={look.height}
        alt=""
        aria-hidden="true"
        className={`shrink-0 bg-base-200 object-cover ${look.image} ${unavailable ? 'opacity-50 grayscale' : ''}`}
      />
      <div
        className={`flex min-w-0 flex-1 flex-col sm:flex-row sm:items-center sm:justify-between ${look.body}`}
      >
        <div className="min-w-0">
          <h2 className="break-words font-semibold leading-snug">{name}</h2>
          <p className="mt-1 text-sm text-base-content/70">
            <span className="font-bold text-primary">{formatCents(toCents(price))}</span>
            {quantity > 1 && <span> × {quantity}</span>}
          </p>
          {unavailable && (
            <p className="mt-1 text-sm font-medium text-error">
              {unavailable}: not included at checkout
            </p>
          )}
          {extra}
        </div>
        <div className="flex items-center justify-between gap-3 sm:justify-end">
          {onDecrease && onIncrease && (
            <QuantityStepper
              name={name}
              quantity={quantity}
              max={maxQuantity}
              onDecrease={onDecrease}
              onIncrease={onIncrease}
            />
          )}
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-square rounded-lg text-error hover:bg-error/10"
            aria-label={`Remove ${name}`}
            title="Remove"
            onClick={onRemove}
          >
            <TrashIcon className="h-5 w-5" />
          </button>
        </div>
      </div>
    </li>
  );
}
