import { OrderNowButton } from '@/features/book-cart/components/order-now-button';
import { FeaturedBooks } from '@/features/books/components/featured-books';
import type { Book } from '@/features/books/types';
import { CoursePromo } from '@/features/home/components/course-promo';
import { DrawingPromo } from '@/features/home/components/drawing-promo';
import { HomeHero } from '@/features/home/components/home-hero';

const orderNow = (book: Book) => <OrderNowButton book={book} />;

/** Home (docs/product.md §2): hero, course promo, the first books with category tiles, drawing promo. */
export default function HomeScreen() {
  return (
    <>
      <HomeHero />
      <CoursePromo />
      <FeaturedBooks renderAction={orderNow} />
      <DrawingPromo />
    </>
  );
}
