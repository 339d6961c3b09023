import { Link } from 'react-router';
import { CartIcon, GraduationCapIcon } from '@/components/icons/layout-icons';
import { BookIcon } from '@/components/icons/book-icon';
import { EmptyState } from '@/components/empty-state';
import { paths } from '@/config/paths';

/** Reached with no cart to pay (no Checkout yet, or that cart is empty now): the way back. */
export function NothingToPay() {
  return (
    <EmptyState
      className="py-6"
      icon={<CartIcon className="h-8 w-8" />}
      title="Your cart is empty."
      text="There is nothing to pay for yet. Add something to a cart, then press Checkout."
    >
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
    </EmptyState>
  );
}
