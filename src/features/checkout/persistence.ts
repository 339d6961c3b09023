import {
  CHECKOUT_LIMITS,
  PAYMENT_SOURCES,
  SHIPPING_COUNTRIES,
  type PaymentSource,
} from '@contract/checkout-rules';
import type { ShippingAddress } from '@contract/payments';
import { initialCheckoutState, type CheckoutState } from './checkout-slice';

// The checkout (which cart, its total, the shipping address) survives a reload, like the course
// cart. Checked by hand: zod stays out of the app chunk. The server checks the address again.
const KEY = 'checkout';

/** contract/email.ts's limit (RFC 5321), repeated here because that module brings zod. */
export const MAX_EMAIL_LENGTH = 254;

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.trim() !== '' && value.trim().length <= max;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isSource(value: unknown): value is PaymentSource {
  return PAYMENT_SOURCES.some((source) => source === value);
}

export function isShippingAddress(value: unknown): value is ShippingAddress {
  if (!isObject(value)) return false;
  const keys = Object.keys(value).sort().join();
  return (
    keys === 'address,city,country,email,firstName,lastName,postalCode,state' &&
    text(value.firstName, CHECKOUT_LIMITS.maxNameLength) &&
    text(value.lastName, CHECKOUT_LIMITS.maxNameLength) &&
    text(value.email, MAX_EMAIL_LENGTH) &&
    EMAIL.test(value.email) &&
    SHIPPING_COUNTRIES.some((country) => country === value.country) &&
    text(value.address, CHECKOUT_LIMITS.maxAddressLength) &&
    text(value.city, CHECKOUT_LIMITS.maxCityLength) &&
    text(value.state, CHECKOUT_LIMITS.maxStateLength) &&
    text(value.postalCode, CHECKOUT_LIMITS.maxPostalCodeLength)
  );
}

/** Reads the saved checkout; each damaged or foreign part is dropped, never an error. */
export function loadCheckout(storage: Storage = localStorage): CheckoutState {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? 'null');
    if (!isObject(parsed)) return initialCheckoutState;
    const source = isSource(parsed.source) ? parsed.source : null;
    const total = parsed.totalCents;
    return {
      source,
      totalCents:
        source !== null && typeof total === 'number' && Number.isSafeInteger(total) && total > 0
          ? total
          : 0,
      shipping: isShippingAddress(parsed.shipping) ? parsed.shipping : null,
    };
  } catch {
    // Unreadable storage or invalid JSON: nothing stored.
    return initialCheckoutState;
  }
}

export function saveCheckout(state: CheckoutState, storage: Storage = localStorage): void {
  try {
    if (state.source === null && state.shipping === null) storage.removeItem(KEY);
    else storage.setItem(KEY, JSON.stringify(state));
  } catch {
    // Quota exceeded or storage disabled: the checkout still works until the next reload.
  }
}
