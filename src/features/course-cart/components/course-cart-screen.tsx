import { CartSummary } from '@/components/cart-summary';
import { GraduationCapIcon } from '@/components/icons/layout-icons';
import { EmptyState } from '@/components/empty-state';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useAppDispatch, useAppSelector } from '@/lib/redux-hooks';
import { useHydratedValue } from '@/lib/use-hydrated';
import {
  type CourseCartLine as Line,
  courseLinesTotalCents,
  payableCourseLines,
  removeFromCart,
  selectCourseCartLines,
} from '../course-cart-slice';
import { CourseCartLine } from './course-cart-line';

type Props = {
  /** Called with the total in cents; only ever when it is above zero. */
  onCheckout: (totalCents: number) => void;
  /** The signed-in user's courses: shown as owned and left out of the total (D62). */
  ownedIds?: ReadonlySet<string>;
};

const NO_LINES: Line[] = [];
const NONE: ReadonlySet<string> = new Set();

/** The client-only course cart (docs/product.md §2, §4). */
export function CourseCartScreen({ onCheckout, ownedIds = NONE }: Props) {
  const dispatch = useAppDispatch();
  const savedLines = useAppSelector(selectCourseCartLines);
  // The cart is this browser's: the prerendered screen is an empty cart (docs/decisions.md D49),
  // which a browser holding a saved cart hides from its first paint on (the `prerendered-cart`
  // rules in src/index.css) until the app, hydrated, shows the saved one.
  const prerendered = useHydratedValue(false, true);
  const lines = prerendered ? NO_LINES : savedLines;
  // An owned course in a saved cart is not paid for again (docs/decisions.md D62).
  const payable = payableCourseLines(lines, ownedIds);
  const totalCents = courseLinesTotalCents(payable);
  const itemCount = payable.reduce((sum, line) => sum + line.quantity, 0);

  return (
    <div className="relative mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      {prerendered && (
        <Spinner label="Loading your cart…" className="prerendered-cart-loading absolute inset-0" />
      )}
      <div className={prerendered ? 'prerendered-cart' : undefined}>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          Your Course items: {lines.length}
        </h1>

        <div className="mt-8 grid items-start gap-8 lg:grid-cols-3">
          <div className="lg:col-span-2">
            {lines.length === 0 ? (
              <EmptyState
                className="rounded-2xl border border-dashed border-base-300 bg-base-100 px-6 py-14"
                icon={<GraduationCapIcon className="h-8 w-8" />}
                title="Your course cart is empty"
                text="Find a course you like and add it to your cart."
                browse={{ to: paths.courses, label: 'Browse courses' }}
              />
            ) : (
              <ul aria-label="Course cart" className="space-y-4">
                {lines.map((line) => (
                  <CourseCartLine
                    key={line._id}
                    line={line}
                    owned={ownedIds.has(line._id)}
                    onRemove={(id) => dispatch(removeFromCart(id))}
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
    </div>
  );
}
