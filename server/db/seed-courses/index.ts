import { course as c01 } from './c-01';
import { course as c02 } from './c-02';
import { course as c03 } from './c-03';
import { course as c04 } from './c-04';
import { course as c05 } from './c-05';
import { course as c06 } from './c-06';
import { course as c07 } from './c-07';
import { course as c08 } from './c-08';
import { course as c09 } from './c-09';
import { course as c10 } from './c-10';
import { course as c11 } from './c-11';
import { course as c12 } from './c-12';
import type { SeedCourse } from './seed-course';

/** The teaching content of course.json's courses, in its order (issue 31 §2). */
export const SEED_COURSES: readonly SeedCourse[] = [
  c01,
  c02,
  c03,
  c04,
  c05,
  c06,
  c07,
  c08,
  c09,
  c10,
  c11,
  c12,
];
