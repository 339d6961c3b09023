import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { catalogueSearch, DEFAULT_SORT } from '../catalogue-params';
import type { BookCategory } from '../types';

/** The three home tiles (docs/product.md §2): "science" filters the `science fiction` category. */
export const CATEGORY_TILES: { label: string; category: BookCategory; image: string }[] = [
  { label: 'programming', category: 'programming', image: '/images/categories/programming.svg' },
  { label: 'story', category: 'story', image: '/images/categories/story.svg' },
  { label: 'science', category: 'science fiction', image: '/images/categories/science.svg' },
];

/** Each tile opens the catalogue filtered by its category (`/book?category=…`). */
export function CategoryTiles() {
  return (
    <ul className="grid grid-cols-3 gap-2 sm:gap-6" aria-label="Book categories">
      {CATEGORY_TILES.map((tile) => (
        <li key={tile.category}>
          <Link
            to={{
              pathname: paths.book,
              search: catalogueSearch({
                q: '',
                category: tile.category,
                sort: DEFAULT_SORT,
                page: 1,
              }),
            }}
            className="group relative flex w-full flex-col items-center gap-2 overflow-hidden rounded-2xl border-2 border-transparent bg-base-100 p-1.5 shadow-sm ring-1 ring-base-200 transition duration-200 hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-offset-2 sm:flex-row sm:gap-4 sm:p-3"
          >
            <img
              src={tile.image}
              width={400}
              height={260}
              alt=""
              aria-hidden="true"
              className="aspect-square w-full rounded-xl bg-base-200 object-cover sm:w-20"
            />
            <span className="pb-1 text-xs font-semibold capitalize sm:pb-0 sm:text-lg">
              {tile.label}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
