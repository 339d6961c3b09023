import { SITEMAP_STATIC_PATHS } from '../contract/public-pages';

/**
 * Every screen a visitor can open without signing in (docs/product.md §2, §6): the benchmarks
 * measure these. The sitemap's pages, one book's and one course's page (`:first`, see
 * resolvePublicRoute) and the course cart, which comes after the course pages: bench/field-inp.ts's
 * visitors fill it there.
 */
export const PUBLIC_ROUTES = [
  '/',
  '/courses',
  '/courses/:first',
  '/cart',
  '/book',
  '/book/:first',
  ...SITEMAP_STATIC_PATHS.filter((path) => !['/', '/courses', '/book'].includes(path)),
];

/**
 * A route of the list as a path: `/book/:first` is the page of the catalogue's first book,
 * `/courses/:first` the page of the first course.
 */
export async function resolvePublicRoute(baseUrl: string, route: string): Promise<string> {
  if (route === '/courses/:first') {
    const response = await fetch(`${baseUrl}/api/courses`);
    const [course] = (await response.json()) as { _id: string }[];
    if (!course) throw new Error('no course is published');
    return `/courses/${course._id}`;
  }
  if (route !== '/book/:first') return route;
  const response = await fetch(`${baseUrl}/api/books?limit=1`);
  const [book] = (await response.json()) as { _id: string }[];
  if (!book) throw new Error('the catalogue is empty');
  return `/book/${book._id}`;
}
