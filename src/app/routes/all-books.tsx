import { OrderNowButton } from '@/features/book-cart/components/order-now-button';
import { AllBooks } from '@/features/books/components/all-books';
import type { Book } from '@/features/books/types';

const orderNow = (book: Book) => <OrderNowButton book={book} />;

/** Every book with Order Now (login only). */
export default function AllBooksScreen() {
  return <AllBooks renderAction={orderNow} />;
}
