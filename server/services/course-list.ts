import { z } from 'zod';
import { hasWholeCents, toCents } from '../../contract/money';
// The same file the web app fetches; bundled into the compiled server by scripts/build-server.ts,
// so the price a course is sold at is the price it is shown at.
import courseJson from '../../public/course.json';

/** A course the shop sells, priced in cents. */
export type Course = { id: string; name: string; priceCents: number; image: string };

const courseFileSchema = z.array(
  z.object({
    _id: z.string().min(1),
    name: z.string().min(1),
    price: z.number().positive().refine(hasWholeCents, 'Must be whole cents'),
    image: z.string(),
  }),
);

function loadCourses(raw: unknown): ReadonlyMap<string, Course> {
  const parsed = courseFileSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`public/course.json is not a valid course list: ${parsed.error.message}`);
  }
  const courses = new Map<string, Course>();
  for (const course of parsed.data) {
    if (courses.has(course._id)) throw new Error(`public/course.json repeats ${course._id}`);
    courses.set(course._id, {
      id: course._id,
      name: course.name,
      priceCents: toCents(course.price),
      image: course.image,
    });
  }
  return courses;
}

/** The server's copy of the course list (public/course.json), by course id. */
export const COURSES: ReadonlyMap<string, Course> = loadCourses(courseJson);
