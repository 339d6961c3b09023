import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessageOr } from '@/lib/api/error-message';
import { useAuth } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { useAppDispatch } from '@/lib/redux-hooks';
import type { PendingOrderState } from '../pending-order';

type Props = {
  book: { _id: string; name: string };
  /** Sold out: the button says so and cannot be pressed. */
  soldOut?: boolean;
  /** `btn-sm` in a card; the book's page uses a large one. */
  size?: 'sm' | 'lg';
};

/** How long "Added" stays on the button. */
const CONFIRMATION_MS = 2500;

function errorText(error: unknown): string {
  return errorMessageOr(error, 'Could not add the book to your cart.');
}

/**
 * Order Now (docs/product.md §2, docs/decisions.md): puts the book in the signed-in user's cart (one more copy if
 * it is there already). A visitor is sent to /login and, once signed in, comes back to this page
 * with the book in the cart (see PendingOrderHandler).
 */
export function OrderNowButton({ book, soldOut = false, size = 'sm' }: Props) {
  const { sessionKnown } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const [isLoading, setIsLoading] = useState(false);
  const [confirmation, setConfirmation] = useState('');

  useEffect(() => {
    if (!confirmation) return;
    const timer = setTimeout(() => setConfirmation(''), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [confirmation]);

  const order = async () => {
    setIsLoading(true);
    // Pressed before the session was checked (the books may be on screen first): it waits, so a
    // signed-in user is never taken for a visitor and sent to log in.
    if ((await sessionKnown()) !== 'signed-in') {
      setIsLoading(false);
      const then: PendingOrderState = { orderNow: { bookId: book._id, name: book.name } };
      navigate(paths.login, { state: { from: location, then } });
      return;
    }
    try {
      // The cart's endpoints (and RTK Query) load at the first order, not with the home page, and
      // so does the call that adds the book: a visitor's page never runs it (D106).
      const { addBookToCart } = await import('../add-book-to-cart');
      await addBookToCart(dispatch, book._id);
      setConfirmation(`Added ${book.name} to your cart.`);
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setIsLoading(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={`btn btn-primary btn-block rounded-lg normal-case ${size === 'sm' ? 'btn-sm' : ''}`}
        aria-label={`${soldOut ? 'Sold out' : confirmation ? 'Added' : 'Order Now'}: ${book.name}`}
        disabled={isLoading || soldOut}
        onClick={() => void order()}
      >
        {soldOut ? 'Sold out' : confirmation ? 'Added ✓' : 'Order Now'}
      </button>
      {/* Always present, so screen readers announce the text when it appears. */}
      <span role="status" className="sr-only">
        {confirmation}
      </span>
    </>
  );
}
