/** Every screen a visitor can open without signing in (docs/product.md §2, §6): the benchmarks measure these. */
export const PUBLIC_ROUTES = ['/', '/courses', '/cart', '/book', '/drawing', '/login', '/signup'];
