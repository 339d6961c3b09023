import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { startCheckout } from '@/features/checkout/checkout-slice';
import { CourseCartScreen } from '@/features/course-cart/components/course-cart-screen';
import { useAppDispatch } from '@/lib/redux-hooks';
import { useOwnedCourses } from './use-owned-courses';

/**
 * Checkout hands the course cart to the card page (docs/product.md §4 Checkout): a course ships
 * nothing, so there is no shipping form (docs/decisions.md D62). A signed-in user's own courses
 * show as owned and are left out.
 */
export default function CourseCartRoute() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { ownedIds, reporter } = useOwnedCourses();
  return (
    <>
      {reporter}
      <CourseCartScreen
        ownedIds={ownedIds}
        onCheckout={(totalCents) => {
          dispatch(startCheckout({ source: 'courses', totalCents }));
          navigate(paths.paymentCard);
        }}
      />
    </>
  );
}
