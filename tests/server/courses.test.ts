// Both databases: the certificate is issued once when the last two lessons complete at once.
// (scripts/test.ts runs this file on PGlite and PostgreSQL.)
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_MESSAGES } from '../../contract/course-rules';
import {
  certificateSchema,
  courseDetailSchema,
  courseFileSchema,
  courseProgressSchema,
  courseSummaryListSchema,
  lessonSchema,
  ownedCourseListSchema,
  quizAttemptResultSchema,
  reviewPageSchema,
  reviewSchema,
  type CourseProgress,
} from '../../contract/courses';
import { CHECKOUT_MESSAGES } from '../../contract/checkout-rules';
import { listAudit } from '../../server/db/repositories/audit-log';
import { CERTIFICATE_PAGE, certificateDate } from '../../server/services/course-certificate-pdf';
import { bearer, buildAccountsApp, signIn, type SignedIn } from './helpers/accounts';
import { expectError } from './helpers/api-error';
import type { TestApp } from './helpers/build-test-app';
import { insertTestCourse, TEST_QUIZ, type TestCourse } from './helpers/courses';
import { uniqueEmail } from './helpers/firebase-emulator';
import { askForIntent, buyCourses, createTestGateway, type TestGateway } from './helpers/payments';

describe('taking a course (issue 31): the course API', () => {
  const adminEmail = uniqueEmail('courses-admin');
  let t: TestApp;
  let gateway: TestGateway;
  let admin: SignedIn;
  let course: TestCourse;
  let draft: TestCourse;
  let other: TestCourse;

  beforeAll(async () => {
    gateway = createTestGateway();
    t = await buildAccountsApp({ adminEmails: [adminEmail], paymentGateway: gateway });
    course = await insertTestCourse(t.db, { id: 't-course', name: 'Testing Things', position: 50 });
    draft = await insertTestCourse(t.db, { id: 't-draft', published: false });
    other = await insertTestCourse(t.db, { id: 't-other', position: 51 });
    admin = await signIn(t.app, adminEmail);
  });
  afterAll(async () => {
    await t.close();
  });

  type Call = { method?: 'GET' | 'POST' | 'PUT' | 'PATCH'; payload?: object };
  const call = (url: string, who: SignedIn | null, options: Call = {}) =>
    t.app.inject({
      method: options.method ?? 'GET',
      url,
      headers: who ? bearer(who.accessToken) : {},
      ...(options.payload ? { payload: options.payload } : {}),
    });
  const lessonUrl = (lessonId: string, courseId = course.id) =>
    `/api/courses/${courseId}/lessons/${lessonId}`;
  const progress = (who: SignedIn, lessonId: string, completed: boolean, courseId = course.id) =>
    call(`${lessonUrl(lessonId, courseId)}/progress`, who, {
      method: 'PUT',
      payload: { completed },
    });
  const attempt = (who: SignedIn, answers: number[][], lessonId = course.lessons.quiz) =>
    call(`${lessonUrl(lessonId)}/attempts`, who, { method: 'POST', payload: { answers } });
  async function ok<T>(res: LightMyRequestResponse, parse: (value: unknown) => T): Promise<T> {
    expect(res.statusCode, res.body).toBe(200);
    return parse(res.json());
  }
  const progressOf = async (who: SignedIn, courseId = course.id): Promise<CourseProgress> =>
    ok(await call(`/api/courses/${courseId}/progress`, who), (v) => courseProgressSchema.parse(v));

  /** A user who bought the test course. */
  async function learner(label: string, courseId = course.id): Promise<SignedIn> {
    const user = await signIn(t.app, label);
    await buyCourses(t.app, gateway, user, [{ _id: courseId, quantity: 1 }]);
    return user;
  }

  describe('the list, the page and course.json', () => {
    it('lists the listed courses in order, with lessons, minutes and no rating yet', async () => {
      const list = await ok(await call('/api/courses', null), (v) =>
        courseSummaryListSchema.parse(v),
      );
      const ids = list.map((entry) => entry._id);
      // The seed's twelve first (positions 0–11), then ours; never a draft.
      expect(ids.slice(0, 2)).toEqual(['c-01', 'c-02']);
      expect(ids.indexOf(course.id)).toBeLessThan(ids.indexOf(other.id));
      expect(ids).not.toContain(draft.id);
      expect(list.find((entry) => entry._id === course.id)).toEqual({
        _id: course.id,
        name: 'Testing Things',
        price: 49.99,
        image: '/images/courses/t-course.svg',
        summary: 'A short course for the tests.',
        lessons: 4,
        minutes: 26,
        rating: null,
      });
    });

    it('answers /course.json from the database: listed courses only', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/course.json' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const file = courseFileSchema.parse(res.json());
      expect(file.find((entry) => entry._id === course.id)).toEqual({
        _id: course.id,
        name: 'Testing Things',
        price: 49.99,
        image: '/images/courses/t-course.svg',
      });
      expect(file.map((entry) => entry._id)).not.toContain(draft.id);
      // Exactly the spec's four fields (read from the raw answer: a parse would drop others).
      const [raw] = res.json<Array<Record<string, unknown>>>();
      expect(Object.keys(raw ?? {}).sort()).toEqual(['_id', 'image', 'name', 'price']);
    });

    it('shows the page with its outline and never a lesson’s content', async () => {
      const detail = await ok(await call(`/api/courses/${course.id}`, null), (v) =>
        courseDetailSchema.parse(v),
      );
      expect(detail).toMatchObject({
        _id: course.id,
        description: 'What this course teaches, at length.',
        outcomes: ['Read a lesson', 'Pass a quiz'],
        published: true,
        rating: null,
      });
      expect(detail.sections.map((section) => section.title)).toEqual(['Basics', 'Practice']);
      expect(detail.sections.flatMap((section) => section.lessons.map((l) => l._id))).toEqual(
        course.order,
      );
      expect(detail.sections[0]?.lessons[0]).toEqual({
        _id: course.lessons.preview,
        title: 'Welcome',
        kind: 'reading',
        minutes: 5,
        preview: true,
      });
      const res = await call(`/api/courses/${course.id}`, null);
      expect(res.body).not.toContain('# Hello');
      expect(res.body).not.toContain('answers');
    });

    it('answers 404 for an unknown course, and a draft to all but admins', async () => {
      const user = await signIn(t.app, 'courses-visitor');
      expectError(await call('/api/courses/no-such-course', null), 404, COURSE_MESSAGES.notFound);
      expectError(await call(`/api/courses/${draft.id}`, null), 404, COURSE_MESSAGES.notFound);
      expectError(await call(`/api/courses/${draft.id}`, user), 404, COURSE_MESSAGES.notFound);
      const seen = await ok(await call(`/api/courses/${draft.id}`, admin), (v) =>
        courseDetailSchema.parse(v),
      );
      expect(seen.published).toBe(false);
      // A draft's lessons are as hidden as the draft.
      expectError(await call(lessonUrl(draft.lessons.preview, draft.id), null), 404);
    });

    it('answers 401 to a bad token, even where no token is needed', async () => {
      const bad = { authorization: 'Bearer not-a-token' };
      for (const url of [`/api/courses/${course.id}`, lessonUrl(course.lessons.preview)]) {
        expectError(await t.app.inject({ method: 'GET', url, headers: bad }), 401);
      }
    });
  });

  describe('lessons', () => {
    it('opens a preview lesson to anyone, and a paid one to no one who has not bought it', async () => {
      const visitorView = await ok(await call(lessonUrl(course.lessons.preview), null), (v) =>
        lessonSchema.parse(v),
      );
      expect(visitorView).toMatchObject({
        _id: course.lessons.preview,
        number: 1,
        markdown: '# Hello',
        previousLessonId: null,
        nextLessonId: course.lessons.video,
      });
      const stranger = await signIn(t.app, 'courses-stranger');
      for (const lessonId of [course.lessons.video, course.lessons.quiz]) {
        expectError(await call(lessonUrl(lessonId), null), 403, COURSE_MESSAGES.buyToOpen);
        expectError(await call(lessonUrl(lessonId), stranger), 403, COURSE_MESSAGES.buyToOpen);
      }
      // Nor do the owner's routes let a stranger in, whatever the lesson.
      expectError(
        await progress(stranger, course.lessons.video, true),
        403,
        COURSE_MESSAGES.buyToOpen,
      );
      expectError(await progress(stranger, course.lessons.preview, true), 403);
      expectError(await attempt(stranger, TEST_QUIZ.right), 403, COURSE_MESSAGES.buyToOpen);
      expectError(await call(`/api/courses/${course.id}/progress`, stranger), 403);
      expectError(await call(`/api/courses/${course.id}/progress`, null), 401);
      expectError(
        await progress(stranger, 'x', true, 'no-such-course'),
        404,
        COURSE_MESSAGES.notFound,
      );
      // An admin may open any lesson (to check it), but has no progress of their own to keep.
      expect((await call(lessonUrl(course.lessons.quiz), admin)).statusCode).toBe(200);
      expectError(await progress(admin, course.lessons.video, true), 403);
    });

    it('gives an owner every lesson: numbered across sections, a quiz without answers', async () => {
      const owner = await learner('courses-owner');
      const quiz = await ok(await call(lessonUrl(course.lessons.quiz), owner), (v) =>
        lessonSchema.parse(v),
      );
      expect(quiz).toMatchObject({
        kind: 'quiz',
        number: 3,
        sectionId: `${course.id}-s2`,
        previousLessonId: course.lessons.video,
        nextLessonId: course.lessons.reading,
        videoUrl: null,
        quiz: {
          passPercent: 50,
          questions: [
            { prompt: 'One right choice', choices: ['a', 'b', 'c'], multiple: false },
            { prompt: 'Two right choices', choices: ['x', 'y', 'z'], multiple: true },
          ],
        },
      });
      const raw = (await call(lessonUrl(course.lessons.quiz), owner)).body;
      expect(raw).not.toContain('answers');
      const video = await ok(await call(lessonUrl(course.lessons.video), owner), (v) =>
        lessonSchema.parse(v),
      );
      expect(video).toMatchObject({ videoUrl: 'https://youtu.be/dQw4w9WgXcQ', markdown: 'Notes' });
      const last = await ok(await call(lessonUrl(course.lessons.reading), owner), (v) =>
        lessonSchema.parse(v),
      );
      expect(last).toMatchObject({ number: 4, nextLessonId: null });
      // Where the player resumes: the last lesson opened.
      expect((await progressOf(owner)).lastLessonId).toBe(course.lessons.reading);
    });

    it('answers 404 for a lesson of another course', async () => {
      const owner = await learner('courses-wrong-lesson');
      expectError(
        await call(lessonUrl(other.lessons.preview), owner),
        404,
        COURSE_MESSAGES.lessonNotFound,
      );
      expectError(
        await progress(owner, other.lessons.video, true),
        404,
        COURSE_MESSAGES.lessonNotFound,
      );
      expectError(await attempt(owner, TEST_QUIZ.right, other.lessons.quiz), 404);
    });
  });

  describe('progress, quizzes and the certificate', () => {
    it('ticks reading and video lessons idempotently; a quiz only by passing', async () => {
      const owner = await learner('courses-progress');
      expect(await progressOf(owner)).toEqual({
        completed: [],
        percent: 0,
        lastLessonId: null,
        certificateId: null,
      });
      const first = await ok(await progress(owner, course.lessons.video, true), (v) =>
        courseProgressSchema.parse(v),
      );
      expect(first).toMatchObject({ completed: [course.lessons.video], percent: 25 });
      const again = await ok(await progress(owner, course.lessons.video, true), (v) =>
        courseProgressSchema.parse(v),
      );
      expect(again).toEqual(first);
      expectError(
        await progress(owner, course.lessons.quiz, true),
        409,
        COURSE_MESSAGES.quizCompletesByPassing,
      );
      const undone = await ok(await progress(owner, course.lessons.video, false), (v) =>
        courseProgressSchema.parse(v),
      );
      expect(undone).toMatchObject({ completed: [], percent: 0 });
      expect((await progress(owner, course.lessons.video, false)).statusCode).toBe(200);
    });

    it('grades a quiz on the server, keeps each attempt, and completes it on a pass', async () => {
      const owner = await learner('courses-quiz');
      expectError(await attempt(owner, [[1]]), 400, COURSE_MESSAGES.answersMismatch);
      expectError(await attempt(owner, [[1], [0, 5]]), 400, COURSE_MESSAGES.answersMismatch);
      expectError(await attempt(owner, [[0]], course.lessons.video), 409, COURSE_MESSAGES.notAQuiz);

      const failed = await ok(await attempt(owner, TEST_QUIZ.wrong), (v) =>
        quizAttemptResultSchema.parse(v),
      );
      expect(failed).toEqual({ score: 0, passed: false, correct: TEST_QUIZ.right });
      expect((await progressOf(owner)).completed).toEqual([]);

      const passed = await ok(await attempt(owner, TEST_QUIZ.half), (v) =>
        quizAttemptResultSchema.parse(v),
      );
      expect(passed).toEqual({ score: 50, passed: true, correct: TEST_QUIZ.right });
      expect((await progressOf(owner)).completed).toEqual([course.lessons.quiz]);
      // A later failure does not untick it.
      await attempt(owner, TEST_QUIZ.wrong);
      expect((await progressOf(owner)).completed).toEqual([course.lessons.quiz]);

      const attempts = await t.db.query<{ score: number; passed: boolean }>(
        'select score, passed from quiz_attempts where user_email = $1 order by id',
        [owner.email],
      );
      expect(attempts).toEqual([
        { score: 0, passed: false },
        { score: 50, passed: true },
        { score: 0, passed: false },
      ]);
    });

    it('issues one certificate when the last lesson is complete, and never again', async () => {
      const owner = await learner('courses-graduate');
      await t.db.query(`update users set name = 'Ada Lovelace' where email = $1`, [owner.email]);
      for (const lessonId of [course.lessons.preview, course.lessons.video]) {
        expect((await progress(owner, lessonId, true)).statusCode).toBe(200);
      }
      await attempt(owner, TEST_QUIZ.right);
      const before = await progressOf(owner);
      expect(before).toMatchObject({ percent: 75, certificateId: null });

      const done = await ok(await progress(owner, course.lessons.reading, true), (v) =>
        courseProgressSchema.parse(v),
      );
      expect(done.percent).toBe(100);
      expect(done.completed).toEqual(course.order);
      const id = done.certificateId ?? '';
      expect(id).toMatch(/^[\w-]{22}$/);

      // Unticked and ticked again: the same certificate.
      await progress(owner, course.lessons.reading, false);
      expect((await progressOf(owner)).certificateId).toBe(id);
      const redone = await ok(await progress(owner, course.lessons.reading, true), (v) =>
        courseProgressSchema.parse(v),
      );
      expect(redone.certificateId).toBe(id);
      const [count] = await t.db.query<{ n: number }>(
        'select count(*)::int as n from certificates where user_email = $1',
        [owner.email],
      );
      expect(count?.n).toBe(1);

      // Public by its link.
      const certificate = await ok(await call(`/api/certificates/${id}`, null), (v) =>
        certificateSchema.parse(v),
      );
      expect(certificate).toMatchObject({
        id,
        learnerName: 'Ada Lovelace',
        courseId: course.id,
        courseName: 'Testing Things',
      });
      expect(Date.now() - Date.parse(certificate.issuedAt)).toBeLessThan(60_000);

      const pdf = await call(`/api/certificates/${id}.pdf`, null);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toBe(`inline; filename="certificate-${id}.pdf"`);
      checkPdf(pdf.rawPayload, [
        'Certificate of Completion',
        'Ada Lovelace',
        'has completed',
        'Testing Things',
        certificateDate(certificate.issuedAt),
        `Verify at ${t.config.PUBLIC_URL}/certificates/${id}`,
      ]);

      // A passed quiz can be the last lesson too.
      const quizLast = await learner('courses-quiz-last');
      for (const lessonId of [
        course.lessons.preview,
        course.lessons.video,
        course.lessons.reading,
      ]) {
        await progress(quizLast, lessonId, true);
      }
      expect((await progressOf(quizLast)).certificateId).toBeNull();
      await attempt(quizLast, TEST_QUIZ.right);
      expect((await progressOf(quizLast)).certificateId).toMatch(/^[\w-]{22}$/);
    });

    it('issues the certificate once when the last two lessons complete at once', async () => {
      const owner = await learner('courses-at-once');
      for (const lessonId of [course.lessons.preview, course.lessons.video]) {
        await progress(owner, lessonId, true);
      }
      const [ticked, passed] = await Promise.all([
        progress(owner, course.lessons.reading, true),
        attempt(owner, TEST_QUIZ.right),
      ]);
      expect([ticked.statusCode, passed.statusCode]).toEqual([200, 200]);
      // Issued by the two writes themselves, before anything reads the progress.
      const rows = await t.db.query<{ id: string }>(
        'select id from certificates where user_email = $1',
        [owner.email],
      );
      expect(rows).toHaveLength(1);
      const done = await progressOf(owner);
      expect(done.percent).toBe(100);
      expect(done.certificateId).toBe(rows[0]?.id);
    });

    it('issues a certificate earned just before a crash when the progress is next read', async () => {
      const owner = await learner('courses-crashed');
      // Every tick committed, then the server died before the certificate's statement ran.
      await t.db.query(
        `insert into lesson_progress (user_email, course_id, lesson_id)
         select $1, course_id, id from course_lessons where course_id = $2`,
        [owner.email, course.id],
      );
      const healed = await progressOf(owner);
      expect(healed.percent).toBe(100);
      expect(healed.certificateId).toMatch(/^[\w-]{22}$/);
      expect((await progressOf(owner)).certificateId).toBe(healed.certificateId);
    });

    it('answers 404 for an unknown certificate, as JSON and as PDF', async () => {
      const unknown = 'A'.repeat(22);
      expectError(
        await call(`/api/certificates/${unknown}`, null),
        404,
        COURSE_MESSAGES.certificateNotFound,
      );
      expectError(
        await call(`/api/certificates/${unknown}.pdf`, null),
        404,
        COURSE_MESSAGES.certificateNotFound,
      );
      expectError(await call('/api/certificates/short', null), 400);
    });
  });

  describe('ownership: refunds, removal, My Courses', () => {
    const refund = (who: SignedIn, courseId = course.id) =>
      t.db.query(`update orders set refunded_at = now() where user_email = $1 and course_id = $2`, [
        who.email,
        courseId,
      ]);

    it('closes a refunded course, and gives its progress back when bought again', async () => {
      const owner = await learner('courses-refund');
      await progress(owner, course.lessons.video, true);
      await refund(owner);
      expectError(
        await call(lessonUrl(course.lessons.video), owner),
        403,
        COURSE_MESSAGES.buyToOpen,
      );
      expectError(await progressOf403(owner), 403, COURSE_MESSAGES.buyToOpen);
      // The preview stays open, as to anyone.
      expect((await call(lessonUrl(course.lessons.preview), owner)).statusCode).toBe(200);

      await buyCourses(t.app, gateway, owner, [{ _id: course.id, quantity: 1 }]);
      expect((await progressOf(owner)).completed).toEqual([course.lessons.video]);
    });

    const progressOf403 = (who: SignedIn) => call(`/api/courses/${course.id}/progress`, who);

    it('keeps a removed course open to its owners, and sells it to no one', async () => {
      const removed = await insertTestCourse(t.db, { id: 't-removed' });
      const owner = await learner('courses-removed-owner', removed.id);
      await t.db.query('update courses set removed_at = now() where id = $1', [removed.id]);

      const lesson = await call(lessonUrl(removed.lessons.video, removed.id), owner);
      expect(lesson.statusCode, lesson.body).toBe(200);
      expect((await progress(owner, removed.lessons.video, true, removed.id)).statusCode).toBe(200);
      expect((await progressOf(owner, removed.id)).percent).toBe(25);

      const stranger = await signIn(t.app, 'courses-removed-stranger');
      expectError(
        await call(lessonUrl(removed.lessons.preview, removed.id), stranger),
        404,
        COURSE_MESSAGES.notFound,
      );
      expectError(await progress(stranger, removed.lessons.video, true, removed.id), 404);
      const list = courseSummaryListSchema.parse((await call('/api/courses', null)).json());
      expect(list.map((entry) => entry._id)).not.toContain(removed.id);
      expectError(
        await askForIntent(t.app, stranger, {
          source: 'courses',
          items: [{ _id: removed.id, quantity: 1 }],
        }),
        400,
        CHECKOUT_MESSAGES.unknownCourse,
      );
      // A draft is not sold either.
      expectError(
        await askForIntent(t.app, stranger, {
          source: 'courses',
          items: [{ _id: draft.id, quantity: 1 }],
        }),
        400,
        CHECKOUT_MESSAGES.unknownCourse,
      );
    });

    it('prices a course from the courses table', async () => {
      await t.db.query('update courses set price_cents = 1234 where id = $1', [other.id]);
      const buyer = await signIn(t.app, 'courses-price');
      const res = await askForIntent(t.app, buyer, {
        source: 'courses',
        items: [{ _id: other.id, quantity: 1 }],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ amount: number }>().amount).toBe(12.34);
    });

    it('shows My Courses with percent, where Continue opens, and the certificate', async () => {
      const owner = await learner('courses-my-courses');
      const owned = async () =>
        ok(await call('/api/courses/owned', owner), (v) => ownedCourseListSchema.parse(v));
      expect(await owned()).toEqual([
        expect.objectContaining({
          courseId: course.id,
          name: 'Testing Things',
          image: '/images/courses/t-course.svg',
          percent: 0,
          continueLessonId: course.lessons.preview,
          certificateId: null,
        }),
      ]);
      await call(lessonUrl(course.lessons.quiz), owner);
      await progress(owner, course.lessons.video, true);
      expect((await owned())[0]).toMatchObject({
        percent: 25,
        continueLessonId: course.lessons.quiz,
      });
      for (const lessonId of [course.lessons.preview, course.lessons.reading]) {
        await progress(owner, lessonId, true);
      }
      await attempt(owner, TEST_QUIZ.right);
      const [done] = await owned();
      expect(done?.percent).toBe(100);
      expect(done?.certificateId).toBe((await progressOf(owner)).certificateId);
      expect(done?.certificateId).toMatch(/^[\w-]{22}$/);
    });
  });

  describe('reviews', () => {
    const reviews = (who: SignedIn | null, page?: number, courseId = course.id) =>
      call(`/api/courses/${courseId}/reviews${page ? `?page=${page}` : ''}`, who);
    const review = (who: SignedIn, rating: number, text?: string) =>
      call(`/api/courses/${other.id}/reviews`, who, {
        method: 'POST',
        payload: text === undefined ? { rating } : { rating, text },
      });

    it('lets an owner rate after a lesson, once, editable', async () => {
      const owner = await learner('courses-reviewer', other.id);
      await t.db.query(`update users set name = 'Rita Reviewer' where email = $1`, [owner.email]);
      expectError(await review(owner, 5), 403, COURSE_MESSAGES.reviewNeedsProgress);
      const stranger = await signIn(t.app, 'courses-review-stranger');
      expectError(await review(stranger, 5), 403, COURSE_MESSAGES.buyToOpen);
      expectError(await review(owner, 6), 400);

      await progress(owner, other.lessons.preview, true, other.id);
      const created = await review(owner, 4, '  Good course.  ');
      expect(created.statusCode, created.body).toBe(201);
      expect(reviewSchema.parse(created.json())).toMatchObject({
        courseId: other.id,
        authorName: 'Rita Reviewer',
        rating: 4,
        text: 'Good course.',
        hidden: false,
        mine: true,
      });
      const edited = await review(owner, 2);
      expect(edited.statusCode, edited.body).toBe(200);
      expect(reviewSchema.parse(edited.json())).toMatchObject({ rating: 2, text: '' });
      expect(reviewSchema.parse(edited.json())._id).toBe(reviewSchema.parse(created.json())._id);

      const mine = reviewPageSchema.parse((await reviews(owner, 1, other.id)).json());
      expect(mine.reviews.map((entry) => entry.mine)).toEqual([true]);
      const visitors = reviewPageSchema.parse((await reviews(null, 1, other.id)).json());
      expect(visitors).toMatchObject({ total: 1, pages: 1, rating: { average: 2, count: 1 } });
      expect(visitors.reviews[0]?.mine).toBe(false);
      expect(JSON.stringify(visitors)).not.toContain(owner.email);
    });

    it('pages visible reviews newest first, leaves hidden ones out, and rates the course', async () => {
      // Twelve learners' reviews written straight into the table, a minute apart.
      for (let index = 0; index < 12; index++) {
        const email = uniqueEmail(`courses-paged-${index}`);
        await t.db.query(`insert into users (email, name) values ($1, $2)`, [
          email,
          `Learner ${index}`,
        ]);
        await t.db.query(
          `insert into course_reviews (user_email, course_id, rating, body, created_at, updated_at)
           values ($1, $2, $3, $4, now() - make_interval(mins => $5), now() - make_interval(mins => $5))`,
          [email, course.id, index % 2 === 0 ? 5 : 4, `Review ${index}`, 100 - index],
        );
      }
      const first = reviewPageSchema.parse((await reviews(null)).json());
      expect(first).toMatchObject({ page: 1, pages: 2, total: 12 });
      expect(first.reviews).toHaveLength(10);
      expect(first.reviews[0]?.authorName).toBe('Learner 11');
      expect(first.rating).toEqual({ average: 4.5, count: 12 });
      const second = reviewPageSchema.parse((await reviews(null, 2)).json());
      expect(second.reviews.map((entry) => entry.text)).toEqual(['Review 1', 'Review 0']);

      const list = courseSummaryListSchema.parse((await call('/api/courses', null)).json());
      expect(list.find((entry) => entry._id === course.id)?.rating).toEqual({
        average: 4.5,
        count: 12,
      });

      // An admin hides the newest; it leaves the page, the count and the average.
      const newest = first.reviews[0]?._id ?? '';
      const stranger = await signIn(t.app, 'courses-hide-stranger');
      expectError(
        await call(`/api/admin/course-reviews/${newest}`, stranger, {
          method: 'PATCH',
          payload: { hidden: true },
        }),
        403,
      );
      const hidden = await call(`/api/admin/course-reviews/${newest}`, admin, {
        method: 'PATCH',
        payload: { hidden: true },
      });
      expect(hidden.statusCode, hidden.body).toBe(200);
      expect(reviewSchema.parse(hidden.json())).toMatchObject({ _id: newest, hidden: true });
      const after = reviewPageSchema.parse((await reviews(null)).json());
      expect(after.total).toBe(11);
      expect(after.reviews.map((entry) => entry._id)).not.toContain(newest);
      expect(after.rating).toEqual({ average: 4.5, count: 11 });

      const shown = await call(`/api/admin/course-reviews/${newest}`, admin, {
        method: 'PATCH',
        payload: { hidden: false },
      });
      expect(reviewSchema.parse(shown.json()).hidden).toBe(false);
      expect(reviewPageSchema.parse((await reviews(null)).json()).total).toBe(12);

      const audit = await listAudit(t.db, `course-review:${newest}`);
      expect(audit.map((entry) => [entry.action, entry.actorEmail, entry.changes])).toEqual([
        ['course.review.show', admin.email, { hidden: false }],
        ['course.review.hide', admin.email, { hidden: true }],
      ]);
      expectError(
        await call('/api/admin/course-reviews/00000000-0000-4000-8000-000000000000', admin, {
          method: 'PATCH',
          payload: { hidden: true },
        }),
        404,
        COURSE_MESSAGES.reviewNotFound,
      );
    });

    it('answers 404 for the reviews of an unknown or draft course', async () => {
      expectError(await reviews(null, 1, 'no-such-course'), 404, COURSE_MESSAGES.notFound);
      expectError(await reviews(null, 1, draft.id), 404, COURSE_MESSAGES.notFound);
    });
  });
});

