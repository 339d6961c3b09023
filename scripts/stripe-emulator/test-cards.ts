// Stripe's documented test cards that the emulator knows (https://docs.stripe.com/testing), in one
// table for the emulator, its tests and the README. Any other number that passes the Luhn check
// succeeds, as in Stripe's test mode.
import type { CardBrand } from './card-number';

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

export const testCards: readonly TestCard[] = [
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
