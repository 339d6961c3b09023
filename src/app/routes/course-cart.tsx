import { lazy, Suspense, useMemo, useState } from 'react';
import type { OwnedCourse } from '@contract/courses';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { startCheckout } from '@/features/checkout/checkout-slice';
import { CourseCartScreen } from '@/features/course-cart/components/course-cart-screen';
import { useAuth } from '@/lib/auth';
import { useAppDispatch } from '@/lib/redux-hooks';

// Signed-in users only: visitors never load it (nor RTK Query with it).
const OwnedCourses = lazy(() => import('@/features/courses/components/owned-courses'));

const NONE: ReadonlySet<string> = new Set();
const NOTHING_OWNED: readonly OwnedCourse[] = [];

/**
 * Checkout hands the course cart to the card page (docs/product.md §4 Checkout): a course ships
 * nothing, so there is no shipping form (docs/decisions.md D62). A signed-in user's own courses
 * show as owned and are left out.
 */
export default function CourseCartRoute() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { status } = useAuth();
  const signedIn = status === 'signed-in';
  const [owned, setOwned] = useState(NOTHING_OWNED);
  const ownedIds = useMemo(() => new Set(owned.map((course) => course.courseId)), [owned]);
  return (
    <>
      {signedIn && (
        <Suspense fallback={null}>
          <OwnedCourses onOwned={setOwned} />
        </Suspense>
      )}
      <CourseCartScreen
        ownedIds={signedIn ? ownedIds : NONE}
        onCheckout={(totalCents) => {
          dispatch(startCheckout({ source: 'courses', totalCents }));
          navigate(paths.paymentCard);
        }}
      />
    </>
  );
}
