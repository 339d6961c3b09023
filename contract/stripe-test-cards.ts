// Stripe's test mode in one module: its documented test cards and their outcomes
// (https://docs.stripe.com/testing), the card-number rules (brands, Luhn, lengths, expiry) and the
// card field's own validation messages — for the Stripe emulator (scripts/stripe-emulator/), the
// one Stripe.js fake (src/testing/stripe/), msw's Stripe handlers and the README. Any other number
// that passes the Luhn check succeeds, as in Stripe's test mode. No product code imports it.

export type CardBrand =
  'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

export function passesLuhn(number: string): boolean {
  if (!/^\d+$/.test(number)) return false;
  let sum = 0;
  for (let index = 0; index < number.length; index += 1) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): CardBrand {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|64[4-9]|65)/.test(number)) return 'discover';
  if (/^3(0[0-5]|[689])/.test(number)) return 'diners';
  if (/^35/.test(number)) return 'jcb';
  if (/^62/.test(number)) return 'unionpay';
  return 'unknown';
}

/** How many digits a complete number of this brand has. */
export function cardNumberLength(brand: CardBrand): number {
  if (brand === 'amex') return 15;
  if (brand === 'diners') return 14;
  return 16;
}

/** American Express has a 4-digit security code, every other brand 3. */
export function cvcLength(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

/** True when the card's last valid month (exp_month/exp_year) ended before `now`. */
export function isExpired(expMonth: number, expYear: number, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expYear < year || (expYear === year && expMonth < month);
}

/** A two-digit year means 20YY, as on the card itself. */
export function fullYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

/** The card field's messages, as Stripe.js shows them. */
export const validationMessages = {
  incomplete_number: 'Your card number is incomplete.',
  invalid_number: 'Your card number is invalid.',
  incomplete_expiry: "Your card's expiration date is incomplete.",
  invalid_expiry_month: "Your card's expiration month is invalid.",
  invalid_expiry_year_past: "Your card's expiration year is in the past.",
  invalid_expiry_month_past: "Your card's expiration date is in the past.",
  incomplete_cvc: "Your card's security code is incomplete.",
  incomplete_zip: 'Your postal code is incomplete.',
} as const;

/** A charge attempt's result. `param` names the card field the decline is about, as Stripe does. */
export type ChargeOutcome =
  | { result: 'succeeded' }
  | {
      result: 'declined';
      code: 'card_declined' | 'expired_card' | 'incorrect_cvc';
      declineCode: string;
      message: string;
      param?: 'exp_month' | 'cvc';
    };

export type TestCard = {
  /** The number to type into the card field. */
  number: string;
  brand: CardBrand;
  /** Stripe's test PaymentMethod with the same behaviour, for server-side confirms. */
  paymentMethod: string;
  outcome: ChargeOutcome;
};

export const cardMessages = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  incorrectNumber: 'Your card number is incorrect.',
  invalidExpiryMonth: "Your card's expiration month is invalid.",
  invalidExpiryYear: "Your card's expiration year is invalid.",
} as const;

const succeeded: ChargeOutcome = { result: 'succeeded' };

const testCards: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'visa', paymentMethod: 'pm_card_visa', outcome: succeeded },
  {
    number: '5555555555554444',
    brand: 'mastercard',
    paymentMethod: 'pm_card_mastercard',
    outcome: succeeded,
  },
  { number: '378282246310005', brand: 'amex', paymentMethod: 'pm_card_amex', outcome: succeeded },
  {
    number: '4000000000000002',
    brand: 'visa',
    paymentMethod: 'pm_card_chargeDeclined',
    outcome: {
      result: 'declined',
      code: 'card_declined',
      declineCode: 'generic_decline',
      message: cardMessages.declined,
    },
  },
  {
    number: '4000000000009995',
    brand: 'visa',
    paymentMethod: 'pm_card_chargeDeclinedInsufficientFunds',
    outcome: {
      result: 'declined',
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: cardMessages.insufficientFunds,
    },
  },
  {
    number: '4000000000000069',
    brand: 'visa',
    paymentMethod: 'pm_card_chargeDeclinedExpiredCard',
    outcome: {
      result: 'declined',
      code: 'expired_card',
      declineCode: 'expired_card',
      message: cardMessages.expired,
      param: 'exp_month',
    },
  },
  {
    number: '4000000000000127',
    brand: 'visa',
    paymentMethod: 'pm_card_chargeDeclinedIncorrectCvc',
    outcome: {
      result: 'declined',
      code: 'incorrect_cvc',
      declineCode: 'incorrect_cvc',
      message: cardMessages.incorrectCvc,
      param: 'cvc',
    },
  },
];

/** What charging this (valid) number does: the table's outcome, or success for any other number. */
export function chargeOutcomeFor(number: string): ChargeOutcome {
  return testCards.find((card) => card.number === number)?.outcome ?? succeeded;
}

export function testCardForPaymentMethod(id: string): TestCard | undefined {
  return testCards.find((card) => card.paymentMethod === id);
}
