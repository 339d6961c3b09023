// Zod-free, so the web app may import these as values.
import { notEnoughStockMessage } from './book-rules';
import { COURSE_MESSAGES } from './course-rules';
import { COURSE_QUANTITY } from './course-quantity';
import { DomainError } from './domain-error';

/** The shipping form's countries (docs/product.md §2), in the spec's order. */
export const SHIPPING_COUNTRIES = ['Bangladesh', 'United States', 'Canada', 'Mexico'] as const;
export type ShippingCountry = (typeof SHIPPING_COUNTRIES)[number];

/** What a checkout pays for: the signed-in user's book cart, or the client-side course cart. */
export const PAYMENT_SOURCES = ['books', 'courses'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

export const CHECKOUT_LIMITS = {
  /** Longest accepted value of each shipping field (characters, after trimming). */
  maxNameLength: 100,
  maxAddressLength: 200,
  maxCityLength: 100,
  maxStateLength: 100,
  maxPostalCodeLength: 20,
  /** Distinct courses in one course-cart checkout. */
  maxCourseLines: 50,
  /** Copies of one course (the same cap as a book-cart line). */
  minQuantity: 1,
  maxQuantity: 99,
  /** Stripe's limits for USD: at least $0.50, at most $999,999.99. */
  minAmountCents: 50,
  maxAmountCents: 99_999_999,
} as const;

/** Texts the API answers with for checkout and order calls (shown to users as they are). */
export const CHECKOUT_MESSAGES = {
  emptyCart: 'Your cart is empty',
  unknownCourse: 'No such course.',
  duplicateCourse: 'Each course may appear only once.',
  amountTooSmall: 'The total must be at least $0.50 to pay by card.',
  amountTooLarge: 'The total is more than a card payment allows.',
  paymentsNotConfigured: 'Card payment is not configured.',
  paymentProviderFailed: 'The payment provider could not be reached. Please try again.',
  orderNotFound: 'No such order.',
  badSignature: 'Invalid Stripe signature.',
  /** The rare answer when the same cart's payment succeeded while this ask was being made. */
  cartJustPaid: 'This cart was just paid. Please reload it and try again.',
} as const;

/** The 400 of a course checkout naming a course the caller already owns (bought and paid). */
export function alreadyOwnedMessage(name: string): string {
  return `You already own ${name}`;
}

/**
 * Refuses a course checkout holding a course the caller already owns (docs/product.md §2.20): the
 * first such line, by name. The server and the msw fake both check through this.
 */
export function refuseOwnedCourses(
  lines: readonly { courseId?: string | null; name: string }[],
  owned: ReadonlySet<string>,
): void {
  const line = lines.find((candidate) => candidate.courseId && owned.has(candidate.courseId));
  if (line) throw new DomainError('invalid', alreadyOwnedMessage(line.name));
}

/**
 * The 409 of a checkout whose books another shopper took meanwhile, e.g. "Only 2 left: Orbit of
 * Glass" or "Sold out: Orbit of Glass; Only 1 left: The Silent Colony".
 */
export function stockShortMessage(short: readonly { name: string; available: number }[]): string {
  return short.map((line) => `${notEnoughStockMessage(line.available)}: ${line.name}`).join('; ');
}

/** Texts the card-payment screen shows (docs/product.md §2, §4). */
export const PAYMENT_TEXTS = {
  heading: 'Pay price of the book',
  /** A course checkout's heading (D62): it pays for courses, not a book. */
  courseHeading: 'Pay price of the courses',
  succeeded: 'Congrats! Your payment is completed.',
  notConfigured: 'Card payment is not configured.',
} as const;

/** What a line to pay needs for the total: its quantity and the price of one, in cents. */
export type PricedQuantity = { quantity: number; unitPriceCents: number };

/**
 * The amount of a checkout, in cents: the sum of its lines, priced by whoever owns the prices
 * (the server's database, or a test double's). Refuses an empty cart and an amount Stripe would
 * not take. The server and the msw fake both charge through this.
 */
export function checkoutAmountCents(lines: readonly PricedQuantity[]): number {
  if (lines.length === 0) throw new DomainError('invalid', CHECKOUT_MESSAGES.emptyCart);
  const amountCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  if (amountCents < CHECKOUT_LIMITS.minAmountCents) {
    throw new DomainError('invalid', CHECKOUT_MESSAGES.amountTooSmall);
  }
  if (amountCents > CHECKOUT_LIMITS.maxAmountCents) {
    throw new DomainError('invalid', CHECKOUT_MESSAGES.amountTooLarge);
  }
  return amountCents;
}

/** The card page's heading for what it pays: the spec's book text, or the courses' (D62). */
export function paymentHeading(source: PaymentSource | null): string {
  return source === 'courses' ? PAYMENT_TEXTS.courseHeading : PAYMENT_TEXTS.heading;
}

/**
 * A course-cart checkout's lines, in the order asked: each course at most once and one of it
 * ("A course is bought once"), each one known to `lineOf` (which prices it from its owner's
 * course list; undefined for an unknown id).
 */
export function priceCourseItems<Line>(
  items: readonly { _id: string; quantity: number }[],
  lineOf: (courseId: string, quantity: number) => Line | undefined,
): Line[] {
  const seen = new Set<string>();
  return items.map((item) => {
    if (seen.has(item._id)) throw new DomainError('invalid', CHECKOUT_MESSAGES.duplicateCourse);
    seen.add(item._id);
    if (item.quantity > COURSE_QUANTITY) {
      throw new DomainError('invalid', COURSE_MESSAGES.boughtOnce);
    }
    const line = lineOf(item._id, item.quantity);
    if (!line) throw new DomainError('invalid', CHECKOUT_MESSAGES.unknownCourse);
    return line;
  });
}

/**
 * The order number a shopper sees for a checkout: "LT-" and eight characters of its id, upper
 * case (`pay_3f9a1c…` → `LT-3F9A1C07`). The server and the msw fake both name orders this way.
 */
export function orderNumberOf(paymentId: string): string {
  return `LT-${paymentId
    .replace(/^[a-z]+_/, '')
    .slice(0, 8)
    .toUpperCase()}`;
}
