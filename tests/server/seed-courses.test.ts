import { readFileSync } from 'node:fs';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { COURSE_ID_PATTERN } from '../../contract/course-rules';
import {
  courseDraftSchema,
  courseFileSchema,
  lessonContentSchema,
  lessonDraftSchema,
} from '../../contract/courses';
import { SEED_COURSES } from '../../server/db/seed-courses/index';
import type { SeedCourse, SeedLesson } from '../../server/db/seed-courses/seed-course';

// The seed courses' teaching content (issue 31 §2): what the shop sells must be whole, valid and
// render as the player renders it.

const courseFile = courseFileSchema.parse(
  JSON.parse(readFileSync(new URL('../../public/course.json', import.meta.url), 'utf8')),
);

/** The one video we may link to (its notes are ours); any other video link would be invented. */
const EVENT_LOOP_TALK = 'https://www.youtube.com/watch?v=8aGhZQkoFbQ';

// `html: true` so raw HTML is recognised (and reported) rather than escaped as the player does.
const markdownWithHtml = new MarkdownIt({ html: true });

const lessonsOf = (course: SeedCourse): SeedLesson[] =>
  course.sections.flatMap((section) => section.lessons);

const markdownOf = (lesson: SeedLesson): string => {
  const { content } = lesson;
  return content.markdown ?? '';
};

/** The problems of a markdown text's fenced code blocks: unclosed, or without a language. */
function fenceProblems(markdown: string): string[] {
  const problems: string[] = [];
  let open: { marker: string; line: number } | null = null;
  markdown.split('\n').forEach((line, index) => {
    const fence = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
    if (!fence) return;
    const [, marker = '', info = ''] = fence;
    if (open === null) {
      if (info.trim() === '') problems.push(`line ${index + 1}: a fence without a language`);
      open = { marker, line: index + 1 };
    } else if (
      marker[0] === open.marker[0] &&
      marker.length >= open.marker.length &&
      info.trim() === ''
    ) {
      open = null;
    }
  });
  if (open !== null) problems.push(`line ${(open as { line: number }).line}: a fence never closed`);
  return problems;
}

/** The raw HTML of a markdown text, outside code (the player renders with HTML off). */
function rawHtml(markdown: string): string[] {
  return markdownWithHtml
    .parse(markdown, {})
    .flatMap((token) => [token, ...(token.children ?? [])])
    .filter((token) => token.type === 'html_block' || token.type === 'html_inline')
    .map((token) => token.content);
}

/** A text's words as a reader counts them, its code included. */
function words(markdown: string): number {
  return markdown.split(/\s+/).filter((word) => /\w/.test(word)).length;
}

