import type { PaymentSource } from '@contract/checkout-rules';
import type { ShippingAddress } from '@contract/payments';
import { initialCheckoutState, type CheckoutState } from './checkout-state';

// The checkout (which cart, its total, the shipping address) survives a reload, like the course
// cart. Only the shape is checked here, by hand: this loads with the checkout's slice, so neither
// zod nor the checkout rules come along. The checkout screens check the address with the contract's
// schema (shipping-address.ts) and the server checks it again.
const KEY = 'checkout';

const SOURCES = ['books', 'courses'] as const satisfies readonly PaymentSource[];
const ADDRESS_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'country',
  'address',
  'city',
  'state',
  'postalCode',
] as const satisfies readonly (keyof ShippingAddress)[];
/** Longer than any field the API accepts. */
const MAX_FIELD_LENGTH = 254;

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isSource(value: unknown): value is PaymentSource {
  return SOURCES.some((source) => source === value);
}

function isAddressShaped(value: unknown): value is ShippingAddress {
  return (
    isObject(value) &&
    Object.keys(value).length === ADDRESS_FIELDS.length &&
    ADDRESS_FIELDS.every((field) => {
      const text = value[field];
      return typeof text === 'string' && text.trim() !== '' && text.length <= MAX_FIELD_LENGTH;
    })
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
      shipping: isAddressShaped(parsed.shipping) ? parsed.shipping : null,
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
