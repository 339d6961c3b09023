import { randomBytes } from 'node:crypto';
import type { CourseProgress, Lesson, QuizAttemptResult } from '../../contract/courses';
import { COURSE_MESSAGES, coursePercent, gradeQuiz } from '../../contract/course-rules';
import { DomainError } from '../../contract/domain-error';
import type { Db, Queryable } from '../db/client';
import { certificateIdOf, issueCertificateOnce } from '../db/repositories/certificates';
import { courseOutline, findLesson } from '../db/repositories/courses';
import {
  completedLessonIds,
  insertQuizAttempt,
  lastLessonId,
  lockEnrolment,
  markLessonComplete,
  markLessonIncomplete,
  recordLastLesson,
} from '../db/repositories/lesson-progress';
import { ownsCourse } from '../db/repositories/owned-courses';
import { HttpError } from '../plugins/errors';
import type { Caller } from '../plugins/auth';
import { visibleCourse } from './course-pages';

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
 * resumes next time.
 */
export async function openLesson(
  db: Queryable,
  courseId: string,
  lessonId: string,
  caller: Caller | null,
): Promise<Lesson> {
  await visibleCourse(db, courseId, caller);
  const lesson = await lessonOf(db, courseId, lessonId);
  const owner = caller !== null && (await ownsCourse(db, caller.email, courseId));
  if (!owner && !lesson.preview && caller?.role !== 'admin') {
    throw new HttpError(403, COURSE_MESSAGES.buyToOpen);
  }
  if (owner && caller) await recordLastLesson(db, caller.email, courseId, lessonId);

  const { lessons } = await courseOutline(db, courseId);
  const index = lessons.findIndex((entry) => entry.id === lessonId);
  const { content } = lesson;
  return {
    _id: lesson.id,
    title: lesson.title,
    kind: lesson.kind,
    minutes: lesson.minutes,
    preview: lesson.preview,
    courseId,
    sectionId: lesson.sectionId,
    number: index + 1,
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
    previousLessonId: lessons[index - 1]?.id ?? null,
    nextLessonId: lessons[index + 1]?.id ?? null,
  };
}

/** The learner's progress in the course, as every progress route answers it. */
export async function courseProgress(
  db: Queryable,
  email: string,
  courseId: string,
): Promise<CourseProgress> {
  const [completed, { lessons }, lastLesson, certificateId] = await Promise.all([
    completedLessonIds(db, email, courseId),
    courseOutline(db, courseId),
    lastLessonId(db, email, courseId),
    certificateIdOf(db, email, courseId),
  ]);
  return {
    completed,
    percent: coursePercent(completed.length, lessons.length),
    lastLessonId: lastLesson,
    certificateId,
  };
}

/** A certificate's id: 128 random bits, base64url (22 characters). The link is the credential. */
function newCertificateId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * Completes a lesson in the caller's transaction, and issues the certificate when that makes
 * every lesson of the course complete (once: a certificate is never issued twice).
 */
async function completeLesson(
  tx: Queryable,
  email: string,
  courseId: string,
  lessonId: string,
): Promise<void> {
  await markLessonComplete(tx, email, courseId, lessonId);
  // One after the other: the transaction's connection runs one query at a time.
  const completed = await completedLessonIds(tx, email, courseId);
  const { lessons } = await courseOutline(tx, courseId);
  if (lessons.length > 0 && completed.length >= lessons.length) {
    await issueCertificateOnce(tx, { id: newCertificateId(), email, courseId });
  }
}

/**
 * PUT /api/courses/:id/lessons/:lessonId/progress: ticks or unticks a reading or video lesson
 * (idempotent). A quiz is completed only by passing it (409). A certificate stays once issued.
 */
export async function setLessonProgress(
  db: Db,
  email: string,
  courseId: string,
  lessonId: string,
  completed: boolean,
): Promise<CourseProgress> {
  const lesson = await lessonOf(db, courseId, lessonId);
  if (lesson.kind === 'quiz') {
    throw new DomainError('conflict', COURSE_MESSAGES.quizCompletesByPassing);
  }
  await db.transaction(async (tx) => {
    await lockEnrolment(tx, email, courseId);
    if (completed) await completeLesson(tx, email, courseId, lessonId);
    else await markLessonIncomplete(tx, email, lessonId);
  });
  return courseProgress(db, email, courseId);
}

/**
 * POST /api/courses/:id/lessons/:lessonId/attempts: grades the answers on the server, keeps the
 * attempt, and completes the lesson when it passes. A failed attempt never unticks a passed quiz.
 */
export async function attemptQuiz(
  db: Db,
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
  await db.transaction(async (tx) => {
    await lockEnrolment(tx, email, courseId);
    await insertQuizAttempt(tx, {
      email,
      courseId,
      lessonId,
      answers,
      score: result.score,
      passed: result.passed,
    });
    if (result.passed) await completeLesson(tx, email, courseId, lessonId);
  });
  return result;
}
