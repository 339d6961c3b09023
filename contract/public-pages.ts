// What search engines are told (docs/product.md §2.1; docs/decisions.md D65): the public pages
// /sitemap.xml lists and the paths /robots.txt keeps crawlers out of. Plain data: the server
// serves both files from it, and a web test checks it against the app's route table
// (src/app/screens.ts).

/**
 * The public screens without a parameter that a crawler should find, besides one page per listed
 * book (`/book/{id}`) and course (`/courses/{id}`). Not `/home` (the same screen as `/`) and not
 * the course cart (`/cart`): see CRAWLER_DISALLOWED_PATHS.
 */
export const SITEMAP_STATIC_PATHS = [
  '/',
  '/courses',
  '/book',
  '/drawing',
  '/login',
  '/signup',
  '/about',
  '/contact',
  '/jobs',
  '/terms',
  '/privacy',
  '/cookies',
] as const;

/**
 * Kept out of crawlers' reach (robots.txt `Disallow`, matched as prefixes): the API, the signed-in
 * dashboard, both carts, the checkout (shipping form and card payment) and the receipts.
 */
export const CRAWLER_DISALLOWED_PATHS = [
  '/api/',
  '/dashboard',
  '/cart',
  '/cart-book',
  '/payment',
  '/paymentcard',
  '/orders/',
] as const;