/**
 * A PDF as this server writes it: the header, a cross-reference table whose every offset points
 * at its object, one landscape A4 page, and each text in its (uncompressed) content stream.
 */
function checkPdf(bytes: Buffer, texts: string[]): void {
  const pdf = bytes.toString('latin1');
  expect(pdf.startsWith('%PDF-1.')).toBe(true);
  expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(pdf)?.[1]);
  expect(pdf.slice(startxref, startxref + 4)).toBe('xref');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(pdf.slice(startxref)) ?? [];
  expect(first).toBe('0');
  const entries = pdf
    .slice(startxref)
    .split('\n')
    .slice(2, 2 + Number(count));
  entries.slice(1).forEach((entry, index) => {
    const offset = Number(entry.slice(0, 10));
    expect(pdf.slice(offset).startsWith(`${index + 1} 0 obj`), entry).toBe(true);
  });
  expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(1);
  expect(pdf).toContain('/Count 1');
  expect(pdf).toContain(`/MediaBox [0 0 ${CERTIFICATE_PAGE.width} ${CERTIFICATE_PAGE.height}]`);
  // The stream's declared length is its length.
  const stream = /<< \/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(pdf);
  expect(stream?.[2]?.length).toBe(Number(stream?.[1]));
  for (const text of texts) expect(stream?.[2], text).toContain(`(${text})`);
}
