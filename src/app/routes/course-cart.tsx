import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { startCheckout } from '@/features/checkout/checkout-slice';
import { CourseCartScreen } from '@/features/course-cart/components/course-cart-screen';
import { useAppDispatch } from '@/lib/redux-hooks';

/** Checkout hands the course cart to the payment screens (docs/product.md §4 Checkout). */
export default function CourseCartRoute() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return (
    <CourseCartScreen
      onCheckout={(totalCents) => {
        dispatch(startCheckout({ source: 'courses', totalCents }));
        navigate(paths.payment);
      }}
    />
  );
}
