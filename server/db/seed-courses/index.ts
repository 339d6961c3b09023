import type { SeedCourse } from './seed-course';

/** The seed courses' teaching content, in public/course.json's order (filled by the content). */
export const SEED_COURSES: readonly SeedCourse[] = [];
