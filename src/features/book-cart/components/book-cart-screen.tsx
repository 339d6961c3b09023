import { CartSummary } from '@/components/cart-summary';
import type { CartLine } from '@contract/carts';
import { BookIcon } from '@/components/icons/book-icon';
import { QueryView } from '@/components/query-view';
import { EmptyState } from '@/components/empty-state';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';
import {
  useGetCartQuery,
  useRemoveCartLineMutation,
  useSetCartQuantityMutation,
} from '../api/cart-api';
import { BookCartLine } from './book-cart-line';
import { bookCartTotalCents } from './book-cart-total';
import { CART_MESSAGES, isPayable } from '@contract/cart-rules';
import { errorMessageOr } from '@/lib/api/error-message';

type Props = {
  /** Called with the total in cents; only ever when it is above zero. */
  onCheckout: (totalCents: number) => void;
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Placeholders the size of real lines, so nothing moves when the cart arrives. */
function LineSkeletons() {
  return (
    <div aria-hidden="true" className="space-y-3">
      {[0, 1, 2].map((key) => (
        <div
          key={key}
          className="flex gap-3 rounded-2xl border border-base-200 bg-base-100 p-3 sm:gap-4"
        >
          <span className="skeleton h-20 w-[60px] shrink-0 rounded-lg" />
          <span className="flex flex-1 flex-col gap-2 pt-1">
            <span className="skeleton block h-4 w-3/5 rounded" />
            <span className="skeleton block h-4 w-1/5 rounded" />
          </span>
        </div>
      ))}
    </div>
  );
}

/** The signed-in user's book cart (docs/product.md §2, §4): the server's lines, kept in the shared cache. */
export function BookCartScreen({ onCheckout }: Props) {
  const { data: lines = [], isLoading, isError, error, refetch } = useGetCartQuery();
  const [setQuantity] = useSetCartQuantityMutation();
  const [removeLine] = useRemoveCartLineMutation();
  const totalCents = bookCartTotalCents(lines);
  const itemCount = lines.reduce((sum, line) => sum + line.quantity, 0);
  // The summary counts what checkout pays for: sold-out and removed lines are left out.
  const payableCount = lines.filter(isPayable).reduce((sum, line) => sum + line.quantity, 0);

  // The cache shows the change at once; a refusal (a line gone in another tab, the 99 limit) is
  // undone by the mutation, said in a toast, and the cart refetched (the mutations invalidate it).
  const change = async (call: { unwrap: () => Promise<unknown> }) => {
    try {
      await call.unwrap();
    } catch (failure) {
      notify.error(errorMessageOr(failure, 'Your cart could not be changed. Please try again.'));
    }
  };
  const decrease = (line: CartLine) =>
    void change(
      line.quantity <= 1
        ? removeLine(line._id)
        : setQuantity({ id: line._id, quantity: line.quantity - 1 }),
    );
  const increase = (line: CartLine) =>
    void change(setQuantity({ id: line._id, quantity: line.quantity + 1 }));
  const remove = (line: CartLine) => void change(removeLine(line._id));

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
        {/* Its lines (one per book) and, as the summary counts them, the copies. */}
        Your book cart:{' '}
        {isLoading
          ? '…'
          : `${plural(lines.length, 'book', 'books')} (${plural(itemCount, 'copy', 'copies')})`}
      </h1>

      <div className="mt-8 grid items-start gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <QueryView
            query={{ isLoading, isError, error, refetch }}
            loading={
              <div className="h-[380px] overflow-hidden" role="status">
                <span className="sr-only">Loading your cart…</span>
                <LineSkeletons />
              </div>
            }
            errorText="Your cart could not be loaded."
            // The list's 380 px, so nothing below moves.
            errorClassName="h-[380px] content-center"
            isEmpty={lines.length === 0}
            empty={
              <EmptyState
                className="h-[380px] justify-center rounded-2xl border border-dashed border-base-300 bg-base-100 px-6"
                icon={<BookIcon className="h-8 w-8" />}
                title="Your book cart is empty"
                text="Find a book you like and press Order Now."
                browse={{ to: paths.book, label: 'Browse books' }}
              />
            }
          >
            {/* The spec's 380 px scrolling list. */}
            <ul aria-label="Book cart" className="h-[380px] space-y-3 overflow-y-auto pr-1">
              {lines.map((line) => (
                <BookCartLine
                  key={line._id}
                  line={line}
                  onDecrease={decrease}
                  onIncrease={increase}
                  onRemove={remove}
                />
              ))}
            </ul>
          </QueryView>
        </div>

        <CartSummary
          headingId="book-cart-summary"
          itemCount={payableCount}
          totalCents={totalCents}
          onCheckout={onCheckout}
          note={CART_MESSAGES.holdRule}
        />
      </div>
    </div>
  );
}
