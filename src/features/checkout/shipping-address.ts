import { shippingAddressSchema, type ShippingAddress } from '@contract/payments';

/** The saved address if the contract still accepts it (stored data may be old or edited), else null. */
export function usableAddress(saved: ShippingAddress | null): ShippingAddress | null {
  return saved && shippingAddressSchema.safeParse(saved).success ? saved : null;
}
