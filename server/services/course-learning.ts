import { randomBytes } from 'node:crypto';
import type { CourseProgress, Lesson, QuizAttemptResult } from '../../contract/courses';
import { COURSE_MESSAGES, coursePercent, gradeQuiz } from '../../contract/course-rules';
import { DomainError } from '../../contract/domain-error';
import type { Queryable } from '../db/client';
import { findLesson, openLessonRow } from '../db/repositories/courses';
import {
  recordQuizAttempt,
  settleProgress,
  writeLessonTick,
} from '../db/repositories/lesson-progress';
import { HttpError } from '../plugins/errors';
import { courseVisibleTo } from './course-pages';
import type { Caller } from '../plugins/auth';

/**
 * The player's side of a course (docs/product.md §2.26–2.27): opening lessons, progress, quizzes,
 * and the certificate issued when the last lesson is complete. The `course-owner` routes reach
 * here only for an owner (contract/access-policy.ts); opening a lesson decides for itself.
 */

async function lessonOf(db: Queryable, courseId: string, lessonId: string) {
  const lesson = await findLesson(db, courseId, lessonId);
  if (!lesson) throw new DomainError('not-found', COURSE_MESSAGES.lessonNotFound);
  return lesson;
}

/**
 * GET /api/courses/:id/lessons/:lessonId: the lesson's content, a quiz without its answers, for
 * its owners and admins, or anyone for a preview lesson. An owner's opening is where the player
 * resumes next time. One query (openLessonRow): the learner's most frequent request.
 */
export async function openLesson(
  db: Queryable,
  courseId: string,
  lessonId: string,
  caller: Caller | null,
): Promise<Lesson> {
  const opening = await openLessonRow(db, courseId, lessonId, caller?.email ?? null);
  if (!opening || !(await courseVisibleTo(opening, caller, () => opening.owned))) {
    throw new DomainError('not-found', COURSE_MESSAGES.notFound);
  }
  const admin = caller?.role === 'admin';
  const { lesson, owned } = opening;
  if (!lesson) throw new DomainError('not-found', COURSE_MESSAGES.lessonNotFound);
  if (!owned && !lesson.preview && !admin) throw new HttpError(403, COURSE_MESSAGES.buyToOpen);

  const { content } = lesson;
  return {
    _id: lesson.id,
    title: lesson.title,
    kind: lesson.kind,
    minutes: lesson.minutes,
    preview: lesson.preview,
    courseId,
    sectionId: lesson.sectionId,
    number: lesson.number,
    markdown: content.markdown,
    videoUrl: content.kind === 'video' ? content.url : null,
    quiz:
      content.kind === 'quiz'
        ? {
            passPercent: content.passPercent,
            questions: content.questions.map((question) => ({
              prompt: question.prompt,
              choices: question.choices,
              multiple: question.answers.length > 1,
            })),
          }
        : null,
    previousLessonId: lesson.previousLessonId,
    nextLessonId: lesson.nextLessonId,
  };
}

/** A certificate's id: 128 random bits, base64url (22 characters). The link is the credential. */
function newCertificateId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * GET /api/courses/:id/progress, and what every progress write answers: the learner's progress,
 * with the certificate issued once every lesson is complete (settleProgress: one statement, run
 * after the write committed, so no lock is needed and a certificate is never issued twice).
 */
export async function courseProgress(
  db: Queryable,
  email: string,
  courseId: string,
): Promise<CourseProgress> {
  const row = await settleProgress(db, email, courseId, newCertificateId());
  return {
    completed: row.completed,
    percent: coursePercent(row.completed.length, row.lessons),
    lastLessonId: row.lastLessonId,
    certificateId: row.certificateId,
  };
}

/**
 * PUT /api/courses/:id/lessons/:lessonId/progress: ticks or unticks a reading or video lesson
 * (idempotent). A quiz is completed only by passing it (409). A certificate stays once issued.
 */
export async function setLessonProgress(
  db: Queryable,
  email: string,
  courseId: string,
  lessonId: string,
  completed: boolean,
): Promise<CourseProgress> {
  const kind = await writeLessonTick(db, { email, courseId, lessonId, completed });
  if (kind === null) throw new DomainError('not-found', COURSE_MESSAGES.lessonNotFound);
  if (kind === 'quiz') throw new DomainError('conflict', COURSE_MESSAGES.quizCompletesByPassing);
  return courseProgress(db, email, courseId);
}

/**
 * POST /api/courses/:id/lessons/:lessonId/attempts: grades the answers on the server, keeps the
 * attempt, and completes the lesson when it passes. A failed attempt never unticks a passed quiz.
 */
export async function attemptQuiz(
  db: Queryable,
  email: string,
  courseId: string,
  lessonId: string,
  answers: number[][],
): Promise<QuizAttemptResult> {
  const { content } = await lessonOf(db, courseId, lessonId);
  if (content.kind !== 'quiz') throw new DomainError('conflict', COURSE_MESSAGES.notAQuiz);
  const fits =
    answers.length === content.questions.length &&
    answers.every((chosen, index) =>
      chosen.every((choice) => choice < (content.questions[index]?.choices.length ?? 0)),
    );
  if (!fits) throw new DomainError('invalid', COURSE_MESSAGES.answersMismatch);
  const result = gradeQuiz(
    content.questions.map((question) => question.answers),
    answers,
    content.passPercent,
  );
  await recordQuizAttempt(db, {
    email,
    courseId,
    lessonId,
    answers,
    score: result.score,
    passed: result.passed,
  });
  // The passed quiz may be the last lesson: issue the certificate now, as a tick would.
  if (result.passed) await courseProgress(db, email, courseId);
  return result;
}
