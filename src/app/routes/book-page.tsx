import { useParams } from 'react-router';
import { OrderNowButton } from '@/features/book-cart/components/order-now-button';
import { BookDetails } from '@/features/books/components/book-details';
import type { Book } from '@/features/books/types';

const orderNow = (book: Book) => <OrderNowButton book={book} />;

/** A book's page; its Order Now fills the book cart (the two features meet here). */
export default function BookPageScreen() {
  const { bookId = '' } = useParams();
  return (
    <BookDetails
      // A new book is a new page: no state of the last one carries over.
      key={bookId}
      bookId={bookId}
      renderOrderNow={(book, soldOut) => <OrderNowButton book={book} soldOut={soldOut} size="lg" />}
      renderAction={orderNow}
    />
  );
}
