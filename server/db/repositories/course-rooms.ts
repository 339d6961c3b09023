import type { Queryable } from '../client';

// What a course's study room (docs/decisions.md D61) reads of the courses: that the course exists,
// and a lesson's number and title for the presence label (never the client's word for them).

/** Whether the course exists (a removed course's room stays open to those who bought it). */
export async function courseExists(db: Queryable, courseId: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>('select id from courses where id = $1', [courseId]);
  return rows.length > 0;
}

/**
 * A lesson of the course, numbered as the player numbers it: 1, 2, 3… through the sections in
 * order. Undefined when the course has no such lesson.
 */
export async function courseLessonLabel(
  db: Queryable,
  courseId: string,
  lessonId: string,
): Promise<{ number: number; title: string } | undefined> {
  const [row] = await db.query<{ number: number | string; title: string }>(
    `select numbered.number, numbered.title from (
       select l.id, l.title,
              row_number() over (order by s.position, l.position, l.id) as number
       from course_lessons l join course_sections s on s.id = l.section_id
       where l.course_id = $1
     ) numbered
     where numbered.id = $2`,
    [courseId, lessonId],
  );
  return row ? { number: Number(row.number), title: row.title } : undefined;
}
