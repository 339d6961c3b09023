// What a page says about itself to a browser tab, a search engine and a link preview: its title,
// description, image and (for a book or a course) schema.org JSON-LD. The one source for the
// build's prerendered documents and the catalogue's snapshots (src/prerender.tsx, both through
// headTags) and for the app's own title and description (src/components/page-title.tsx).
// docs/product.md §10.12 says what a crawler sees; docs/decisions.md D64 why.
import type { Book as BookLd, Course as CourseLd, ItemAvailability, WithContext } from 'schema-dts';
import { stockState } from '@contract/book-rules';
import type { CourseDetail } from '@contract/courses';
import { jsonForScript } from '@contract/prerendered';
import { paths } from '@/config/paths';
import type { BookDetail } from '@contract/books';

export const SHOP_NAME = 'LearnTogether';
/** The API and the shop speak dollars (contract/money.ts). */
const CURRENCY = 'USD';
export const SHOP_DESCRIPTION = 'LearnTogether — books, online courses and live topic chat rooms.';
/** The picture a link preview shows for a page without one of its own. */
const SHOP_IMAGE = '/images/hero/home-hero.svg';

export type PageMeta = {
  /** The whole `<title>` ("About us · LearnTogether"). */
  title: string;
  description: string;
  /** A path on the shop or an absolute URL. */
  image: string;
  /** Open Graph's type of the page. */
  type: 'website' | 'book' | 'product';
  jsonLd?: WithContext<BookLd> | WithContext<CourseLd>;
};

/** The tab title of a screen whose own title is `title`; the shop's name alone without one. */
export function titleOf(title: string | undefined): string {
  return title === undefined ? SHOP_NAME : `${title} · ${SHOP_NAME}`;
}

/** Text for a description: one line, at most `max` characters. */
export function clip(text: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** A book's page: the author and the start of the description. */
export function bookDescription(book: BookDetail): string {
  const by = book.author ? ` by ${book.author}` : '';
  return clip(`${book.name}${by}. ${book.description}`);
}

/** A course's page: its name and summary. */
export function courseDescription(course: CourseDetail): string {
  return clip(`${course.name}. ${course.summary}`);
}

function availabilityOf(stock: number): ItemAvailability {
  const kind = stockState(stock).kind;
  if (kind === 'sold-out') return 'https://schema.org/OutOfStock';
  return kind === 'low' ? 'https://schema.org/LimitedAvailability' : 'https://schema.org/InStock';
}

function bookMeta(book: BookDetail, origin: string): PageMeta {
  const url = `${origin}${paths.bookPage(book._id)}`;
  return {
    title: titleOf(book.name),
    description: bookDescription(book),
    image: book.image,
    type: 'book',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Book',
      name: book.name,
      ...(book.author ? { author: { '@type': 'Person', name: book.author } } : {}),
      description: clip(book.description, 5000),
      genre: book.category,
      image: absolute(book.image, origin),
      url,
      offers: {
        '@type': 'Offer',
        price: book.price.toFixed(2),
        priceCurrency: CURRENCY,
        availability: availabilityOf(book.stock),
        url,
      },
    },
  };
}

function courseMeta(course: CourseDetail, origin: string): PageMeta {
  const url = `${origin}${paths.coursePage(course._id)}`;
  return {
    title: titleOf(course.name),
    description: courseDescription(course),
    image: course.image,
    type: 'product',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: course.name,
      description: clip(course.description || course.summary, 5000),
      image: absolute(course.image, origin),
      url,
      provider: { '@type': 'Organization', name: SHOP_NAME, sameAs: origin },
      ...(course.rating
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: course.rating.average,
              reviewCount: course.rating.count,
            },
          }
        : {}),
      offers: {
        '@type': 'Offer',
        category: 'Paid',
        price: course.price.toFixed(2),
        priceCurrency: CURRENCY,
        availability: 'https://schema.org/InStock',
        url,
      },
    },
  };
}

/** A page without data of its own: its title (none on the home page), description and image. */
type ShopPage = { title?: string; description: string; image?: string };

/** The pages without data of their own, by path. */
const STATIC_PAGES: Record<string, ShopPage> = {
  [paths.root]: { description: SHOP_DESCRIPTION },
  [paths.home]: { description: SHOP_DESCRIPTION },
  [paths.courses]: {
    title: 'Online courses',
    description:
      'Practical online courses you can start today: add them to your cart and learn at your own pace.',
    image: '/images/banners/courses-banner.svg',
  },
  [paths.book]: {
    title: 'Books',
    description: 'The LearnTogether book catalogue: search, filter by category and order online.',
  },
  [paths.courseCart]: { title: 'Course cart', description: 'The courses in your cart.' },
  [paths.drawing]: {
    title: 'Drawing board',
    description: 'A drawing board to sketch and explain ideas.',
  },
  [paths.login]: { title: 'Log in', description: 'Log in to LearnTogether.' },
  [paths.signup]: {
    title: 'Sign up',
    description: 'Create a LearnTogether account to order books, take courses and join rooms.',
  },
};

/** The page at `pathname` by its path alone: the home page's for a path not in the table. */
export function shopPage(pathname: string): ShopPage {
  return STATIC_PAGES[pathname] ?? STATIC_PAGES[paths.root]!;
}

/**
 * What the page at `pathname` is about, when not the path alone: a book, a course, or one of the
 * company and legal pages (src/features/info/info-pages.tsx, kept out of this module so that the
 * book and course screens that import it do not carry those pages).
 */
export type PageSubject = {
  book?: BookDetail;
  course?: CourseDetail;
  info?: { title: string; lead: string };
};

/** The meta of the public page at `pathname`; `origin` is the shop's public URL (PUBLIC_URL). */
export function pageMeta(pathname: string, origin: string, subject: PageSubject = {}): PageMeta {
  if (subject.book) return bookMeta(subject.book, origin);
  if (subject.course) return courseMeta(subject.course, origin);
  const { info } = subject;
  if (info) {
    return {
      title: titleOf(info.title),
      description: clip(info.lead),
      image: SHOP_IMAGE,
      type: 'website',
    };
  }
  const page = shopPage(pathname);
  return {
    title: titleOf(page.title),
    description: page.description,
    image: page.image ?? SHOP_IMAGE,
    type: 'website',
  };
}

function absolute(url: string, origin: string): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

function escapeAttribute(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** JSON-LD inside `<script>`, escaped (contract/prerendered.ts jsonForScript). */
function jsonLdScript(value: unknown): string {
  return `<script type="application/ld+json">${jsonForScript(value)}</script>`;
}

/**
 * The head tags of a page: title, description, canonical URL, Open Graph and Twitter card, and
 * its JSON-LD. `origin` is the shop's public URL (no trailing slash).
 */
export function headTags(meta: PageMeta, pathname: string, origin: string): string {
  const url = `${origin}${pathname === '/' ? '/' : pathname}`;
  const image = absolute(meta.image, origin);
  const tag = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeAttribute(content)}" />`;
  return [
    `<title>${escapeAttribute(meta.title)}</title>`,
    tag('name', 'description', meta.description),
    `<link rel="canonical" href="${escapeAttribute(url)}" />`,
    tag('property', 'og:site_name', SHOP_NAME),
    tag('property', 'og:type', meta.type),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:url', url),
    tag('property', 'og:image', image),
    tag('name', 'twitter:card', 'summary_large_image'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
    tag('name', 'twitter:image', image),
    ...(meta.jsonLd ? [jsonLdScript(meta.jsonLd)] : []),
  ].join('\n    ');
}
