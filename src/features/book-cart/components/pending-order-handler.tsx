import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorMessageOr } from '@/lib/api/error-message';
import { useAuth } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { useAppDispatch } from '@/lib/redux-hooks';
import { pendingOrderOf } from '../pending-order';
import { addBookToCart } from '../add-book-to-cart';

/**
 * Finishes an Order Now a visitor pressed before signing in: back on the page they were on, the
 * book goes into their cart with a toast saying so, once (the state is cleared at once, so a
 * reload or Back does not add it again).
 */
export default function PendingOrderHandler() {
  const { status } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const pending = pendingOrderOf(location.state);
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (status !== 'signed-in' || !pending || handled.current === location.key) return;
    handled.current = location.key;
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null },
    );
    addBookToCart(dispatch, pending.bookId).then(
      () => notify.success(`Added ${pending.name} to your cart.`),
      (error: unknown) =>
        notify.error(errorMessageOr(error, `Could not add ${pending.name} to your cart.`)),
    );
  }, [status, pending, location, navigate, dispatch]);

  return null;
}
