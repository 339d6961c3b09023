import type { Queryable } from '../db/client';
import { cartLineOwner } from '../db/repositories/carts';
import { orderOwner } from '../db/repositories/orders';
import { paymentOwner } from '../db/repositories/payments';
import type { OwnedResource } from './access-policy';

/** The address of the user who owns the resource with this id; null when there is none. */
export type OwnerLookup = (db: Queryable, id: string) => Promise<string | null>;

/**
 * Who owns each resource that an owner policy (contract/access-policy.ts) guards: the one place
 * the auth plugin asks. Typed by the contract, so a new owned resource does not compile without
 * its lookup here.
 */
export const RESOURCE_OWNERS: Readonly<Record<OwnedResource, OwnerLookup>> = {
  'cart-line': cartLineOwner,
  order: orderOwner,
  payment: paymentOwner,
};
