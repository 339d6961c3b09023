import { z } from 'zod';
import { lessonContentSchema } from '../../contract/courses';
import { hasWholeCents, toCents } from '../../contract/money';
// The twelve courses the shop opened with; bundled into the compiled server.
import courseJson from '../../public/course.json';
import type { Queryable } from './client';
import { SEED_COURSES } from './seed-courses';

const courseFileSchema = z.array(
  z.object({
    _id: z.string().min(1),
    name: z.string().min(1),
    price: z.number().positive().refine(hasWholeCents, 'Must be whole cents'),
    image: z.string(),
  }),
);

/**
 * Adds each seed course (public/course.json, with its teaching content from
 * server/db/seed-courses/) that the database has never had, published, with its sections and
 * lessons. A course already there, or removed by an admin (a removal keeps the row), is left as
 * it is: the admin's edits win. `on conflict` covers processes seeding at once.
 * Returns how many courses were added.
 */
export async function seedCourses(tx: Queryable): Promise<number> {
  const parsed = courseFileSchema.safeParse(courseJson);
  if (!parsed.success) {
    throw new Error(`public/course.json is not a valid course list: ${parsed.error.message}`);
  }
  const content = new Map(SEED_COURSES.map((course) => [course.id, course]));
  let added = 0;
  for (const [position, course] of parsed.data.entries()) {
    const seed = content.get(course._id);
    const inserted = await tx.query<{ id: string }>(
      `insert into courses (id, name, price_cents, image, summary, description, outcomes, published, position)
       values ($1, $2, $3, $4, $5, $6, $7::jsonb, true, $8)
       on conflict (id) do nothing
       returning id`,
      [
        course._id,
        course.name,
        toCents(course.price),
        course.image,
        seed?.summary ?? '',
        seed?.description ?? '',
        JSON.stringify(seed?.outcomes ?? []),
        position,
      ],
    );
    if (inserted.length === 0 || !seed) continue;
    added++;
    for (const [sectionPosition, section] of seed.sections.entries()) {
      await tx.query(
        `insert into course_sections (id, course_id, title, position) values ($1, $2, $3, $4)`,
        [section.id, course._id, section.title, sectionPosition],
      );
      for (const [lessonPosition, lesson] of section.lessons.entries()) {
        const lessonContent = lessonContentSchema.parse(lesson.content);
        await tx.query(
          `insert into course_lessons (id, course_id, section_id, title, kind, minutes, preview, position, content)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb)`,
          [
            lesson.id,
            course._id,
            section.id,
            lesson.title,
            lessonContent.kind,
            lesson.minutes,
            lesson.preview ?? false,
            lessonPosition,
            JSON.stringify(lessonContent),
          ],
        );
      }
    }
  }
  return added;
}
