import { useEffect, useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  CHAT_DRAFT_PARAM,
  COURSE_MESSAGES,
  courseRoomId,
  lessonDiscussionDraft,
} from '@contract/course-rules';
import type { CourseDetail, CourseProgress, Lesson } from '@contract/courses';
import { GraduationCapIcon, UsersIcon } from '@/components/icons/layout-icons';
import { ArrowRightIcon } from '@/components/icons/arrow-right-icon';
import { CheckIcon } from '@/components/icons/check-icon';
import { PageTitle } from '@/components/page-title';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { apiFailureOf, errorMessageOr } from '@/lib/api/error-message';
import { useAuth } from '@/lib/auth';
import { useGetCourseQuery } from '../api/course-detail-api';
import { useGetLessonQuery } from '../api/lessons-api';
import { useGetProgressQuery, useSetLessonCompleteMutation } from '../api/progress-api';
import { renderLessonMarkdown } from '../lesson-markdown';
import { useMediaQuery } from '../use-media-query';
import { CourseOutlineNav, CourseProgressBar } from './course-outline-nav';
import { LESSON_KIND_LABELS } from './lesson-kind';
import { OutlineDrawer } from './outline-drawer';
import { QuizForm } from './quiz-form';
import { VideoFacade } from './video-facade';
import './lesson-content.css';

/** At this width and up the outline sits beside the lesson; below, behind a button. */
const WIDE = '(min-width: 768px)';

function Markdown({ text }: { text: string }) {
  const html = useMemo(() => renderLessonMarkdown(text), [text]);
  if (!text.trim()) return null;
  // markdown-it escapes the lesson's own markup (html: false): the only HTML is its formatting.
  return <div className="lesson-content" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Why a lesson cannot be shown: "Buy the course to open this lesson", and the ways on. */
function LessonRefusal({
  courseId,
  message,
  signedIn,
}: {
  courseId: string;
  message: string;
  signedIn: boolean;
}) {
  const location = useLocation();
  return (
    <div role="alert" className="rounded-2xl bg-base-200/70 p-8 text-center">
      <p className="text-lg font-semibold">{message}</p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        <Link to={paths.coursePage(courseId)} className="btn btn-primary rounded-xl normal-case">
          Go to the course page
        </Link>
        {!signedIn && (
          <Link
            to={paths.login}
            state={{ from: location }}
            className="btn btn-outline rounded-xl normal-case"
          >
            Login
          </Link>
        )}
      </div>
    </div>
  );
}

function LessonSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-4">
      <span className="skeleton block h-4 w-40 rounded" />
      <span className="skeleton block h-9 w-3/4 rounded" />
      <span className="skeleton block aspect-video w-full rounded-2xl" />
    </div>
  );
}

function MarkComplete({ lesson, done }: { lesson: Lesson; done: boolean }) {
  const [setComplete, { isLoading, error }] = useSetLessonCompleteMutation();
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        disabled={isLoading}
        onClick={() =>
          void setComplete({ courseId: lesson.courseId, lessonId: lesson._id, completed: !done })
        }
        className={`btn rounded-xl normal-case ${done ? 'btn-outline btn-success' : 'btn-primary'}`}
      >
        {done ? (
          <>
            <CheckIcon className="h-5 w-5" />
            Completed ✓ — Mark as not complete
          </>
        ) : (
          'Mark as complete'
        )}
      </button>
      {error !== undefined && (
        <p role="alert" className="text-sm text-error">
          {errorMessageOr(error, 'Your progress could not be saved. Please try again.')}
        </p>
      )}
    </div>
  );
}

function titleOf(course: CourseDetail | undefined, lessonId: string | null): string | null {
  if (!course || !lessonId) return null;
  for (const section of course.sections) {
    const found = section.lessons.find((lesson) => lesson._id === lessonId);
    if (found) return found.title;
  }
  return null;
}

function LessonNav({ lesson, course }: { lesson: Lesson; course: CourseDetail | undefined }) {
  const previous = titleOf(course, lesson.previousLessonId);
  const next = titleOf(course, lesson.nextLessonId);
  return (
    <nav aria-label="Lessons" className="grid grid-cols-2 gap-3">
      <div>
        {lesson.previousLessonId && (
          <Link
            to={paths.learn(lesson.courseId, lesson.previousLessonId)}
            rel="prev"
            className="flex h-full flex-col rounded-xl p-3 ring-1 ring-base-300 hover:bg-base-200"
          >
            <span className="text-sm text-base-content/75">← Previous</span>
            {previous && <span className="font-medium">{previous}</span>}
          </Link>
        )}
      </div>
      <div>
        {lesson.nextLessonId && (
          <Link
            to={paths.learn(lesson.courseId, lesson.nextLessonId)}
            rel="next"
            className="flex h-full flex-col items-end rounded-xl p-3 text-right ring-1 ring-base-300 hover:bg-base-200"
          >
            <span className="text-sm text-base-content/75">Next →</span>
            {next && <span className="font-medium">{next}</span>}
          </Link>
        )}
      </div>
    </nav>
  );
}