describe('the seed courses', () => {
  it('are the courses of course.json, in its order', () => {
    expect(SEED_COURSES.map((course) => course.id)).toEqual(courseFile.map((entry) => entry._id));
  });

  it('give every section and lesson a unique `<course>-<section>-<lesson>` id', () => {
    const seen = new Set<string>();
    for (const course of SEED_COURSES) {
      course.sections.forEach((section, sectionIndex) => {
        expect(section.id).toMatch(COURSE_ID_PATTERN);
        expect(section.id).toBe(`${course.id}-${sectionIndex + 1}`);
        expect(seen.has(section.id), section.id).toBe(false);
        seen.add(section.id);
        section.lessons.forEach((lesson, lessonIndex) => {
          expect(lesson.id).toMatch(COURSE_ID_PATTERN);
          expect(lesson.id).toBe(`${section.id}-${lessonIndex + 1}`);
          expect(seen.has(lesson.id), lesson.id).toBe(false);
          seen.add(lesson.id);
        });
      });
    }
  });

  describe.each(SEED_COURSES.map((course) => [course.id, course] as const))('%s', (_id, course) => {
    const lessons = lessonsOf(course);

    it('is a course the builder would save', () => {
      const entry = courseFile.find((candidate) => candidate._id === course.id);
      if (!entry) throw new Error(`${course.id} is not in course.json`);
      const draft = courseDraftSchema.safeParse({
        name: entry.name,
        price: entry.price,
        image: entry.image,
        summary: course.summary,
        description: course.description,
        outcomes: course.outcomes,
        sections: course.sections.map((section) => ({
          _id: section.id,
          title: section.title,
          lessons: section.lessons.map((lesson) => ({
            _id: lesson.id,
            title: lesson.title,
            minutes: lesson.minutes,
            preview: lesson.preview ?? false,
            content: lesson.content,
          })),
        })),
      });
      expect(draft.error?.issues).toBeUndefined();
    });

    it('has a one-sentence summary, a description of 2–4 paragraphs and 4–6 outcomes', () => {
      expect(course.summary.length).toBeGreaterThan(20);
      expect(course.summary.length).toBeLessThanOrEqual(300);
      expect(course.summary).not.toContain('\n');
      const paragraphs = course.description.split(/\n\s*\n/);
      expect(paragraphs.length).toBeGreaterThanOrEqual(2);
      expect(paragraphs.length).toBeLessThanOrEqual(4);
      expect(course.outcomes.length).toBeGreaterThanOrEqual(4);
      expect(course.outcomes.length).toBeLessThanOrEqual(6);
    });

    it('has at least 2 sections and 6 lessons, the first one a free preview', () => {
      expect(course.sections.length).toBeGreaterThanOrEqual(2);
      expect(course.sections.every((section) => section.lessons.length > 0)).toBe(true);
      expect(lessons.length).toBeGreaterThanOrEqual(6);
      expect(lessons[0]?.preview).toBe(true);
    });

    it('has lessons whose content parses and whose title and minutes a draft accepts', () => {
      for (const lesson of lessons) {
        const content = lessonContentSchema.safeParse(lesson.content);
        expect(content.error?.issues, lesson.id).toBeUndefined();
        const draft = lessonDraftSchema.safeParse({
          _id: lesson.id,
          title: lesson.title,
          minutes: lesson.minutes,
          preview: lesson.preview ?? false,
          content: lesson.content,
        });
        expect(draft.error?.issues, lesson.id).toBeUndefined();
        expect(lesson.minutes, lesson.id).toBeGreaterThanOrEqual(3);
        // A video lasts what it lasts; a reading or a quiz is short.
        if (lesson.content.kind !== 'video')
          expect(lesson.minutes, lesson.id).toBeLessThanOrEqual(15);
      }
    });

    it('has a quiz of 3–5 questions, single and multiple answers, passing at 60–80%', () => {
      const quizzes = lessons.flatMap((lesson) =>
        lesson.content.kind === 'quiz' ? [lesson.content] : [],
      );
      expect(quizzes.length).toBeGreaterThanOrEqual(1);
      for (const quiz of quizzes) {
        expect(quiz.questions.length).toBeGreaterThanOrEqual(3);
        expect(quiz.questions.length).toBeLessThanOrEqual(5);
        expect(quiz.passPercent).toBeGreaterThanOrEqual(60);
        expect(quiz.passPercent).toBeLessThanOrEqual(80);
        for (const question of quiz.questions) {
          expect(question.answers.length).toBeGreaterThanOrEqual(1);
          for (const answer of question.answers) {
            expect(answer).toBeGreaterThanOrEqual(0);
            expect(answer).toBeLessThan(question.choices.length);
          }
        }
      }
      const answerCounts = quizzes.flatMap((quiz) => quiz.questions.map((q) => q.answers.length));
      expect(answerCounts.some((count) => count === 1)).toBe(true);
      expect(answerCounts.some((count) => count > 1)).toBe(true);
    });

    it('has videos only where we know the link: the event loop talk in c-01', () => {
      const videos = lessons.flatMap((lesson) =>
        lesson.content.kind === 'video' ? [lesson.content.url] : [],
      );
      expect(videos).toEqual(course.id === 'c-01' ? [EVENT_LOOP_TALK] : []);
    });

    it('has reading lessons of 150–450 words, code in closed and tagged fences', () => {
      for (const lesson of lessons) {
        if (lesson.content.kind !== 'reading') continue;
        const count = words(lesson.content.markdown);
        expect(count, lesson.id).toBeGreaterThanOrEqual(150);
        expect(count, lesson.id).toBeLessThanOrEqual(450);
        expect(lesson.content.markdown, lesson.id).toMatch(/^## /m);
      }
      for (const lesson of lessons) {
        expect(fenceProblems(markdownOf(lesson)), lesson.id).toEqual([]);
      }
    });

    it('has no raw HTML outside code, and no template literal left unescaped', () => {
      for (const lesson of lessons) {
        const markdown = markdownOf(lesson);
        expect(rawHtml(markdown), lesson.id).toEqual([]);
        // A `\` before a backtick or `${` is an escape that went one level too far.
        expect(markdown, lesson.id).not.toMatch(/\\`|\\\$\{/);
      }
    });
  });
});

describe('the content checks', () => {
  it('find an unclosed or untagged fence, raw HTML outside code, and count words', () => {
    expect(fenceProblems('~~~js\nconst a = 1;\n~~~')).toEqual([]);
    expect(fenceProblems('```js\nconst a = 1;\n')).toEqual(['line 1: a fence never closed']);
    expect(fenceProblems('```\nx\n```')).toEqual(['line 1: a fence without a language']);
    expect(rawHtml('Some <b>bold</b> text')).toEqual(['<b>', '</b>']);
    expect(rawHtml('<div>\nblock\n</div>')).not.toEqual([]);
    expect(rawHtml('Code `<div>` and\n\n~~~html\n<p>hi</p>\n~~~')).toEqual([]);
    expect(words('one two\n~~~js\nconst a = 1;\n~~~\n—')).toBe(6);
  });
});
