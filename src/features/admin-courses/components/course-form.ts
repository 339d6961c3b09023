import type { z } from 'zod';
import type { AdminCourse, courseDraftSchema, LessonContent } from '@contract/courses';
import type { LessonKind } from '@contract/course-rules';

/** The builder's form: the contract's draft as typed (the resolver gives the parsed draft). */
export type CourseForm = z.input<typeof courseDraftSchema>;

/** A new course: nothing but one empty section to start from. */
export const emptyCourse: CourseForm = {
  name: '',
  price: 19.99,
  image: '',
  summary: '',
  description: '',
  outcomes: [],
  sections: [{ title: 'Getting started', lessons: [] }],
};

/** The form's values of a stored course (its id, and whether it is published, stay outside). */
export function formOf(course: AdminCourse): CourseForm {
  const { _id: _id, published: _published, ...draft } = course;
  return draft;
}

/** A new lesson's content, by kind: a quiz starts with one question of two choices. */
export function newContent(kind: LessonKind): LessonContent {
  switch (kind) {
    case 'reading':
      return { kind, markdown: '' };
    case 'video':
      return { kind, url: '', markdown: '' };
    case 'quiz':
      return {
        kind,
        passPercent: 70,
        markdown: '',
        questions: [{ prompt: '', choices: ['', ''], answers: [0] }],
      };
  }
}

export const KIND_LABELS: Record<LessonKind, string> = {
  reading: 'Reading',
  video: 'Video',
  quiz: 'Quiz',
};
