import type { LessonContent } from '../../../contract/courses';
import type { Queryable } from '../../../server/db/client';

/**
 * A course of the tests' own, written straight into the tables (the seed's teaching content is
 * another's work and may change): two sections, four lessons — a preview reading, a video, a
 * quiz of two questions (the second with two right choices; 50% passes), and a reading.
 */
export type TestCourse = {
  id: string;
  name: string;
  price: number;
  lessons: { preview: string; video: string; quiz: string; reading: string };
  /** Every lesson, in the course's order. */
  order: string[];
};

/** The quiz's right answers, and a set of answers that gets only the first right (50%). */
export const TEST_QUIZ = {
  right: [[1], [0, 2]],
  half: [[1], [0]],
  wrong: [[0], [1]],
};

export async function insertTestCourse(
  db: Queryable,
  options: { id: string; name?: string; price?: number; published?: boolean; position?: number },
): Promise<TestCourse> {
  const { id } = options;
  const name = options.name ?? `Test course ${id}`;
  const price = options.price ?? 49.99;
  await db.query(
    `insert into courses (id, name, price_cents, image, summary, description, outcomes, published, position)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9)`,
    [
      id,
      name,
      Math.round(price * 100),
      `/images/courses/${id}.svg`,
      'A short course for the tests.',
      'What this course teaches, at length.',
      JSON.stringify(['Read a lesson', 'Pass a quiz']),
      options.published ?? true,
      options.position ?? 100,
    ],
  );
  const sections = [`${id}-s1`, `${id}-s2`];
  await db.query(
    `insert into course_sections (id, course_id, title, position)
     values ($1, $3, 'Basics', 0), ($2, $3, 'Practice', 1)`,
    [sections[0], sections[1], id],
  );
  const lessons = {
    preview: `${id}-intro`,
    video: `${id}-video`,
    quiz: `${id}-quiz`,
    reading: `${id}-wrap-up`,
  };
  const rows: Array<[string, string, string, number, boolean, number, LessonContent]> = [
    [lessons.preview, `${id}-s1`, 'Welcome', 5, true, 0, { kind: 'reading', markdown: '# Hello' }],
    [
      lessons.video,
      `${id}-s1`,
      'Watch this',
      10,
      false,
      1,
      { kind: 'video', url: 'https://youtu.be/dQw4w9WgXcQ', markdown: 'Notes' },
    ],
    [
      lessons.quiz,
      `${id}-s2`,
      'Check yourself',
      4,
      false,
      0,
      {
        kind: 'quiz',
        passPercent: 50,
        markdown: '',
        questions: [
          { prompt: 'One right choice', choices: ['a', 'b', 'c'], answers: [1] },
          { prompt: 'Two right choices', choices: ['x', 'y', 'z'], answers: [0, 2] },
        ],
      },
    ],
    [lessons.reading, `${id}-s2`, 'Wrap up', 7, false, 1, { kind: 'reading', markdown: 'Done.' }],
  ];
  for (const [lessonId, sectionId, title, minutes, preview, position, content] of rows) {
    await db.query(
      `insert into course_lessons (id, course_id, section_id, title, kind, minutes, preview, position, content)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb)`,
      [
        lessonId,
        id,
        sectionId,
        title,
        content.kind,
        minutes,
        preview,
        position,
        JSON.stringify(content),
      ],
    );
  }
  return {
    id,
    name,
    price,
    lessons,
    order: [lessons.preview, lessons.video, lessons.quiz, lessons.reading],
  };
}
