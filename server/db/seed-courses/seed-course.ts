import type { z } from 'zod';
import type { lessonContentSchema } from '../../../contract/courses';

/**
 * A seed course's teaching content (issue 31 §2). Its name, price and image are public/course.json's;
 * the seed adds the rest. Ids are stable (they are in learners' progress and URLs): a lesson's id
 * is `<course>-<section>-<lesson>`, e.g. `c-03-2-1`.
 */
export type SeedLesson = {
  id: string;
  title: string;
  minutes: number;
  /** Open to anyone, bought or not. */
  preview?: boolean;
  content: z.input<typeof lessonContentSchema>;
};

export type SeedSection = { id: string; title: string; lessons: readonly SeedLesson[] };

export type SeedCourse = {
  /** course.json's `_id`. */
  id: string;
  summary: string;
  description: string;
  outcomes: readonly string[];
  sections: readonly SeedSection[];
};

type SeedQuiz = Omit<Extract<SeedLesson['content'], { kind: 'quiz' }>, 'kind'>;

/** A quiz lesson (never a preview), its lesson's and its quiz's fields written as one. */
export function quizLesson({
  id,
  title,
  minutes,
  ...quiz
}: Omit<SeedLesson, 'preview' | 'content'> & SeedQuiz): SeedLesson {
  return { id, title, minutes, content: { kind: 'quiz', ...quiz } };
}
