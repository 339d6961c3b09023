import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { saveShippingAddress, selectShippingAddress } from '@/features/checkout/checkout-slice';
import { ShippingScreen } from '@/features/checkout/components/shipping-screen';
import { usableAddress } from '@/features/checkout/shipping-address';
import { useAuth } from '@/lib/auth';
import { useAppDispatch, useAppSelector } from '@/lib/redux-hooks';
import { useCheckoutCart } from '../checkout-cart';

/** /payment: the shipping form for the cart a Checkout chose (docs/product.md §2). */
export default function PaymentRoute() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { user } = useAuth();
  const saved = useAppSelector(selectShippingAddress);
  const { cart } = useCheckoutCart();
  return (
    <ShippingScreen
      cart={cart}
      saved={usableAddress(saved)}
      accountEmail={user?.email ?? ''}
      onSave={(address) => {
        dispatch(saveShippingAddress(address));
        navigate(paths.paymentCard);
      }}
    />
  );
}
