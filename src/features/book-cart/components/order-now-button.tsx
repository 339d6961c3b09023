import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessageOr } from '@/lib/api/error-message';
import { useAuth } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { useAppDispatch } from '@/lib/redux-hooks';

type Props = { book: { _id: string; name: string } };

/** How long "Added" stays on the button. */
const CONFIRMATION_MS = 2500;

function errorText(error: unknown): string {
  return errorMessageOr(error, 'Could not add the book to your cart.');
}

/**
 * Order Now (docs/product.md §2, docs/decisions.md): puts the book in the signed-in user's cart (one more copy if
 * it is there already). A visitor is sent to /login and comes back to this page afterwards.
 */
export function OrderNowButton({ book }: Props) {
  const { status } = useAuth();
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
    if (status !== 'signed-in') {
      navigate(paths.login, { state: { from: location } });
      return;
    }
    setIsLoading(true);
    try {
      // The cart's endpoints (and RTK Query) load at the first order, not with the home page.
      const { cartApi } = await import('../api/cart-api');
      const request = dispatch(cartApi.endpoints.addToCart.initiate({ bookId: book._id }));
      try {
        await request.unwrap();
      } finally {
        // Nothing reads this mutation's result from the cache: the Cart tag refreshes the badge.
        request.reset();
      }
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
        className="btn btn-primary btn-sm btn-block rounded-lg normal-case"
        aria-label={`${confirmation ? 'Added' : 'Order Now'}: ${book.name}`}
        disabled={isLoading}
        onClick={() => void order()}
      >
        {confirmation ? 'Added ✓' : 'Order Now'}
      </button>
      {/* Always present, so screen readers announce the text when it appears. */}
      <span role="status" className="sr-only">
        {confirmation}
      </span>
    </>
  );
}
