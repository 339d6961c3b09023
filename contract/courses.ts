import { z } from 'zod';

/**
 * A course the caller owns (docs/product.md §2.20 My Courses): a course bought by a card payment
 * that succeeded, once, however often it was bought. `image` is null for a course no longer in
 * course.json.
 */
export const ownedCourseSchema = z.object({
  courseId: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  /** When the first payment for it succeeded (ISO 8601). */
  boughtAt: z.string(),
});

/** GET /courses/owned: newest purchase first. */
export const ownedCourseListSchema = z.array(ownedCourseSchema);

export type OwnedCourse = z.infer<typeof ownedCourseSchema>;
