import { Link } from 'react-router-dom';
import { CartSummary } from '@/components/cart-summary';
import { ArrowRightIcon, GraduationCapIcon } from '@/components/icons';
import { paths } from '@/config/paths';
import { useAppDispatch, useAppSelector } from '@/lib/redux-hooks';
import {
  decreaseQuantity,
  increaseQuantity,
  removeFromCart,
  selectCourseCartLines,
  selectCourseCartTotalCents,
} from '../course-cart-slice';
import { CourseCartLine } from './course-cart-line';

type Props = {
  /** Called with the total in cents; only ever when it is above zero. */
  onCheckout: (totalCents: number) => void;
};

/** The client-only course cart (spec §2, §4). */
export function CourseCartScreen({ onCheckout }: Props) {
  const dispatch = useAppDispatch();
  const lines = useAppSelector(selectCourseCartLines);
  const totalCents = useAppSelector(selectCourseCartTotalCents);
  const itemCount = lines.reduce((sum, line) => sum + line.quantity, 0);

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
        Your Course items: {lines.length}
      </h1>

      <div className="mt-8 grid items-start gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">
          {lines.length === 0 ? (
            <div className="flex flex-col items-center rounded-2xl border border-dashed border-base-300 bg-base-100 px-6 py-14 text-center">
              <span className="flex h-16 w-16 items-center justify-center rounded-full bg-primary/10 text-primary">
                <GraduationCapIcon className="h-8 w-8" />
              </span>
              <h2 className="mt-4 text-lg font-semibold">Your course cart is empty</h2>
              <p className="mt-1 max-w-sm text-base-content/70">
                Find a course you like and add it to your cart.
              </p>
              <Link to={paths.courses} className="btn btn-primary mt-6 rounded-xl normal-case">
                Browse courses
                <ArrowRightIcon className="h-4 w-4" />
              </Link>
            </div>
          ) : (
            <ul aria-label="Course cart" className="space-y-4">
              {lines.map((line) => (
                <CourseCartLine
                  key={line._id}
                  line={line}
                  onRemove={(id) => dispatch(removeFromCart(id))}
                  onDecrease={(id) => dispatch(decreaseQuantity(id))}
                  onIncrease={(id) => dispatch(increaseQuantity(id))}
                />
              ))}
            </ul>
          )}
        </div>

        <CartSummary
          headingId="course-cart-summary"
          itemCount={itemCount}
          totalCents={totalCents}
          onCheckout={onCheckout}
        />
      </div>
    </div>
  );
}
