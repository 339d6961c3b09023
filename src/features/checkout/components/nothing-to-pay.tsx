import { Link } from 'react-router-dom';
import { BookIcon, CartIcon, GraduationCapIcon } from '@/components/icons';
import { paths } from '@/config/paths';

/** Reached with no cart to pay (no Checkout yet, or that cart is empty now): the way back. */
export function NothingToPay() {
  return (
    <div className="flex flex-col items-center py-6 text-center">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-primary/10 text-primary">
        <CartIcon className="h-8 w-8" />
      </span>
      <h2 className="mt-4 text-lg font-semibold">Your cart is empty.</h2>
      <p className="mt-1 max-w-sm text-base-content/70">
        There is nothing to pay for yet. Add something to a cart, then press Checkout.
      </p>
      <div className="mt-6 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link to={paths.bookCart} className="btn btn-primary rounded-xl normal-case">
          <BookIcon className="h-4 w-4" />
          Go to your book cart
        </Link>
        <Link to={paths.courseCart} className="btn btn-outline btn-primary rounded-xl normal-case">
          <GraduationCapIcon className="h-4 w-4" />
          Go to your course cart
        </Link>
      </div>
    </div>
  );
}
