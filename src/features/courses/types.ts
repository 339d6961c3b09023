import type { CourseSummary } from '@contract/courses';

/** A course as `GET /api/courses` lists it (docs/product.md §2.5); price in dollars. */
export type Course = CourseSummary;
