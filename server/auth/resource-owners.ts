import type { Queryable } from '../db/client';
import { cartLineOwner } from '../db/repositories/carts';
import { findCourseState } from '../db/repositories/courses';
import { orderOwner } from '../db/repositories/orders';
import { paymentOwner } from '../db/repositories/payments';
import type { CourseAccess, OwnedResource } from './access-policy';

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

/**
 * The `course-owner` policy's one question: where `email` stands with course `courseId`. An
 * owner keeps a course an admin unpublished or removed (what was bought stays bought); anyone
 * else sees such a course as missing, and a course on sale as one to buy.
 */
export async function courseAccess(
  db: Queryable,
  email: string,
  courseId: string,
): Promise<CourseAccess> {
  const course = await findCourseState(db, courseId, email);
  if (!course) return 'missing';
  if (course.owned) return 'owned';
  return course.listed ? 'for-sale' : 'missing';
}