function discussHref(lesson: Lesson): string {
  const draft = lessonDiscussionDraft(lesson.courseId, lesson._id, lesson.number, lesson.title);
  return `${paths.chatRoom(courseRoomId(lesson.courseId))}?${CHAT_DRAFT_PARAM}=${encodeURIComponent(draft)}`;
}

function LessonBody({
  lesson,
  progress,
  course,
  mayDiscuss,
  headingRef,
}: {
  lesson: Lesson;
  progress: CourseProgress | undefined;
  course: CourseDetail | undefined;
  mayDiscuss: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const done = progress?.completed.includes(lesson._id) ?? false;
  return (
    <article aria-labelledby="lesson-title" className="space-y-6">
      <header>
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">
          Lesson {lesson.number} · {LESSON_KIND_LABELS[lesson.kind]} · {lesson.minutes} min
          {lesson.preview && !progress && ' · Free preview'}
        </p>
        <h1
          id="lesson-title"
          ref={headingRef}
          tabIndex={-1}
          className="mt-1 text-2xl font-bold tracking-tight outline-none sm:text-3xl"
        >
          {lesson.title}
        </h1>
      </header>

      {lesson.kind === 'video' && lesson.videoUrl && (
        <VideoFacade key={lesson._id} url={lesson.videoUrl} title={lesson.title} />
      )}
      <Markdown text={lesson.markdown} />
      {lesson.kind === 'quiz' && lesson.quiz && (
        <QuizForm key={lesson._id} lesson={lesson} quiz={lesson.quiz} />
      )}
      {lesson.kind === 'quiz' && done && (
        <p className="flex items-center gap-2 font-semibold text-emerald-800">
          <CheckIcon className="h-5 w-5" />
          Completed ✓ — you passed this quiz
        </p>
      )}

      <div className="flex flex-wrap items-start gap-3 border-t border-base-200 pt-6">
        {progress && lesson.kind !== 'quiz' && <MarkComplete lesson={lesson} done={done} />}
        {mayDiscuss && (
          <Link to={discussHref(lesson)} className="btn btn-ghost rounded-xl normal-case">
            <UsersIcon className="h-5 w-5" />
            Discuss in the course room
          </Link>
        )}
      </div>
      <LessonNav lesson={lesson} course={course} />
    </article>
  );
}

/**
 * The player at /learn/{courseId}/{lessonId} (docs/product.md §2.26): the outline beside the
 * lesson (behind a button on a phone), the course's percent, the lesson by kind, Mark as complete,
 * Previous / Next. Open to anyone: the API answers a lesson that is not a preview 403 unless the
 * caller owns the course, and the player says so with the way to buy it.
 */
export function PlayerScreen({
  courseId,
  lessonId,
  learnersOnline,
}: {
  courseId: string;
  lessonId: string;
  /** The course's learners online, for an owner (the course room's, composed by the route). */
  learnersOnline?: (lesson: Lesson) => ReactNode;
}) {
  const { status, user, isAdmin } = useAuth();
  const signedIn = status === 'signed-in';
  const wide = useMediaQuery(WIDE);
  const course = useGetCourseQuery(courseId);
  // Asked once the session is known (a token opens paid lessons), again for another user.
  const lesson = useGetLessonQuery(
    { courseId, lessonId, viewer: user?.email ?? '' },
    { skip: status === 'loading' },
  );
  const progress = useGetProgressQuery(courseId, { skip: !signedIn });
  const owned = progress.data;
  const completed = useMemo(() => (owned ? new Set(owned.completed) : null), [owned]);

  const pageTitle = (
    <PageTitle
      title={lesson.data ? `${lesson.data.title} · ${course.data?.name ?? 'Course'}` : 'Lesson'}
    />
  );

  // Focus follows the learner to the new lesson's heading (not on the first visit's load).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownLesson = useRef<string | null>(null);
  const loadedId = lesson.currentData?._id ?? null;
  useEffect(() => {
    if (!loadedId) return;
    if (shownLesson.current !== null && shownLesson.current !== loadedId) {
      headingRef.current?.focus();
    }
    shownLesson.current = loadedId;
  }, [loadedId]);

  const courseFailure = course.isError ? apiFailureOf(course.error) : null;
  if (courseFailure?.status === 404) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        {pageTitle}
        <h1 className="text-3xl font-bold tracking-tight">{COURSE_MESSAGES.notFound}</h1>
        <Link to={paths.courses} className="btn btn-primary mt-8 rounded-xl normal-case">
          Browse courses
          <ArrowRightIcon className="h-4 w-4" />
        </Link>
      </div>
    );
  }

  const outline = (onNavigate?: () => void) =>
    course.data ? (
      <CourseOutlineNav
        course={course.data}
        currentLessonId={lessonId}
        completed={completed}
        onNavigate={onNavigate}
      />
    ) : (
      <Spinner label="Loading the outline…" />
    );

  const shown = lesson.currentData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      {pageTitle}
      <div className="mb-6 flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <Link
          to={paths.coursePage(courseId)}
          className="link link-hover inline-flex items-center gap-2 font-semibold"
        >
          <GraduationCapIcon className="h-5 w-5 shrink-0" />
          {course.data?.name ?? 'Course'}
        </Link>
        {owned && (
          <div className="flex flex-col gap-1 md:w-72">
            <CourseProgressBar percent={owned.percent} />
            {/* Its line is kept while the count arrives, so nothing below moves. */}
            <div className="min-h-5">
              {lesson.currentData && learnersOnline?.(lesson.currentData)}
            </div>
          </div>
        )}
      </div>

      {owned?.certificateId && (
        <p className="mb-6 flex flex-wrap items-center gap-2 rounded-2xl bg-emerald-50 px-5 py-4 text-emerald-900 ring-1 ring-emerald-300">
          <span className="font-semibold">Course complete —</span>
          <Link to={paths.certificate(owned.certificateId)} className="link font-semibold">
            View your certificate
          </Link>
        </p>
      )}

      <div className="grid gap-8 md:grid-cols-[17rem_minmax(0,1fr)] lg:grid-cols-[20rem_minmax(0,1fr)]">
        {wide ? (
          <aside className="self-start rounded-2xl bg-base-100 p-3 ring-1 ring-base-200 md:sticky md:top-20 md:max-h-[calc(100vh-6rem)] md:overflow-y-auto">
            {outline()}
          </aside>
        ) : (
          <OutlineDrawer>{(close) => outline(close)}</OutlineDrawer>
        )}
        <div className="min-w-0">
          {lesson.isError && !lesson.isFetching ? (
            <>
              <h1 className="mb-4 text-2xl font-bold tracking-tight sm:text-3xl">
                {titleOf(course.data, lessonId) ?? 'Lesson'}
              </h1>
              <LessonRefusal
                courseId={courseId}
                message={errorMessageOr(lesson.error, 'The lesson could not be loaded.')}
                signedIn={signedIn}
              />
            </>
          ) : shown ? (
            <LessonBody
              lesson={shown}
              progress={owned}
              course={course.data}
              mayDiscuss={signedIn && (owned !== undefined || isAdmin === true)}
              headingRef={headingRef}
            />
          ) : (
            <LessonSkeleton />
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * /learn/{courseId}: where the learner left off (the last lesson opened), else the first lesson,
 * replacing this address in the history so Back leaves the course.
 */
export function LearnResume({ courseId }: { courseId: string }) {
  const navigate = useNavigate();
  const course = useGetCourseQuery(courseId);
  const progress = useGetProgressQuery(courseId);
  const pageTitle = <PageTitle title={course.data?.name ?? 'Course'} />;
  const first = course.data?.sections.flatMap((section) => section.lessons)[0]?._id ?? null;
  const target = progress.data ? (progress.data.lastLessonId ?? first) : null;

  useEffect(() => {
    if (target) void navigate(paths.learn(courseId, target), { replace: true });
  }, [courseId, navigate, target]);

  const error = progress.error ?? course.error;
  if (progress.isError || course.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        {pageTitle}
        <h1 className="sr-only">{course.data?.name ?? 'Course'}</h1>
        <LessonRefusal
          courseId={courseId}
          message={errorMessageOr(error, 'The course could not be opened.')}
          signedIn
        />
      </div>
    );
  }
  if (course.data && progress.data && !first) {
    return (
      <p className="mx-auto max-w-xl px-4 py-16 text-center">
        {pageTitle}
        This course has no lessons yet.
      </p>
    );
  }
  return (
    <>
      {pageTitle}
      <Spinner label="Opening the course…" />
    </>
  );
}
