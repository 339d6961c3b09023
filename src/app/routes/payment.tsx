import { Navigate, useNavigate } from 'react-router';
import type { ShippingAddress } from '@contract/payments';
import { paths } from '@/config/paths';
import {
  saveShippingAddress,
  selectCheckoutSource,
  selectShippingAddress,
} from '@/features/checkout/checkout-slice';
import { ShippingScreen } from '@/features/checkout/components/shipping-screen';
import { usableAddress } from '@/features/checkout/shipping-address';
import { useAuth } from '@/lib/auth';
import { useAppDispatch, useAppSelector } from '@/lib/redux-hooks';
import { useGetProfileQuery } from '@/features/profile/api/profile-api';
import type { UserProfile } from '@/features/profile/types';
import { useCheckoutCart } from '../checkout-cart';

/** The shipping fields a profile fills: its name, split at the first space, and its address. */
function profileAddress(profile: UserProfile): Partial<ShippingAddress> {
  const [firstName = '', ...rest] = profile.name.trim().split(/\s+/);
  return {
    ...(firstName ? { firstName } : {}),
    ...(rest.length > 0 ? { lastName: rest.join(' ') } : {}),
    ...(profile.address.trim() ? { address: profile.address.trim() } : {}),
  };
}

/** /payment: the shipping form for the book cart a Checkout chose (docs/product.md §2). */
export default function PaymentRoute() {
  const source = useAppSelector(selectCheckoutSource);
  // Courses ship nothing: their checkout asks no address (docs/decisions.md D62).
  if (source === 'courses') return <Navigate to={paths.paymentCard} replace />;
  return <ShippingRoute />;
}

function ShippingRoute() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { user } = useAuth();
  const saved = useAppSelector(selectShippingAddress);
  const { cart } = useCheckoutCart();
  const address = usableAddress(saved);
  // The first checkout starts from the profile's name and address (a failed read: from nothing).
  const email = user?.email ?? '';
  const profile = useGetProfileQuery(email, { skip: address !== null || email === '' });
  const fromProfile = profile.isLoading ? null : profile.data ? profileAddress(profile.data) : {};
  return (
    <ShippingScreen
      cart={cart}
      saved={address}
      accountEmail={email}
      fromProfile={fromProfile}
      onSave={(address) => {
        dispatch(saveShippingAddress(address));
        navigate(paths.paymentCard);
      }}
    />
  );
}
