// Zod-free, so the web app may import these as values.

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
} as const;

/** Texts the card-payment screen shows (docs/product.md §2, §4). */
export const PAYMENT_TEXTS = {
  heading: 'Pay price of the book',
  succeeded: 'Congrats! Your payment is completed.',
  notConfigured: 'Card payment is not configured.',
} as const;
