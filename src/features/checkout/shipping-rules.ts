import { CHECKOUT_LIMITS, SHIPPING_COUNTRIES } from '@contract/checkout-rules';
import type { ShippingAddress } from '@contract/payments';

// The shipping address's rules (contract/payments.ts's schema, without zod), for the checkout
// screens. Not in the app chunk: the store's persistence only checks the shape.

/** contract/email.ts's limit (RFC 5321), repeated here because that module brings zod. */
export const MAX_EMAIL_LENGTH = 254;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const text = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.trim() !== '' && value.trim().length <= max;

/** Whether `value` is an address the API accepts (the server checks it again). */
export function isShippingAddress(value: unknown): value is ShippingAddress {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const fields = value as Record<string, unknown>;
  const keys = Object.keys(fields).sort().join();
  return (
    keys === 'address,city,country,email,firstName,lastName,postalCode,state' &&
    text(fields.firstName, CHECKOUT_LIMITS.maxNameLength) &&
    text(fields.lastName, CHECKOUT_LIMITS.maxNameLength) &&
    text(fields.email, MAX_EMAIL_LENGTH) &&
    EMAIL.test(fields.email) &&
    SHIPPING_COUNTRIES.some((country) => country === fields.country) &&
    text(fields.address, CHECKOUT_LIMITS.maxAddressLength) &&
    text(fields.city, CHECKOUT_LIMITS.maxCityLength) &&
    text(fields.state, CHECKOUT_LIMITS.maxStateLength) &&
    text(fields.postalCode, CHECKOUT_LIMITS.maxPostalCodeLength)
  );
}

/** The saved address if it is still valid (stored data may be old or edited), else null. */
export function usableAddress(saved: ShippingAddress | null): ShippingAddress | null {
  return saved && isShippingAddress(saved) ? saved : null;
}
