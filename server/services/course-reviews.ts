import type { Review, ReviewPage } from '../../contract/courses';
import { COURSE_LIMITS, COURSE_MESSAGES } from '../../contract/course-rules';
import { DomainError } from '../../contract/domain-error';
import type { Db, Queryable } from '../db/client';
import { recordAudit } from '../db/repositories/audit-log';
import {
  findReview,
  listVisibleReviews,
  setReviewHidden,
  upsertReview,
} from '../db/repositories/course-reviews';
import { courseRating } from '../db/repositories/courses';
import { hasCompletedALesson } from '../db/repositories/lesson-progress';
import { HttpError } from '../plugins/errors';
import type { Caller } from '../plugins/auth';
import { visibleCourse } from './course-pages';

/** Ratings and reviews of a course (docs/product.md §2.28). */

/** GET /api/courses/:id/reviews: a page of visible reviews, newest first, and the rating. */
export async function reviewPage(
  db: Queryable,
  courseId: string,
  page: number,
  caller: Caller | null,
): Promise<ReviewPage> {
  await visibleCourse(db, courseId, caller);
  const pageSize = COURSE_LIMITS.reviewsPageSize;
  const { reviews, total } = await listVisibleReviews(db, courseId, {
    page,
    pageSize,
    callerEmail: caller?.email ?? null,
  });
  return {
    reviews,
    page,
    pages: Math.max(1, Math.ceil(total / pageSize)),
    total,
    rating: await courseRating(db, courseId),
  };
}

/**
 * POST /api/courses/:id/reviews (an owner): writes the caller's one review of the course, once
 * they have completed a lesson of it.
 */
export async function writeReview(
  db: Db,
  email: string,
  courseId: string,
  body: { rating: number; text: string },
): Promise<{ review: Review; created: boolean }> {
  if (!(await hasCompletedALesson(db, email, courseId))) {
    throw new HttpError(403, COURSE_MESSAGES.reviewNeedsProgress);
  }
  return db.transaction((tx) => upsertReview(tx, { email, courseId, ...body }));
}

/** PATCH /api/admin/course-reviews/:id: hides or shows a review, audited in one transaction. */
export async function hideReview(
  db: Db,
  admin: Caller,
  reviewId: string,
  hidden: boolean,
): Promise<Review> {
  return db.transaction(async (tx) => {
    if (!(await setReviewHidden(tx, reviewId, hidden, admin.email))) {
      throw new DomainError('not-found', COURSE_MESSAGES.reviewNotFound);
    }
    await recordAudit(tx, {
      actorEmail: admin.email,
      action: hidden ? 'course.review.hide' : 'course.review.show',
      subjectId: `course-review:${reviewId}`,
      changes: { hidden },
    });
    const review = await findReview(tx, reviewId, admin.email);
    if (!review) throw new DomainError('not-found', COURSE_MESSAGES.reviewNotFound);
    return review;
  });
}
