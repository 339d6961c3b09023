import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { BookCartScreen } from '@/features/book-cart/components/book-cart-screen';
import { startCheckout } from '@/features/checkout/checkout-slice';
import { useAppDispatch } from '@/lib/redux-hooks';

/** Checkout hands the book cart to the payment screens (docs/product.md §4 Checkout), as the course cart does. */
export default function BookCartRoute() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return (
    <BookCartScreen
      onCheckout={(totalCents) => {
        dispatch(startCheckout({ source: 'books', totalCents }));
        navigate(paths.payment);
      }}
    />
  );
}
