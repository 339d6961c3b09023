import { OrderNowButton } from '@/features/book-cart/components/order-now-button';
import { BookCatalogue } from '@/features/books/components/book-catalogue';
import type { Book } from '@/features/books/types';

const orderNow = (book: Book) => <OrderNowButton book={book} />;

/** The public catalogue; its Order Now fills the book cart (the two features meet here). */
export default function BookScreen() {
  return <BookCatalogue renderAction={orderNow} />;
}
